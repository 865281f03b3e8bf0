import { planField, type ElementPdfWriter } from '../../pdf/plan';
import { planPicture } from '../image/pdf';

/** A signature field writes the party's handwriting as an image field writes its picture. */
export const signaturePdf: ElementPdfWriter = {
  plan: (element, page, context) => planField(element, page, context, planPicture),
};
