/**
 * react-hook-form checks over the platform's validation (spec 000 §5), for the forms of the pages
 * that load without antd: the same zod schemas and messages as the server and as forms/rules.ts.
 * Each returns true or the message to show.
 */
import { check, message, type Locale, type MessageKey } from '@esign/platform';
import type * as z from 'zod/mini';

/** A check: true when the value passes, the message to show otherwise. */
export type Check = (value: unknown) => true | string;

/** Passes when the schema accepts the value; its message otherwise. */
export function schemaCheck(schema: z.ZodMiniType, locale: Locale): Check {
  return (value) => {
    const result = check(schema, value ?? '', locale);
    return result.ok || (result.issues[0]?.message ?? message('required', locale));
  };
}

/** A field that must not be empty or blank, with the platform's message for it. */
export function requiredCheck(locale: Locale, key: MessageKey = 'required'): Check {
  return (value) => (typeof value === 'string' && value.trim() !== '') || message(key, locale);
}
