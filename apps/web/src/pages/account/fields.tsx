/**
 * The account fields of antd forms (the user center's and the console's dialogs): the SMS code
 * with its resend countdown and the passwords. The account pages have their own without antd
 * (liteFields.tsx), over the same checks and the same send logic (forms/useSendCode.ts).
 */
import {
  SMS_CODE_LENGTH,
  digitsOnly,
  passwordSchema,
  smsCodeSchema,
  type CodeSent,
} from '@esign/platform';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../i18n/locale';
import { useSendCode } from '../../forms/useSendCode';
import { differentFromRule, sameAsRule, schemaRule } from '../../forms/rules';

const keepDigits = (value: unknown) => digitsOnly(String(value ?? ''));

/**
 * The SMS code with its send button: the phone is checked first, then the code is sent and the
 * button counts down until another may be sent.
 */
export function SmsCodeField({
  formId,
  send,
}: {
  /** The form's `name`, which antd prefixes to field ids. */
  formId: string;
  /** Sends the code; null when it was not sent and the form says why. */
  send: (phone: string) => Promise<CodeSent | null>;
}) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance();
  const inputId = `${formId}_code`;
  const { onSend, sending, waiting, label } = useSendCode({
    // One form sends one purpose's codes: its name keeps its countdown across a reload.
    scope: formId,
    phone: () =>
      form.validateFields(['phone']).then(
        () => form.getFieldValue('phone') as string,
        () => null, // the phone field shows why
      ),
    send,
    inputId,
  });

  return (
    <Form.Item label={t('account.code')} htmlFor={inputId} required>
      <Space.Compact block>
        <Form.Item
          name="code"
          noStyle
          rules={[schemaRule(smsCodeSchema, localeOf(i18n))]}
          normalize={keepDigits}
        >
          <Input
            id={inputId}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            placeholder={t('account.codePlaceholder')}
          />
        </Form.Item>
        <Button onClick={() => void onSend()} disabled={waiting} loading={sending}>
          {label}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * A new password (`name`) and its confirmation (`confirmPassword`), optionally different from the
 * field `differentFrom`.
 */
export function NewPasswordFields({
  name = 'password',
  label,
  confirmLabel,
  differentFrom,
}: {
  name?: string;
  label: string;
  confirmLabel: string;
  differentFrom?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        rules={[
          schemaRule(passwordSchema, locale),
          ...(differentFrom ? [differentFromRule(differentFrom, locale)] : []),
        ]}
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={16}
          placeholder={t('account.passwordPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={confirmLabel}
        dependencies={[name]}
        rules={[sameAsRule(name, locale)]}
      >
        <Input.Password autoComplete="new-password" maxLength={16} />
      </Form.Item>
    </>
  );
}
