/** Pictures written into a contract: seals, signatures and image fields, PNG or JPEG only. */
import type { PDFDocument, PDFImage } from 'pdf-lib';
import { PdfError } from './errors';

export type ImageKind = 'png' | 'jpeg';

/** PNG or JPEG by the file's own signature (names and MIME types are not trusted). */
export function imageKindOf(bytes: Uint8Array): ImageKind | undefined {
  if (
    bytes.length >= 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47 &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  )
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  return undefined;
}

/**
 * The bytes of an image value: bytes as they are, or a base64 `data:` URL. Anything else (a web
 * address, plain text) is refused: the renderer fetches nothing.
 */
export function imageBytesOf(value: string | Uint8Array, what: string): Uint8Array {
  if (typeof value !== 'string') return value;
  const match = /^data:[^,]*;base64,/i.exec(value);
  if (!match) throw new PdfError('unsupported-image', `${what}: not a data URL`);
  try {
    return base64ToBytes(value.slice(match[0].length));
  } catch (cause) {
    throw new PdfError('unsupported-image', `${what}: damaged base64`, { cause });
  }
}

/** Embeds each distinct image once per document, refusing anything that is not PNG or JPEG. */
export class DocumentImages {
  private readonly embedded = new Map<Uint8Array, Promise<PDFImage>>();

  constructor(private readonly doc: PDFDocument) {}

  embed(bytes: Uint8Array, what: string): Promise<PDFImage> {
    let image = this.embedded.get(bytes);
    if (!image) {
      image = this.embedOnce(bytes, what);
      this.embedded.set(bytes, image);
    }
    return image;
  }

  private async embedOnce(bytes: Uint8Array, what: string): Promise<PDFImage> {
    const kind = imageKindOf(bytes);
    if (!kind) throw new PdfError('unsupported-image', what);
    try {
      // A copy: pdf-lib keeps (and may read lazily) what it is given; the caller's bytes stay theirs.
      const copy = bytes.slice();
      return kind === 'png' ? await this.doc.embedPng(copy) : await this.doc.embedJpg(copy);
    } catch (cause) {
      throw new PdfError(
        'unsupported-image',
        `${what}: the ${kind.toUpperCase()} file is damaged`,
        {
          cause,
        },
      );
    }
  }
}

function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  const binary = atob(clean);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
