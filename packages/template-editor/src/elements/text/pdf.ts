import { rgb } from 'pdf-lib';
import { PdfError } from '../../pdf/errors';
import { faceOf } from '../../pdf/fonts';
import {
  parseColor,
  planField,
  type Drawing,
  type ElementPdfWriter,
  type PlacedField,
  type PlanContext,
  type ValuePlanner,
} from '../../pdf/plan';
import { layoutText, normaliseText } from '../../pdf/text';

/** A value as text: a string as it is, bytes as UTF-8. */
export function textOf(value: string | Uint8Array): string {
  return typeof value === 'string' ? value : new TextDecoder().decode(value);
}

/**
 * Sets `text` in the field's box in its font, size, colour, alignment and line height, wrapped
 * (and shrunk if need be) as the editor shows it. Blank text shows nothing; text that does not fit
 * even at `MIN_FONT_SIZE` is refused with `PdfError('value-too-long')` naming the field.
 */
export async function planText(
  text: string,
  field: PlacedField,
  context: PlanContext,
): Promise<Drawing | undefined> {
  const written = normaliseText(text);
  if (!written.trim()) return undefined;
  const style = field.element.commonStyle;
  const entry = await context.documentFonts.resolve(style.fontFamily, written, field.name);
  const layout = layoutText(written, faceOf(entry), style);
  if (!layout) throw new PdfError('value-too-long', field.name);
  for (const line of layout.lines) context.documentFonts.use(entry, line.text);
  const color = parseColor(style.color) ?? rgb(0, 0, 0);
  return {
    kind: 'text',
    page: field.page,
    box: field.box,
    entry,
    layout,
    style: { color, opacity: field.opacity },
  };
}

const planTextValue: ValuePlanner = (value, field, context) =>
  planText(textOf(value), field, context);

/** A text field writes its value as text, in its frame. */
export const textPdf: ElementPdfWriter = {
  plan: (element, page, context) => planField(element, page, context, planTextValue),
};
