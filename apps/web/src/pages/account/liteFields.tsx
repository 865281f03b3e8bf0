/**
 * The account pages' forms without antd (they load with the login page, within its budget:
 * e2e/budget.e2e.ts): react-hook-form over the platform's checks. The fields validate on blur, and
 * again on every change once the form was submitted; ids are `<formId>_<field>`.
 */
import {
  SMS_CODE_LENGTH,
  digitsOnly,
  message,
  passwordSchema,
  phoneSchema,
  smsCodeSchema,
  type CodeSent,
} from '@esign/platform';
import type { ReactNode } from 'react';
import {
  FormProvider,
  useFormContext,
  type FieldErrors,
  type FieldValues,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSendCode } from '../../forms/useSendCode';
import type { Refusal } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { ErrorNotice } from '../../lite/bits';
import { Button } from '../../lite/Button';
import { Field, Input, PasswordInput, describedBy, invalid } from '../../lite/Field';
import { schemaCheck } from '../../lite/rules';

/** A form of the account pages: its fields find it through react-hook-form's context. */
export function AccountForm<Values extends FieldValues>({
  form,
  id,
  onSubmit,
  children,
}: {
  form: UseFormReturn<Values>;
  id: string;
  onSubmit: (values: Values) => void;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form id={id} noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        {children}
      </form>
    </FormProvider>
  );
}

/** A form's full-width submit button, busy while the submission runs. */
export function SubmitButton({
  pending,
  refusal,
  children,
}: {
  pending: boolean;
  /** The server's refusal of the last submission, kept above the button until the person acts. */
  refusal?: Refusal | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="lite-field">
      {refusal ? (
        <ErrorNotice closeLabel={t('common.close')} onClose={refusal.dismiss}>
          {refusal.text}
        </ErrorNotice>
      ) : null}
      <Button type="submit" variant="primary" block loading={pending}>
        {children}
      </Button>
    </div>
  );
}

/** The message of field `name`'s error, if it has one. */
export function errorOf(errors: FieldErrors, name: string): string | undefined {
  const text = errors[name]?.message;
  return typeof text === 'string' ? text : undefined;
}

/** A registration whose input keeps only digits, as they are typed or pasted. */
function digitsOnlyInput(registration: UseFormRegisterReturn): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event: { target: HTMLInputElement }) => {
      const digits = digitsOnly(event.target.value);
      if (digits !== event.target.value) event.target.value = digits;
      return registration.onChange(event);
    },
  };
}

/** The field's id, its error and the input's ARIA attributes. */
function useFieldState(formId: string, name: string) {
  const {
    formState: { errors },
  } = useFormContext();
  const id = `${formId}_${name}`;
  const error = errorOf(errors, name);
  return {
    id,
    error,
    aria: { id, 'aria-invalid': invalid(error), 'aria-describedby': describedBy(id, error) },
  };
}

export function PhoneField({ formId }: { formId: string }) {
  const { t, i18n } = useTranslation();
  const { register } = useFormContext();
  const { id, error, aria } = useFieldState(formId, 'phone');
  return (
    <Field id={id} label={t('account.phone')} error={error}>
      <Input
        {...aria}
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder={t('account.phonePlaceholder')}
        {...digitsOnlyInput(
          register('phone', { validate: schemaCheck(phoneSchema, localeOf(i18n)) }),
        )}
      />
    </Field>
  );
}

/**
 * The SMS code with its send button: the phone is checked first, then the code is sent and the
 * button counts down until another may be sent.
 */
export function SmsCodeField({
  formId,
  send,
}: {
  formId: string;
  /** Sends the code; null when it was not sent and the form says why. */
  send: (phone: string) => Promise<CodeSent | null>;
}) {
  const { t, i18n } = useTranslation();
  const { register, trigger, getValues } = useFormContext();
  const { id, error, aria } = useFieldState(formId, 'code');
  const { onSend, sending, waiting, label } = useSendCode({
    // One form sends one purpose's codes: its id keeps its countdown across a reload.
    scope: formId,
    phone: async () => ((await trigger('phone')) ? (getValues('phone') as string) : null),
    send,
    inputId: id,
  });
  return (
    <Field id={id} label={t('account.code')} error={error}>
      <div className="lite-compact">
        <Input
          {...aria}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={SMS_CODE_LENGTH}
          placeholder={t('account.codePlaceholder')}
          {...digitsOnlyInput(
            register('code', { validate: schemaCheck(smsCodeSchema, localeOf(i18n)) }),
          )}
        />
        <Button onClick={() => void onSend()} disabled={waiting} loading={sending}>
          {label}
        </Button>
      </div>
    </Field>
  );
}

/** A password input with the show/hide button labelled in the interface language. */
export function PasswordField({
  formId,
  name,
  label,
  autoComplete,
  placeholder,
  validate,
  onChanged,
}: {
  formId: string;
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  placeholder?: string;
  validate: (value: unknown, values: FieldValues) => true | string;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const { id, error, aria } = useFieldState(formId, name);
  const registration = register(name, { validate });
  return (
    <Field id={id} label={label} error={error}>
      <PasswordInput
        {...aria}
        autoComplete={autoComplete}
        maxLength={16}
        placeholder={placeholder}
        showLabel={t('account.showPassword')}
        hideLabel={t('account.hidePassword')}
        {...registration}
        onChange={async (event) => {
          await registration.onChange(event);
          onChanged?.();
        }}
      />
    </Field>
  );
}

/** A new password and its confirmation (`confirmPassword`), which must match. */
export function NewPasswordFields({
  formId,
  label,
  confirmLabel,
}: {
  formId: string;
  label: string;
  confirmLabel: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { getFieldState, trigger } = useFormContext();
  const checkPassword = schemaCheck(passwordSchema, locale);
  return (
    <>
      <PasswordField
        formId={formId}
        name="password"
        label={label}
        autoComplete="new-password"
        placeholder={t('account.passwordPlaceholder')}
        validate={checkPassword}
        // A confirmation already typed is checked again against the changed password.
        onChanged={() => {
          if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
        }}
      />
      <PasswordField
        formId={formId}
        name="confirmPassword"
        label={confirmLabel}
        autoComplete="new-password"
        validate={(value, values) =>
          value === values['password'] || message('passwordMismatch', locale)
        }
      />
    </>
  );
}
