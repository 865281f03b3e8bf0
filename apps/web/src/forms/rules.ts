/**
 * antd form rules over the platform's validation (spec 000 §5): the same zod schemas and messages
 * as the server, in the interface language.
 */
import { check, message, type Locale, type MessageKey } from '@esign/platform';
import type { FormRule } from 'antd';
import type * as z from 'zod/mini';

/** A rule that passes when the schema accepts the value; its message otherwise. */
export function schemaRule(schema: z.ZodMiniType, locale: Locale): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = check(schema, value ?? '', locale);
      if (!result.ok) throw new Error(result.issues[0]?.message ?? message('required', locale));
    },
  };
}

/** A field that must not be empty, with the platform's message for it. */
export function requiredRule(locale: Locale, key: MessageKey = 'required'): FormRule {
  return { required: true, whitespace: true, message: message(key, locale) };
}

/** The second entry of a password: it must equal `field`. */
export function sameAsRule(field: string, locale: Locale): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value !== getFieldValue(field)) throw new Error(message('passwordMismatch', locale));
    },
  });
}

/** A new password: it must differ from `field` (the old one). */
export function differentFromRule(field: string, locale: Locale): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value === getFieldValue(field)) throw new Error(message('passwordSame', locale));
    },
  });
}
