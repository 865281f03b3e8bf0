/**
 * Uploaded and handwritten seal images, made safe before they are kept (issue 14, "Bad input").
 * Owned by the personal-seal work; company seals call the same function.
 */
import {
  detectImageType,
  SEAL_IMAGE_MAX_BYTES,
  SEAL_IMAGE_MAX_PIXELS,
  SEAL_IMAGE_MAX_SIDE,
} from '@esign/platform';
import type sharp from 'sharp';
import { ApiError } from '../http/route';
import { sha256Hex, type SealPng } from './store';

/**
 * The body limit of a call that takes a seal image as base64 in JSON: 2 MB of bytes as base64 and
 * room for the rest of the form (the app's default 1 MB would refuse a legitimate picture).
 */
export const SEAL_IMAGE_BODY_LIMIT = Math.ceil(SEAL_IMAGE_MAX_BYTES / 3) * 4 + 64 * 1024;

/** Standard or URL-safe base64, padded or not, whitespace allowed between lines. */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
/** A data URL's head, which a browser's FileReader adds; tolerated so a client's slip is not a 400. */
const DATA_URL_HEAD = /^data:[a-z/+.-]*;base64,/i;

/**
 * How dark a pixel must be, relative to the paper, before it is ink at all (below: transparent)
 * and before it is solid ink (above: opaque). Between the two the alpha ramps, so that the soft
 * anti-aliased edges of strokes stay soft instead of becoming jagged or keeping a white halo.
 */
const INK_FROM = 0.12;
/**
 * Solid ink starts at this share of the ink's own darkness (the darkest tenth of the inked
 * pixels), at least `INK_SOLID_MIN`: a pale pen and a black one both end up opaque in their cores.
 */
const INK_SOLID_SHARE = 0.9;
const INK_SOLID_MIN = 0.25;
const INK_QUANTILE = 0.1;
/** A pixel fainter than this (alpha out of 255) does not count as ink when trimming. */
const TRIM_ALPHA = 8;
/**
 * The paper's lightness is this quantile of the image's lightness: ink rarely covers a quarter of
 * a seal picture, so it lands on the paper even in a photo whose paper is grey.
 */
const PAPER_QUANTILE = 0.75;
/** A picture whose "paper" is darker than this is not ink on paper: only its near-white is removed. */
const PAPER_MIN = 150;

/**
 * Judges and cleans an image sent as base64: PNG or JPEG by its bytes (SVG and anything else
 * refused, each with its message), at most 2 MB decoded and `SEAL_IMAGE_MAX_PIXELS` before it is
 * decoded, scaled to at most `SEAL_IMAGE_MAX_SIDE`, white background made transparent, blank
 * refused, re-encoded as a fresh PNG (no metadata, nothing of the original file survives).
 * Throws `ApiError` with the seal messages.
 */
export async function sanitizeSealImage(base64: string): Promise<SealPng> {
  // Loaded at the first uploaded image: libvips is about 20 MB of a server's memory
  // (apps/server/CONTEXT.md, Memory).
  const { default: sharp } = await import('sharp');
  const bytes = decodeBase64(base64);
  if (bytes.length > SEAL_IMAGE_MAX_BYTES) throw new ApiError('sealImageTooLarge');
  const type = detectImageType(bytes);
  if (type === null) throw new ApiError(looksLikeSvg(bytes) ? 'sealImageSvg' : 'sealImageType');

  // The header alone: a small file may claim (and, decoded, take) gigabytes of pixels.
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, {
      limitInputPixels: SEAL_IMAGE_MAX_PIXELS,
    }).metadata());
  } catch (error) {
    if (exceedsPixelLimit(error)) throw new ApiError('sealImageTooManyPixels');
    throw new ApiError('sealImageUnreadable');
  }
  if (!width || !height) throw new ApiError('sealImageUnreadable');
  if (width * height > SEAL_IMAGE_MAX_PIXELS) throw new ApiError('sealImageTooManyPixels');

  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await sharp(bytes, { limitInputPixels: SEAL_IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: SEAL_IMAGE_MAX_SIDE,
        height: SEAL_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (exceedsPixelLimit(error)) throw new ApiError('sealImageTooManyPixels');
    throw new ApiError('sealImageUnreadable');
  }
  const { data, info } = decoded;
  if (info.channels !== 4) throw new ApiError('sealImageUnreadable');

  const inked = removePaper(new Uint8Array(data.buffer, data.byteOffset, data.length));
  const box = inkBox(inked, info.width, info.height);
  if (!box) throw new ApiError('sealImageEmpty');

  const png = await sharp(inked, { raw: { width: info.width, height: info.height, channels: 4 } })
    .extract(box)
    .png({ compressionLevel: 9, adaptiveFiltering: true, palette: true, quality: 100 })
    .toBuffer();
  const out = new Uint8Array(png.buffer, png.byteOffset, png.length);
  return { png: out, width: box.width, height: box.height, sha256: sha256Hex(out) };
}

function decodeBase64(text: string): Uint8Array {
  const compact = text.replace(DATA_URL_HEAD, '').replace(/\s+/g, '');
  if (compact.length === 0 || !BASE64.test(compact) || compact.length % 4 === 1)
    throw new ApiError('sealImageUnreadable');
  const bytes = Buffer.from(compact, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** An SVG (or any XML) file: refused with its own message, since it may hold scripts and links. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<svg') || head.startsWith('<?xml') || head.includes('<svg');
}

function exceedsPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Makes the paper of RGBA pixels transparent (in a copy): each pixel's lightness (over white,
 * where it already had transparency) between the paper's and the ink's gives its alpha on a ramp,
 * and its colour is un-mixed from the paper so that half-transparent edges keep the ink's colour
 * rather than a pale fringe — over white it looks as it did.
 */
function removePaper(rgba: Uint8Array): Uint8Array {
  const pixels = rgba.length / 4;
  const lightness = new Uint8Array(pixels);
  const histogram = new Uint32Array(256);
  for (let i = 0, p = 0; p < pixels; p++, i += 4) {
    const a = rgba[i + 3]! / 255;
    const y = 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
    const l = Math.round(y * a + 255 * (1 - a));
    lightness[p] = l;
    histogram[l]!++;
  }
  let paper = 255;
  for (let seen = 0, l = 0; l < 256; l++) {
    seen += histogram[l]!;
    if (seen >= pixels * PAPER_QUANTILE) {
      paper = l;
      break;
    }
  }
  if (paper < PAPER_MIN) paper = 255;
  const inkFrom = Math.floor(paper * (1 - INK_FROM));
  let inked = 0;
  for (let l = 0; l < inkFrom; l++) inked += histogram[l]!;
  let inkLightness = 0;
  for (let seen = 0, l = 0; l < inkFrom; l++) {
    seen += histogram[l]!;
    if (seen >= inked * INK_QUANTILE) {
      inkLightness = l;
      break;
    }
  }
  const solid = Math.max(INK_SOLID_MIN, (INK_SOLID_SHARE * (paper - inkLightness)) / paper);

  const out = new Uint8Array(rgba.length);
  for (let i = 0, p = 0; p < pixels; p++, i += 4) {
    const darkness = (paper - lightness[p]!) / paper;
    const ink = Math.min(1, Math.max(0, (darkness - INK_FROM) / (solid - INK_FROM)));
    const alpha = Math.round(ink * (rgba[i + 3]! / 255) * 255);
    if (alpha === 0) continue;
    const a = alpha / 255;
    for (let c = 0; c < 3; c++) {
      const unmixed = (rgba[i + c]! - (1 - a) * paper) / a;
      out[i + c] = Math.min(255, Math.max(0, Math.round(unmixed)));
    }
    out[i + 3] = alpha;
  }
  return out;
}

/** The smallest box holding every visible pixel, or null when nothing is visible. */
function inkBox(
  rgba: Uint8Array,
  width: number,
  height: number,
): { left: number; top: number; width: number; height: number } | null {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      if (rgba[row + x * 4 + 3]! < TRIM_ALPHA) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (right < 0) return null;
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}
