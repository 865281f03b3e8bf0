import type { ElementPdfWriter } from '../../pdf/plan';

/**
 * A seal stamps the signer's seal image at exactly its stamp location (centre, size and rotation
 * as `deriveStampLocations` reports them), without a frame; nothing until that seal is given.
 */
export const sealPdf: ElementPdfWriter = {
  async plan(element, page, context) {
    const stamp = context.stamps.get(element.uuid);
    if (!stamp?.sealId) return [];
    const bytes = context.seals[stamp.sealId];
    if (!bytes) return [];
    const image = await context.images.embed(bytes, `seal ${stamp.sealId}`);
    const { x, y, width, height, rotate } = stamp;
    return [
      { kind: 'image', page, box: { x, y, width, height, rotate }, image, opacity: 1, fit: 'fill' },
    ];
  },
};
