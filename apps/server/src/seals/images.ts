/**
 * Uploaded and handwritten seal images, made safe before they are kept (issue 14, "Bad input").
 * Owned by the personal-seal work; company seals call the same function.
 */
import type { SealPng } from './store';

/**
 * Judges and cleans an image sent as base64: PNG or JPEG by its bytes (SVG and anything else
 * refused, each with its message), at most 2 MB decoded and `SEAL_IMAGE_MAX_PIXELS` before it is
 * decoded, scaled to at most `SEAL_IMAGE_MAX_SIDE`, white background made transparent, blank
 * refused, re-encoded as a fresh PNG (no metadata, nothing of the original file survives).
 * Throws `ApiError` with the seal messages.
 */
export async function sanitizeSealImage(_base64: string): Promise<SealPng> {
  throw new Error('not yet: sanitizeSealImage is being written');
}
