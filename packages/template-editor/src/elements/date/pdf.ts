import type { DateFormat } from '../../core';
import { planField, type ElementPdfWriter, type ValuePlanner } from '../../pdf/plan';
import { planText, textOf } from '../text/pdf';

/** Writes an ISO date (`yyyy-MM-dd`, optionally followed by a time) in the field's format. */
export function formatContractDate(value: string, format: DateFormat): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!match) return value;
  const [, year, month, day] = match;
  return format.replace('yyyy', year!).replace('MM', month!).replace('dd', day!);
}

const planDateValue: ValuePlanner = (value, field, context) =>
  planText(formatContractDate(textOf(value), field.element.config.dateFormat), field, context);

/** A date field writes its date in its `dateFormat`, then as a text field does. */
export const datePdf: ElementPdfWriter = {
  plan: (element, page, context) => planField(element, page, context, planDateValue),
};
