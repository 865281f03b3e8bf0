/**
 * The template's rules for the values a party fills in, written into the contract's project: used
 * by contract/create (the initiator's own text and date fields) and contract/write (a party's text,
 * date and image fields). One copy of the rules, so that both calls accept the same values.
 *
 * - only fields of the filler's parties, of the kinds the call takes (else `notYours`);
 * - text: trimmed; `isNumber` takes digits only; `limitNum` (when above 0) caps its length;
 * - date: written in the field's `dateFormat` as the editor's date field stores it (2026/11/24,
 *   2026-11-24 or 2026年11月24日), or as ISO yyyy-MM-dd, which is stored in the field's format; it
 *   must be a day of the calendar;
 * - image: a `data:image/png;base64,…` or `data:image/jpeg;base64,…` URL whose bytes are that
 *   kind of picture, at most `FILLED_IMAGE_MAX_BYTES`;
 * - every `required` field of the filler's parties, of those kinds, holds a value afterwards.
 *
 * A refusal (400, the rule's message) carries the field's uuid and title in `data`.
 */
import { FILLED_IMAGE_MAX_BYTES, detectImageType, type MessageKey } from '@esign/platform';
import type { TemplateElement, TemplateProject } from '@esign/template-editor/core';
import { ApiError } from '../http/route';

export type FillableKind = 'text' | 'date' | 'image';

export interface FieldRules {
  /** The kinds of field the call fills. */
  kinds: readonly FillableKind[];
  /** Refusal of a field that is not the filler's, or not of those kinds. */
  notYours: MessageKey;
  /** Refusal of a required field left empty. */
  required: MessageKey;
}

/** contract/create: the initiator's own text and date fields. */
export const INITIATOR_FIELD_RULES: FieldRules = {
  kinds: ['text', 'date'],
  notYours: 'contractFieldNotYours',
  required: 'textValueRequired',
};

/** contract/write: a party's own text, date and image fields. */
export const PARTY_FIELD_RULES: FieldRules = {
  kinds: ['text', 'date', 'image'],
  notYours: 'fieldNotYours',
  required: 'fieldValueRequired',
};

function refusal(key: MessageKey, element: TemplateElement | null, uuid: string) {
  return new ApiError(key, 400, 400, { elementUuid: uuid, title: element?.title ?? null });
}

/** The day `text` names, in `format` or as ISO yyyy-MM-dd, written in `format`; null if none. */
export function formatFilledDate(text: string, format: string): string | null {
  const pattern = (shape: string) =>
    new RegExp(
      `^${shape
        .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
        .replace('yyyy', '(?<y>\\d{4})')
        .replace('MM', '(?<m>\\d{2})')
        .replace('dd', '(?<d>\\d{2})')}$`,
    );
  const groups = (pattern(format).exec(text) ?? pattern('yyyy-MM-dd').exec(text))?.groups;
  if (!groups) return null;
  const [year, month, day] = [Number(groups.y), Number(groups.m), Number(groups.d)];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return format.replace('yyyy', groups.y!).replace('MM', groups.m!).replace('dd', groups.d!);
}

const IMAGE_DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** Whether `value` is a PNG or JPEG data URL whose bytes are the picture it says, small enough. */
export function isFilledImage(value: string): boolean {
  if (value.length > FILLED_IMAGE_MAX_BYTES) return false;
  const match = IMAGE_DATA_URL.exec(value);
  if (!match) return false;
  const declared = match[1] === 'png' ? 'png' : 'jpeg';
  return detectImageType(Buffer.from(match[2]!, 'base64')) === declared;
}

type Stored = { value: string } | { refused: MessageKey };

/** A value as the field stores it, or the reason it is refused. */
function storedValue(element: TemplateElement, value: string): Stored {
  const text = value.trim();
  if (element.elName === 'image') {
    return text === '' || isFilledImage(text) ? { value: text } : { refused: 'fieldImageInvalid' };
  }
  if (text === '') return { value: '' };
  if (element.elName === 'date') {
    const date = formatFilledDate(text, element.config.dateFormat);
    return date === null ? { refused: 'fieldDateInvalid' } : { value: date };
  }
  if (element.config.isNumber && !/^\d+$/.test(text)) return { refused: 'fieldDigitsOnly' };
  const limit = element.previewConfig.limitNum;
  if (limit > 0 && text.length > limit) return { refused: 'fieldTooLong' };
  return { value: text };
}

/**
 * Writes `values` (by element uuid) into the fields of `parties` in `project`, by `rules`, and
 * checks that every required field of theirs is filled. Gives the uuids written, in the order
 * given. Throws `ApiError` (400) at the first refusal; the project may then be partly written,
 * so callers fill a copy they drop on failure.
 */
export function fillPartyFields(
  project: TemplateProject,
  parties: ReadonlySet<string>,
  values: Readonly<Record<string, string>>,
  rules: FieldRules,
): string[] {
  const elements = new Map(
    project.pages.flatMap((page) => page.elements.map((element) => [element.uuid, element])),
  );
  const fillable = (element: TemplateElement) =>
    parties.has(element.config.party) &&
    (rules.kinds as readonly string[]).includes(element.elName);
  const written: string[] = [];
  for (const [uuid, value] of Object.entries(values)) {
    const element = elements.get(uuid);
    if (!element) throw refusal('templateFieldNotFound', null, uuid);
    if (!fillable(element)) throw refusal(rules.notYours, element, uuid);
    const stored = storedValue(element, value);
    if ('refused' in stored) throw refusal(stored.refused, element, uuid);
    element.value = stored.value;
    written.push(uuid);
  }
  for (const element of elements.values()) {
    if (fillable(element) && element.config.required && !element.value.trim()) {
      throw refusal(rules.required, element, element.uuid);
    }
  }
  return written;
}
