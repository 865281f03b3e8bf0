/**
 * The counterpart forms' pure part: antd rules taken from the platform's schemas (the server's
 * own, with its messages in the interface language), and a counterpart turned into the form's
 * values and back into what busi-opposite/save and update take.
 */
import {
  check,
  companyCounterpartSchema,
  personCounterpartSchema,
  type Counterpart,
  type CounterpartInput,
  type CounterpartKind,
  type Locale,
} from '@esign/platform';
import type { FormRule } from 'antd';
import type * as z from 'zod/mini';

/** What the add/edit form holds: every field of both kinds, as typed. */
export interface CounterpartFormValues {
  name?: string;
  phone?: string;
  email?: string;
  affiliatedCompany?: string;
  creditCode?: string;
  managerName?: string;
  managerPhone?: string;
  note?: string;
}

/** The schema of each kind's form, as the server checks it. */
export const COUNTERPART_SCHEMAS = {
  person: personCounterpartSchema,
  company: companyCounterpartSchema,
} as const;

/** The form fields of each kind, in the order the form shows them. */
export const COUNTERPART_FORM_FIELDS: Record<
  CounterpartKind,
  readonly (keyof CounterpartFormValues)[]
> = {
  person: ['name', 'phone', 'email', 'affiliatedCompany', 'note'],
  company: ['name', 'creditCode', 'managerName', 'managerPhone', 'note'],
};

/**
 * A rule for one field of an object schema: the field's own checks first, then the object's
 * (a rule across fields, such as "a phone or an email", names the field it belongs to), over the
 * whole form as `whole` makes it of the form's values.
 */
export function objectFieldRule(
  schema: z.ZodMiniObject,
  field: string,
  locale: Locale,
  whole: (values: Record<string, unknown>) => Record<string, unknown>,
): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (_rule, value: unknown) => {
      const own = schema.shape[field] as z.ZodMiniType | undefined;
      if (own) {
        const result = check(own, value ?? '', locale);
        if (!result.ok) throw new Error(result.issues[0]!.message);
      }
      const values = whole({
        ...(getFieldsValue(true) as Record<string, unknown>),
        [field]: value,
      });
      const result = check(schema, values, locale);
      const issue = result.ok ? undefined : result.issues.find((one) => one.path === field);
      if (issue) throw new Error(issue.message);
    },
  });
}

/** The form's values as the kind's schema reads them ('' for a field left empty). */
export function toCounterpartInput(
  kind: CounterpartKind,
  values: CounterpartFormValues,
): CounterpartInput {
  const text = (value: string | undefined) => (value ?? '').trim();
  return kind === 'person'
    ? {
        kind,
        name: text(values.name),
        phone: text(values.phone),
        email: text(values.email),
        affiliatedCompany: text(values.affiliatedCompany),
        note: text(values.note),
      }
    : {
        kind,
        name: text(values.name),
        creditCode: text(values.creditCode),
        managerName: text(values.managerName),
        managerPhone: text(values.managerPhone),
        note: text(values.note),
      };
}

/** A counterpart as the edit form starts from it. */
export function formValuesOf(counterpart: Counterpart): CounterpartFormValues {
  return counterpart.kind === 'person'
    ? {
        name: counterpart.name,
        phone: counterpart.phone,
        email: counterpart.email,
        affiliatedCompany: counterpart.affiliatedCompany,
        note: counterpart.note,
      }
    : {
        name: counterpart.name,
        creditCode: counterpart.creditCode,
        managerName: counterpart.managerName,
        managerPhone: counterpart.phone,
        note: counterpart.note,
      };
}

/** The field rule of a kind's form. */
export function counterpartRule(kind: CounterpartKind, field: string, locale: Locale): FormRule {
  return objectFieldRule(COUNTERPART_SCHEMAS[kind], field, locale, (values) => ({
    ...toCounterpartInput(kind, values as CounterpartFormValues),
  }));
}
