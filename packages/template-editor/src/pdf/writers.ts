import { crossPagePdf } from '../elements/crosspage/pdf';
import { datePdf } from '../elements/date/pdf';
import { imagePdf } from '../elements/image/pdf';
import { sealPdf } from '../elements/seal/pdf';
import { signaturePdf } from '../elements/signature/pdf';
import { textPdf } from '../elements/text/pdf';
import type { ElementKind } from '../core';
import type { ElementPdfWriter } from './plan';

/** Every element kind's PDF writer, by `elName`. */
export const ELEMENT_PDF_WRITERS: Readonly<Record<ElementKind, ElementPdfWriter>> = {
  text: textPdf,
  date: datePdf,
  image: imagePdf,
  seal: sealPdf,
  signature: signaturePdf,
  crosspage: crossPagePdf,
};
