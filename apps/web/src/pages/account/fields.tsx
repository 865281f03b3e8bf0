/** The fields the account forms share: phone, SMS code with its resend countdown, passwords. */
import {
  SMS_CODE_LENGTH,
  SMS_RESEND_AFTER_MS,
  digitsOnly,
  passwordSchema,
  phoneSchema,
  smsCodeSchema,
  type CodeSent,
} from '@esign/platform';
import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownFailure } from '../../api/client';
import { localeOf } from '../../i18n/locale';
import { useCountdown } from '../../forms/useCountdown';
import { differentFromRule, sameAsRule, schemaRule } from '../../forms/rules';

const keepDigits = (value: unknown) => digitsOnly(String(value ?? ''));

export function PhoneField() {
  const { t, i18n } = useTranslation();
  return (
    <Form.Item
      name="phone"
      label={t('account.phone')}
      rules={[schemaRule(phoneSchema, localeOf(i18n))]}
      normalize={keepDigits}
    >
      <Input
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder={t('account.phonePlaceholder')}
      />
    </Form.Item>
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
  /** The form's `name`, which antd prefixes to field ids. */
  formId: string;
  /** Sends the code; null when it was not sent and the form says why. */
  send: (phone: string) => Promise<CodeSent | null>;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const inputId = `${formId}_code`;

  const onSend = async () => {
    const valid = await form.validateFields(['phone']).then(
      () => true,
      () => false, // the phone field shows why
    );
    if (!valid) return;
    setSending(true);
    try {
      const sent = await send(form.getFieldValue('phone') as string);
      if (!sent) return;
      start(sent.resendAfter || SMS_RESEND_AFTER_MS / 1000);
      void message.success(t('account.codeSent'));
      document.getElementById(inputId)?.focus();
    } catch (error) {
      if (!isShownFailure(error)) throw error;
    } finally {
      setSending(false);
    }
  };

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
        <Button onClick={() => void onSend()} disabled={secondsLeft > 0} loading={sending}>
          {secondsLeft > 0
            ? t('account.resendIn', { seconds: secondsLeft })
            : t('account.sendCode')}
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
