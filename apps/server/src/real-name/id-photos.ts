import { ID_PHOTO_MAX_BYTES, detectImageType, type IdPhotoType } from '@esign/platform';
import { ApiError } from '../http/route';

/**
 * ID photos for manual review: sent as data URLs, judged by their content (never the declared type
 * or a file name): JPEG, PNG, or an SVG document made safe, at most `ID_PHOTO_MAX_BYTES`.
 */
export interface IdPhoto {
  type: IdPhotoType;
  bytes: Buffer;
}

/** Elements that run code, load other documents or change the picture over time. */
const ACTIVE_ELEMENTS =
  'script|foreignObject|iframe|object|embed|audio|video|handler|listener|set|animate|animateMotion|animateTransform|animateColor|discard';

function sanitizeOnce(svg: string): string {
  return (
    svg
      .replace(new RegExp(`<(${ACTIVE_ELEMENTS})\\b[\\s\\S]*?<\\/\\1\\s*>`, 'gi'), '')
      .replace(new RegExp(`<\\/?(${ACTIVE_ELEMENTS})\\b[^>]*>`, 'gi'), '')
      // Event handlers: onload=, onclick= … in any quoting.
      .replace(/\s(?:xlink:|xml:)?on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '')
      // Links may only point inside the document or hold an inline raster image.
      .replace(
        /\s((?:xlink:)?href|src)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi,
        (attribute, _name: string, value: string) => {
          const target = value.replace(/^["']|["']$/g, '').trim();
          return /^#|^data:image\/(?:png|jpe?g|gif);/i.test(target) ? attribute : '';
        },
      )
      // Style may not fetch anything or run script.
      .replace(/@import/gi, '')
      .replace(/url\s*\(\s*(?!['"]?#)/gi, 'url(#')
      .replace(/javascript\s*:/gi, '')
      .replace(/expression\s*\(/gi, '(')
  );
}

/**
 * An SVG document with nothing active left in it: no scripts, event handlers, foreign objects,
 * outside links or entities. Null when the text is not an SVG document at all. Applied until
 * nothing changes, so that a tag hidden inside another (`<scr<script></script>ipt>`) goes too.
 */
export function safeSvg(text: string): string | null {
  let svg = text.replace(/^\uFEFF/, '');
  if (/<!ENTITY/i.test(svg)) return null;
  svg = svg
    .replace(/<\?xml[^>]*\?>/gi, '')
    .replace(/<!DOCTYPE[^>]*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  if (!/^\s*<svg[\s>]/i.test(svg) || !/<\/svg\s*>\s*$/i.test(svg)) return null;
  for (let round = 0; round < 10; round++) {
    const next = sanitizeOnce(svg);
    if (next === svg) return svg.trim();
    svg = next;
  }
  return null;
}

/** What the bytes are: 'png', 'jpeg', 'svg' (a text document starting with <svg), or null. */
export function idPhotoTypeOf(bytes: Buffer): IdPhotoType | null {
  const image = detectImageType(bytes);
  if (image) return image;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(
      text,
    )
      ? 'svg'
      : null;
  } catch {
    return null;
  }
}

/**
 * Reads a photo sent as a data URL: 400 'idPhotoSize' beyond the limit, 'idPhotoType' for anything
 * that is not a JPEG, PNG or SVG by content (an SVG comes back made safe).
 */
export function readIdPhoto(dataUrl: string): IdPhoto {
  const match = /^data:[\w.+/-]*(?:;[\w=.+-]+)*;base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  if (!match) throw new ApiError('idPhotoType');
  const encoded = match[1]!.replace(/\s/g, '');
  if (Math.floor((encoded.length * 3) / 4) > ID_PHOTO_MAX_BYTES + 2) {
    throw new ApiError('idPhotoSize');
  }
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length > ID_PHOTO_MAX_BYTES) throw new ApiError('idPhotoSize');
  const type = idPhotoTypeOf(bytes);
  if (!type) throw new ApiError('idPhotoType');
  if (type !== 'svg') return { type, bytes };
  const safe = safeSvg(bytes.toString('utf8'));
  if (safe === null) throw new ApiError('idPhotoType');
  return { type, bytes: Buffer.from(safe, 'utf8') };
}
