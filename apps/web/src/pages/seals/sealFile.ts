import { SEAL_IMAGE_MAX_BYTES, detectImageType, type MessageKey } from '@esign/platform';

/** Whether the first bytes (and the name) are those of an SVG: refused with its own message. */
function looksLikeSvg(head: Uint8Array, name: string): boolean {
  if (/\.svgz?$/i.test(name)) return true;
  const text = new TextDecoder().decode(head).trimStart().toLowerCase();
  return text.startsWith('<svg') || text.startsWith('<?xml') || text.includes('<svg');
}

/**
 * Why a chosen file cannot be uploaded as a seal, judged as the server judges it (its first bytes,
 * then its size) so that the person hears the server's own words before sending 2 MB for nothing:
 * null when it may be sent.
 */
export function sealFileRefusal(head: Uint8Array, size: number, name: string): MessageKey | null {
  if (!detectImageType(head)) return looksLikeSvg(head, name) ? 'sealImageSvg' : 'sealImageType';
  if (size > SEAL_IMAGE_MAX_BYTES) return 'sealImageTooLarge';
  return null;
}

/** How many first bytes `sealFileRefusal` needs. */
export const SEAL_FILE_HEAD_BYTES = 512;

/** `sealFileRefusal` of a file the person chose (its first bytes read here). */
export async function chosenSealFileRefusal(file: File): Promise<MessageKey | null> {
  const head = new Uint8Array(await file.slice(0, SEAL_FILE_HEAD_BYTES).arrayBuffer());
  return sealFileRefusal(head, file.size, file.name);
}
