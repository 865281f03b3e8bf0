/**
 * The platform's validation rules (spec 000 §5, spec 001 §5) as zod schemas, shared by the server
 * and the web app. Each failing check carries a message key of `MESSAGES`; `localizeIssues` turns
 * them into text in the user's language.
 */
import * as z from 'zod/mini';
import { CATEGORY_NAME_MAX, SMS_CODE_LENGTH, type Locale } from './constants';
import { message, type MessageKey } from './messages';

const err = (key: MessageKey) => ({ error: key });

/** 11 digits starting 1 then 3–9 (mainland mobile); 8 digits starting 5, 6 or 9 (Hong Kong, Macao); 09 and 8 digits (Taiwan); 10 digits. */
export const PHONE_PATTERN = /^(?:1[3-9]\d{9}|[569]\d{7}|09\d{8}|\d{10})$/;
/** 8–16 letters and digits, both present. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,16}$/;
export const USERNAME_PATTERN = /^[A-Za-z\d]{5,18}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
/**
 * A unified social credit code (18 characters), an 8- or 10-character organisation or business
 * registration number, or H/M followed by 8 or 10 digits (Hong Kong and Macao registrations).
 */
export const CREDIT_CODE_PATTERN =
  /^(?:[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}|[0-9A-Z]{8}|[0-9A-Z]{10}|[HM]\d{8}|[HM]\d{10})$/i;
/** Other numbers the forms accept: 5–30 digits (bank cards), 5–17 letters or digits (passports). */
export const DIGITS_5_30_PATTERN = /^\d{5,30}$/;
export const ALNUM_5_17_PATTERN = /^[A-Za-z\d]{5,17}$/;

const trimmed = () => z.string().check(z.trim());

export const phoneSchema = trimmed().check(
  z.minLength(1, err('phoneRequired')),
  z.regex(PHONE_PATTERN, err('phoneInvalid')),
);
export const passwordSchema = z.string().check(z.regex(PASSWORD_PATTERN, err('passwordRule')));
export const usernameSchema = trimmed().check(z.regex(USERNAME_PATTERN, err('usernameRule')));
export const emailSchema = trimmed().check(z.regex(EMAIL_PATTERN, err('emailInvalid')));
export const smsCodeSchema = trimmed().check(
  z.minLength(1, err('smsCodeRequired')),
  z.regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), err('smsCodeInvalid')),
);
export const creditCodeSchema = trimmed().check(
  z.regex(CREDIT_CODE_PATTERN, err('creditCodeInvalid')),
);
export const agreementSchema = z.literal(true, err('agreementRequired'));

/** 6–16 characters with at least two kinds among digits, letters and symbols. */
export const pinSchema = z.string().check(
  z.refine((pin) => {
    if (pin.length < 6 || pin.length > 16 || /\s/.test(pin)) return false;
    const kinds = [/\d/, /[A-Za-z]/, /[^A-Za-z\d]/].filter((kind) => kind.test(pin)).length;
    return kinds >= 2;
  }, err('pinRule')),
);

export const realNameSchema = trimmed().check(
  z.minLength(1, err('required')),
  z.maxLength(30, err('nameTooLong')),
);
export const idNumberSchema = trimmed().check(
  z.regex(/^[A-Za-z\d]{5,18}$/, err('idNumberInvalid')),
);
/** The small amount a company receives and reports back to prove its bank account: (0, 1), 2 decimals. */
export const transferAmountSchema = trimmed().check(
  z.refine(
    (text) => /^0(?:\.\d{1,2})?$|^1(?:\.0{1,2})?$/.test(text) && Number(text) > 0,
    err('transferAmountInvalid'),
  ),
);

export const categoryNameSchema = trimmed().check(
  z.minLength(1, err('categoryNameRequired')),
  z.maxLength(CATEGORY_NAME_MAX, err('categoryNameTooLong')),
);

/** A new password: the rule, typed twice alike, and different from the old one. */
export const passwordChangeSchema = z
  .object({ oldPassword: z.string(), newPassword: passwordSchema, confirmPassword: z.string() })
  .check(
    z.superRefine((value, ctx) => {
      if (value.newPassword !== value.confirmPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmPassword'],
          message: 'passwordMismatch',
          input: value,
        });
      }
      if (value.newPassword === value.oldPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['newPassword'],
          message: 'passwordSame',
          input: value,
        });
      }
    }),
  );

/** Numeric inputs keep digits only; an integer input drops leading zeros. */
export function digitsOnly(text: string, integer = false): string {
  const digits = text.replace(/\D/g, '');
  return integer ? digits.replace(/^0+(?=\d)/, '') : digits;
}

export interface LocalizedIssue {
  /** The field, e.g. `confirmPassword`; empty for the value itself. */
  path: string;
  message: string;
}

/** The issues of a failed parse with their messages in a language. */
export function localizeIssues(error: z.core.$ZodError, locale: Locale): LocalizedIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message:
      issue.code === 'invalid_type' ? message('required', locale) : message(issue.message, locale),
  }));
}

/** Checks a value; gives the value, or the first problem's message in the user's language. */
export function check<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  locale: Locale,
): { ok: true; value: z.output<S> } | { ok: false; issues: LocalizedIssue[] } {
  const result = z.safeParse(schema, value);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, issues: localizeIssues(result.error, locale) };
}
