import { SMS_RESEND_AFTER_MS, type CodeSent } from '@esign/platform';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownFailure } from '../api/client';
import { showToast } from '../lite/toast';
import { resendWaitOf, useCountdown } from './useCountdown';

/**
 * The send button of an SMS code field, whatever the form: the phone is checked first (`phone`
 * gives it, or null when its field says why not), then the code is sent, a toast says so, the code
 * input takes the focus and the button counts down until another may be sent.
 */
export function useSendCode({
  scope,
  phone,
  send,
  inputId,
}: {
  /** What the code is for: the countdown of the same scope survives a reload (see useCountdown). */
  scope: string;
  phone: () => Promise<string | null>;
  /** Sends the code; null when it was not sent and the form says why. */
  send: (phone: string) => Promise<CodeSent | null>;
  inputId: string;
}) {
  const { t } = useTranslation();
  const { secondsLeft, start } = useCountdown(scope);
  const [sending, setSending] = useState(false);

  const onSend = async () => {
    const number = await phone();
    if (number === null) return;
    setSending(true);
    try {
      const sent = await send(number);
      if (!sent) return;
      start(sent.resendAfter || SMS_RESEND_AFTER_MS / 1000);
      showToast(t('account.codeSent'), { kind: 'success' });
      document.getElementById(inputId)?.focus();
    } catch (error) {
      if (!isShownFailure(error)) throw error;
      const wait = resendWaitOf(error);
      if (wait !== null) start(wait);
    } finally {
      setSending(false);
    }
  };

  const label =
    secondsLeft > 0 ? t('account.resendIn', { seconds: secondsLeft }) : t('account.sendCode');
  return { onSend, sending, waiting: secondsLeft > 0, label };
}
