import type { Drawing, ElementPdfWriter } from '../../pdf/plan';

/**
 * A seal stamps the signer's seal image at exactly its stamp location (centre, size and rotation
 * as `deriveStampLocations` reports them), without a frame; nothing until that seal is given.
 */
export const sealPdf: ElementPdfWriter = {
  async plan(element, page, context) {
    const out: Drawing[] = [];
    for (const stamp of context.stamps.get(element.uuid) ?? []) {
      if (!stamp.sealId) continue;
      const bytes = context.seals[stamp.sealId];
      if (!bytes) continue;
      const image = await context.images.embed(bytes, `seal ${stamp.sealId}`);
      const { x, y, width, height, rotate } = stamp;
      out.push({
        kind: 'image',
        page: stamp.page - 1,
        box: { x, y, width, height, rotate },
        image,
        opacity: 1,
        fit: 'fill',
      });
    }
    return out;
  },
};
