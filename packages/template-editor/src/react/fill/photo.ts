/** The longest side, in pixels, of a photo put into an image field. */
export const PHOTO_MAX_SIDE = 1600;

/**
 * A photo prepared for an image field, as a JPEG data URL: turned upright (its EXIF orientation),
 * turned a quarter when its orientation is the other one of the field's `ratio` (a card photographed
 * landscape for a portrait field), cut to `ratio` (width / height) around its centre when one is
 * given (identity cards), and made at most `maxSide` pixels on its longer side, on white.
 * A phone's 12-megapixel photo becomes a few hundred kilobytes.
 */
export async function preparePhoto(
  file: Blob,
  ratio: number | null,
  maxSide = PHOTO_MAX_SIDE,
): Promise<string> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const turn = ratio !== null && ratio < 1 !== bitmap.width < bitmap.height;
    const width = turn ? bitmap.height : bitmap.width;
    const height = turn ? bitmap.width : bitmap.height;
    // The part kept, in the upright photo's pixels.
    let keptWidth = width;
    let keptHeight = height;
    if (ratio !== null) {
      if (width / height > ratio) keptWidth = height * ratio;
      else keptHeight = width / ratio;
    }
    const k = Math.min(1, maxSide / Math.max(keptWidth, keptHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(keptWidth * k));
    canvas.height = Math.max(1, Math.round(keptHeight * k));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.scale(k, k);
    // Centre the kept part, then draw the upright (or turned) photo around the origin.
    context.translate(keptWidth / 2, keptHeight / 2);
    if (turn) context.rotate(Math.PI / 2);
    context.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
    return canvas.toDataURL('image/jpeg', 0.88);
  } finally {
    bitmap.close();
  }
}
