import type { DateFormat, Party } from './constants';
import type { TemplateElement, TemplateProject } from './model';
import { ELEMENT_MODELS } from './registry';

/** Options of the fill sequence. */
export interface FillOptions {
  /**
   * Whether the party also draws its signature fields while filling (default false: the host
   * stamps them when the party signs).
   */
  signatures?: boolean;
}

/** Whether `element` is one the filling `party` fills in (its own text, date or image field). */
export function isFilledBy(
  element: TemplateElement,
  party: Party | string,
  options: FillOptions = {},
): boolean {
  if (element.config.party !== party) return false;
  if (element.elName === 'signature') return options.signatures === true;
  return ELEMENT_MODELS[element.elName].role === 'fill';
}

/**
 * The fields `party` fills in, in reading order: page by page, then top to bottom, and left to
 * right along a row. Fields whose tops lie within half the lower one's height of each other are
 * one row, so a row's fields need not be aligned to the point.
 */
export function fillSequence(
  project: TemplateProject,
  party: Party | string,
  options: FillOptions = {},
): TemplateElement[] {
  return project.pages.flatMap((page) => {
    const own = page.elements
      .filter((element) => isFilledBy(element, party, options))
      .sort(
        (a, b) => a.commonStyle.top - b.commonStyle.top || a.commonStyle.left - b.commonStyle.left,
      );
    const rows: TemplateElement[][] = [];
    for (const element of own) {
      const row = rows.at(-1);
      const first = row?.[0];
      if (
        row &&
        first &&
        element.commonStyle.top - first.commonStyle.top <
          Math.min(first.commonStyle.height, element.commonStyle.height) / 2
      ) {
        row.push(element);
      } else {
        rows.push([element]);
      }
    }
    return rows.flatMap((row) =>
      row.sort(
        (a, b) => a.commonStyle.left - b.commonStyle.left || a.commonStyle.top - b.commonStyle.top,
      ),
    );
  });
}

/** Why a field's value cannot be sent: what the signer is told to mend. */
export type FillProblem = 'required' | 'number' | 'length' | 'pattern' | 'date';

/**
 * What is wrong with `value` as the value of `element`, or null when it may be sent: an empty
 * required field; a text field's digits-only rule, its longest length (in characters, a Chinese
 * character counting one) or its pattern (`previewConfig.validator`, a regular expression; one the
 * runtime cannot read is left to the server); a date not written in the field's own format.
 */
export function fillProblem(
  element: TemplateElement,
  value: string = element.value,
): FillProblem | null {
  const text = element.elName === 'text' || element.elName === 'date' ? value.trim() : value;
  if (text === '') return element.config.required ? 'required' : null;
  if (element.elName === 'date') {
    return parseFormattedDate(text, element.config.dateFormat) ? null : 'date';
  }
  if (element.elName !== 'text') return null;
  if (element.config.isNumber && !/^\d+$/.test(text)) return 'number';
  const limit = element.previewConfig.limitNum;
  if (limit > 0 && [...text].length > limit) return 'length';
  const pattern = element.previewConfig.validator;
  if (pattern) {
    try {
      if (!new RegExp(pattern).test(text)) return 'pattern';
    } catch {
      // A pattern this runtime cannot read is the server's to apply.
    }
  }
  return null;
}

/** Where a party stands in filling its fields. */
export interface FillProgress {
  /** The party's fields to fill, in reading order (`fillSequence`). */
  count: number;
  /** How many of them are required. */
  required: number;
  /** How many required fields hold a value that may be sent. */
  done: number;
  /** The fields that stop the party from finishing (empty required ones, broken rules), in order. */
  missing: string[];
  /** Whether the party may finish: nothing is missing. */
  complete: boolean;
}

/** Where `party` stands in filling `project` (see `FillProgress`). */
export function fillProgress(
  project: TemplateProject,
  party: Party | string,
  options: FillOptions = {},
): FillProgress {
  const fields = fillSequence(project, party, options);
  const required = fields.filter((element) => element.config.required);
  const missing = fields.filter((element) => fillProblem(element) !== null);
  return {
    count: fields.length,
    required: required.length,
    done: required.filter((element) => fillProblem(element) === null).length,
    missing: missing.map((element) => element.uuid),
    complete: missing.length === 0,
  };
}

/** The values `party` filled in, by field uuid (texts and dates trimmed). */
export function fillValues(
  project: TemplateProject,
  party: Party | string,
  options: FillOptions = {},
): Record<string, string> {
  return Object.fromEntries(
    fillSequence(project, party, options).map((element) => [
      element.uuid,
      element.elName === 'text' || element.elName === 'date' ? element.value.trim() : element.value,
    ]),
  );
}

/** Writes an ISO date (yyyy-MM-dd) in one of the template's date formats. */
export function formatDate(iso: string, format: DateFormat): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  return format.replace('yyyy', year!).replace('MM', month!).replace('dd', day!);
}

/**
 * Reads a date written in a template format back as ISO (yyyy-MM-dd), or null when `text` is not
 * a real date in that format (2026/02/30 is not).
 */
export function parseFormattedDate(text: string, format: DateFormat): string | null {
  const pattern = format
    .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    .replace('yyyy', '(?<y>\\d{4})')
    .replace('MM', '(?<m>\\d{2})')
    .replace('dd', '(?<d>\\d{2})');
  const groups = new RegExp(`^${pattern}$`).exec(text.trim())?.groups;
  if (!groups) return null;
  const year = Number(groups.y);
  const month = Number(groups.m);
  const day = Number(groups.d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${groups.y}-${groups.m}-${groups.d}`;
}

/** The number of days of a month (1–12) of a year, leap years counted. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
