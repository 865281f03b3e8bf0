import { fitStampToImage, stampDrawing } from '../../core/stamps';
import type { Drawing, ElementPdfWriter } from '../../pdf/plan';

/**
 * A cross-page seal (骑缝章) stamps one slice of the signer's seal on every page of its range, at
 * the stamp locations `deriveStampLocations` reports (one per slice, each on its own page, which
 * need not be the page that stores the element): the whole seal image, its width the slices'
 * shared width and its height in the image's proportions (`fitStampToImage`), placed so that the
 * slice's columns fall in the slice's box and clipped to that box (`stampDrawing`). The image is
 * embedded once for all the slices (`DocumentImages` keeps one per seal's bytes); nothing until
 * the seal is given.
 */
export const crossPagePdf: ElementPdfWriter = {
  async plan(element, _page, context) {
    const out: Drawing[] = [];
    for (const stamp of context.stamps.get(element.uuid) ?? []) {
      if (!stamp.sealId || !stamp.slice) continue;
      const bytes = context.seals[stamp.sealId];
      if (!bytes) continue;
      const image = await context.images.embed(bytes, `seal ${stamp.sealId}`);
      const drawn = stampDrawing(fitStampToImage(stamp, image));
      out.push({
        kind: 'image',
        page: stamp.page - 1,
        box: drawn.image,
        image,
        opacity: 1,
        fit: 'fill',
        ...(drawn.clip ? { clip: drawn.clip } : {}),
      });
    }
    return out;
  },
};
