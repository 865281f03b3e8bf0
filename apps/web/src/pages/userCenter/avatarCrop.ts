/**
 * The avatar's square crop, as plain numbers: the picture covers a square viewport (its shorter
 * side fills it at zoom 1), may be zoomed up to `MAX_ZOOM` and moved, never so far that the
 * viewport shows anything but the picture. What the viewport shows is what is uploaded.
 */
import { AVATAR_LIMIT_BYTES, detectAvatarType, type MessageKey } from '@esign/platform';

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 3;
/** The side of the uploaded avatar, in pixels. */
export const AVATAR_SIDE = 256;

export interface CropState {
  imageWidth: number;
  imageHeight: number;
  /** The viewport's side in CSS pixels. */
  viewport: number;
  zoom: number;
  /** Where the picture's top-left corner is, from the viewport's top-left (≤ 0). */
  x: number;
  y: number;
}

/** How many viewport pixels one picture pixel takes. */
export const scaleOf = (crop: Omit<CropState, 'x' | 'y'>) =>
  (crop.viewport / Math.min(crop.imageWidth, crop.imageHeight)) * crop.zoom;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The same crop moved back inside the picture (the viewport never shows past its edges). */
export function clampCrop(crop: CropState): CropState {
  const scale = scaleOf(crop);
  return {
    ...crop,
    x: clamp(crop.x, crop.viewport - crop.imageWidth * scale, 0),
    y: clamp(crop.y, crop.viewport - crop.imageHeight * scale, 0),
  };
}

/** The start: zoom 1, the picture centred. */
export function initialCrop(imageWidth: number, imageHeight: number, viewport: number): CropState {
  const scale = scaleOf({ imageWidth, imageHeight, viewport, zoom: MIN_ZOOM });
  return {
    imageWidth,
    imageHeight,
    viewport,
    zoom: MIN_ZOOM,
    x: (viewport - imageWidth * scale) / 2,
    y: (viewport - imageHeight * scale) / 2,
  };
}

/** Moved by (dx, dy) viewport pixels: a drag or an arrow key. */
export const moveCrop = (crop: CropState, dx: number, dy: number): CropState =>
  clampCrop({ ...crop, x: crop.x + dx, y: crop.y + dy });

/** Zoomed about the viewport's centre, which keeps showing the same point of the picture. */
export function zoomCrop(crop: CropState, zoom: number): CropState {
  const next = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  const ratio = next / crop.zoom;
  const centre = crop.viewport / 2;
  return clampCrop({
    ...crop,
    zoom: next,
    x: centre - (centre - crop.x) * ratio,
    y: centre - (centre - crop.y) * ratio,
  });
}

/** The square of the picture, in its own pixels, that the viewport shows. */
export function sourceSquare(crop: CropState): { sx: number; sy: number; side: number } {
  const scale = scaleOf(crop);
  // `+ 0` turns a negative zero (-0 / scale) into 0.
  return { sx: -crop.x / scale + 0, sy: -crop.y / scale + 0, side: crop.viewport / scale };
}

/**
 * Why a chosen file cannot be an avatar, judged as the server does (its first bytes, its size):
 * null when it can.
 */
export function avatarFileRefusal(head: Uint8Array, size: number): MessageKey | null {
  if (!detectAvatarType(head)) return 'avatarType';
  if (size > AVATAR_LIMIT_BYTES) return 'avatarTooLarge';
  return null;
}
