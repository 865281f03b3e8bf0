import { ExportOutlined, MessageOutlined, ScanOutlined } from '@ant-design/icons';
import { AUTH_CODE_PATTERN, message as platformMessage, type SignTicket } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, QRCode, Space, Tabs, Tag } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchFaceResult,
  sendSignCode,
  startFaceCheck,
  validateSignCode,
} from '../../../api/contractActions';
import { failureMessage } from '../../../api/templateEditor';
import { resendWaitOf, useCountdown } from '../../../forms/useCountdown';
import { localeOf } from '../../../i18n/locale';
import { codeButton, facePollInterval } from './confirmation';
import type { FaceCheckStarted } from '@esign/platform';

export type ConfirmMethod = 'sms' | 'face';

/**
 * The SMS code that confirms a signature: sent to the signer's own phone (base/sendAuthCode),
 * again after the countdown, and checked when the signer signs (the form's submit, Enter too).
 */
function SmsConfirm({
  contractId,
  pending,
  blocked,
  submitLabel,
  onSign,
}: {
  contractId: string;
  pending: boolean;
  blocked: boolean;
  submitLabel?: string;
  onSign(ticket: () => Promise<SignTicket>): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { secondsLeft, start } = useCountdown(`sign-${contractId}`);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const label = codeButton(secondsLeft, sentTo !== null);

  const send = () => {
    setSending(true);
    setProblem(null);
    sendSignCode(contractId)
      .then((sent) => {
        setSentTo(sent.phone);
        start(sent.resendAfterSeconds);
      })
      .catch((error: unknown) => {
        const wait = resendWaitOf(error);
        if (wait !== null) start(wait);
        setProblem(failureMessage(error));
      })
      .finally(() => setSending(false));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return setProblem(platformMessage('smsCodeRequired', locale));
    if (!AUTH_CODE_PATTERN.test(trimmed))
      return setProblem(platformMessage('smsCodeInvalid', locale));
    setProblem(null);
    onSign(() =>
      validateSignCode(contractId, trimmed).catch((error: unknown) => {
        setProblem(failureMessage(error));
        throw error;
      }),
    );
  };

  return (
    <form className="contract-sign-sms" onSubmit={submit} aria-label={t('contractSign.smsForm')}>
      <p className="contract-muted">
        {sentTo ? t('contractSign.codeSentTo', { phone: sentTo }) : t('contractSign.smsHint')}
      </p>
      <Space.Compact block>
        <Input
          aria-label={t('contractSign.code')}
          placeholder={t('contractSign.codePlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          status={problem ? 'error' : undefined}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        <Button onClick={send} loading={sending} disabled={secondsLeft > 0}>
          {t(label.key, { seconds: label.seconds })}
        </Button>
      </Space.Compact>
      {problem ? (
        <p className="contract-sign-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        className="contract-sign-submit"
        loading={pending}
        disabled={blocked}
      >
        {submitLabel ?? t('contractSign.signNow')}
      </Button>
    </form>
  );
}

/**
 * A face check that confirms a signature: the provider's page opens in a new tab from its link
 * (or from the QR code on a phone), and its outcome is asked for until it passed or failed. The development
 * provider says plainly that it is one.
 */
function FaceConfirm({
  contractId,
  pending,
  blocked,
  submitLabel,
  onSign,
}: {
  contractId: string;
  pending: boolean;
  blocked: boolean;
  submitLabel?: string;
  onSign(ticket: () => Promise<SignTicket>): void;
}) {
  const { t } = useTranslation();
  const [started, setStarted] = useState<FaceCheckStarted | null>(null);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const result = useQuery({
    queryKey: ['face-check', contractId, started?.faceToken ?? ''],
    queryFn: () => fetchFaceResult(contractId, started!.faceToken),
    enabled: started !== null,
    refetchInterval: (query) => facePollInterval(query.state.data),
    retry: false,
  });
  const outcome = result.data;

  const start = () => {
    setStarting(true);
    setProblem(null);
    startFaceCheck(contractId)
      .then((answer) => {
        // The provider's page may be an address of this platform: the QR code needs it whole.
        // It opens from a link the signer clicks: a tab opened after the call would be blocked.
        setStarted({ ...answer, url: new URL(answer.url, window.location.href).href });
      })
      .catch((error: unknown) => setProblem(failureMessage(error)))
      .finally(() => setStarting(false));
  };

  return (
    <div className="contract-sign-face">
      {started?.development ? (
        <Alert type="warning" showIcon title={t('contractSign.faceDevelopment')} />
      ) : null}
      {!started ? (
        <>
          <p className="contract-muted">{t('contractSign.faceHint')}</p>
          <Button icon={<ScanOutlined aria-hidden />} loading={starting} onClick={start}>
            {t('contractSign.startFace')}
          </Button>
        </>
      ) : (
        <div className="contract-sign-face-started">
          {/* antd draws the code in a canvas with role="img": an image needs its name. */}
          <QRCode value={started.url} size={140} aria-label={t('contractSign.faceQr')} />
          <div>
            <p>{t('contractSign.faceOpened')}</p>
            <Button
              type="primary"
              href={started.url}
              target="_blank"
              rel="noopener noreferrer"
              icon={<ExportOutlined aria-hidden />}
            >
              {t('contractSign.openFace')}
            </Button>
            <p role="status">
              {outcome?.state === 'passed' ? (
                <Tag color="success">{t('contractSign.facePassed')}</Tag>
              ) : outcome?.state === 'failed' ? (
                <Tag color="error">{t('contractSign.faceFailed')}</Tag>
              ) : (
                <Tag color="processing">{t('contractSign.faceWaiting')}</Tag>
              )}
            </p>
            {outcome?.state === 'failed' ? (
              <Button onClick={start}>{t('contractSign.faceAgain')}</Button>
            ) : null}
          </div>
        </div>
      )}
      {problem || result.isError ? (
        <p className="contract-sign-problem" role="alert">
          {problem ?? failureMessage(result.error)}
        </p>
      ) : null}
      <Button
        type="primary"
        size="large"
        block
        className="contract-sign-submit"
        loading={pending}
        disabled={blocked || outcome?.state !== 'passed'}
        onClick={() => {
          if (outcome?.state === 'passed') onSign(async () => outcome);
        }}
      >
        {submitLabel ?? t('contractSign.signNow')}
      </Button>
    </div>
  );
}

/**
 * How the signer confirms: an SMS code (always), or a face check. The ticket it earns is for
 * `contractId`; a batch confirms with its first contract's (see @esign/platform's batch-sign.ts).
 */
export function ConfirmSigning(props: {
  contractId: string;
  pending: boolean;
  blocked: boolean;
  /** The submit button's words; "Sign" unless told. */
  submitLabel?: string;
  onSign(ticket: () => Promise<SignTicket>): void;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<ConfirmMethod>('sms');
  return (
    <Tabs
      activeKey={method}
      onChange={(key) => setMethod(key as ConfirmMethod)}
      items={[
        {
          key: 'sms',
          label: t('contractSign.bySms'),
          icon: <MessageOutlined aria-hidden />,
          children: <SmsConfirm {...props} />,
        },
        {
          key: 'face',
          label: t('contractSign.byFace'),
          icon: <ScanOutlined aria-hidden />,
          children: <FaceConfirm {...props} />,
        },
      ]}
    />
  );
}
