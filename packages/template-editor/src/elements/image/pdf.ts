import { imageBytesOf } from '../../pdf/images';
import { planField, type ElementPdfWriter, type ValuePlanner } from '../../pdf/plan';

/**
 * A picture value (PNG or JPEG bytes, or a base64 `data:` URL) fitted inside the field, its
 * proportions kept ('contain'), as the editor shows it.
 */
export const planPicture: ValuePlanner = async (value, field, context) => ({
  kind: 'image',
  page: field.page,
  box: field.box,
  image: await context.images.embed(imageBytesOf(value, field.name), field.name),
  opacity: field.opacity,
  fit: 'contain',
});

/** An image field writes its picture, fitted, in its frame. */
export const imagePdf: ElementPdfWriter = {
  plan: (element, page, context) => planField(element, page, context, planPicture),
};
