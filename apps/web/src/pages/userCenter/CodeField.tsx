import {
  SMS_CODE_LENGTH,
  SMS_RESEND_AFTER_MS,
  digitsOnly,
  smsCodeSchema,
  type CodeSent,
} from '@esign/platform';
import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownFailure } from '../../api/client';
import { resendWaitOf, useCountdown } from '../../forms/useCountdown';
import { schemaRule } from '../../forms/rules';
import { localeOf } from '../../i18n/locale';

/**
 * A code field named `name` with its own send button and resend countdown (the phone change
 * has two: the current phone's and the new phone's). `before` names fields checked before sending.
 */
export function CodeField({
  formId,
  name,
  label,
  before = [],
  send,
}: {
  formId: string;
  name: string;
  label: string;
  before?: string[];
  send(): Promise<CodeSent>;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const inputId = `${formId}_${name}`;
  // One field of one form sends one purpose's codes: its id keeps its countdown across a reload.
  const { secondsLeft, start } = useCountdown(inputId);
  const action =
    secondsLeft > 0
      ? t('userCenterPage.phone.resendIn', { seconds: secondsLeft })
      : t('userCenterPage.phone.sendCode');
  const [sending, setSending] = useState(false);

  const onSend = async () => {
    if (before.length > 0) {
      const valid = await form.validateFields(before).then(
        () => true,
        () => false, // the fields show why
      );
      if (!valid) return;
    }
    setSending(true);
    try {
      const sent = await send();
      start(sent.resendAfter || SMS_RESEND_AFTER_MS / 1000);
      void message.success(t('userCenterPage.phone.codeSent'));
      document.getElementById(inputId)?.focus();
    } catch (error) {
      if (!isShownFailure(error)) throw error;
      const wait = resendWaitOf(error);
      if (wait !== null) start(wait);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item label={label} htmlFor={inputId} required>
      <Space.Compact block>
        <Form.Item
          name={name}
          noStyle
          rules={[schemaRule(smsCodeSchema, localeOf(i18n))]}
          normalize={(value: unknown) => digitsOnly(String(value ?? ''))}
        >
          <Input
            id={inputId}
            aria-label={label}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
            placeholder={t('userCenterPage.phone.codePlaceholder')}
          />
        </Form.Item>
        <Button
          // What the button shows, then which code (WCAG 2.5.3: the name holds the visible words).
          aria-label={`${action}: ${label}`}
          onClick={() => void onSend()}
          disabled={secondsLeft > 0}
          loading={sending}
        >
          {action}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
