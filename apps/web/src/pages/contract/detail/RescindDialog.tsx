import { RESCISSION_REASON_MAX, type TemplateParty } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  contractActionKeys,
  fetchRescission,
  rescindContract,
  sendSignCode,
  useContractAction,
  validateSignCode,
  type EditorContractDetail,
} from '../../../api/contractActions';
import { failureMessage } from '../../../api/templateEditor';
import { FormModal } from '../../../forms/FormModal';
import { requiredRule } from '../../../forms/rules';
import { resendWaitOf, useCountdown } from '../../../forms/useCountdown';
import { formatDateTime } from '../../../i18n/dates';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';
import { ReasonField } from './ReasonField';

interface RescindValues {
  reason?: string;
  code: string;
}

/** The session's party that agrees: one of its parties that signed the contract. */
function rescindingParty(detail: EditorContractDetail): TemplateParty | undefined {
  return detail.participants.find((p) => detail.myParties.includes(p.party) && p.signedAt)
    ?.party as TemplateParty | undefined;
}

/**
 * Rescinding a completed contract: the first party asks, with a reason; every signing party then
 * agrees, each confirming with an SMS code (contract/unsubscribe shows where it stands,
 * contract/signUnsubscribe records an agreement); the last agreement cancels the contract.
 */
export function RescindDialog({
  detail,
  open,
  onClose,
  onDone,
}: {
  detail: EditorContractDetail;
  open: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const [form] = Form.useForm<RescindValues>();
  const companyId = useSession((state) => state.companyId);
  const rescission = useQuery({
    queryKey: contractActionKeys.rescission(companyId, detail.id),
    queryFn: () => fetchRescission(detail.id),
    enabled: open,
    retry: false,
  });
  const rescind = useContractAction(rescindContract);
  const { secondsLeft, start } = useCountdown(`rescind-${detail.id}`);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const state = rescission.data;
  const asking = state?.state === 'none';

  const send = () => {
    setSending(true);
    sendSignCode(detail.id, 'rescind')
      .then((sent) => {
        setSentTo(sent.phone);
        start(sent.resendAfterSeconds);
      })
      .catch((error: unknown) => {
        const wait = resendWaitOf(error);
        if (wait !== null) start(wait);
        void message.error(failureMessage(error));
      })
      .finally(() => setSending(false));
  };

  const onFinish = ({ reason, code }: RescindValues) => {
    if (!state?.canAgree) return onClose();
    setConfirming(true);
    validateSignCode(detail.id, code.trim(), 'rescind')
      .then(({ ticket }) =>
        rescind.mutateAsync({
          id: detail.id,
          party: rescindingParty(detail),
          reason: (reason ?? '').trim(),
          ticket,
        }),
      )
      .then(
        (acted) => {
          void message.success(
            t(
              acted.status === 'cancelled'
                ? 'contractDetail.rescinded'
                : 'contractDetail.rescindRecorded',
            ),
          );
          onDone();
        },
        (error: unknown) => form.setFields([{ name: 'code', errors: [failureMessage(error)] }]),
      )
      .finally(() => setConfirming(false));
  };

  return (
    <FormModal<RescindValues>
      open={open}
      title={t('contractDetail.rescindTitle')}
      okText={t(asking ? 'contractDetail.rescindAsk' : 'contractDetail.rescindAgree')}
      pending={confirming}
      form={form}
      name="rescind-contract"
      onFinish={onFinish}
      onClose={onClose}
    >
      {rescission.isError ? (
        <Alert type="error" showIcon title={failureMessage(rescission.error)} />
      ) : !state ? (
        <Spin />
      ) : (
        <>
          {asking ? (
            <p>{t('contractDetail.rescindAskHint')}</p>
          ) : (
            <Alert
              className="contract-detail-alert"
              type="warning"
              showIcon
              title={t('contractDetail.rescindPending', {
                time: state.requestedAt ? formatDateTime(state.requestedAt, locale) : '—',
              })}
              description={t('contractDetail.refusalReason', { reason: state.reason ?? '—' })}
            />
          )}
          {state.parties.length > 0 && !asking ? (
            <ul className="contract-detail-receivers contract-rescind-parties">
              {state.parties.map((party) => (
                <li key={party.party}>
                  {party.party} · {party.name}
                  {party.companyName ? ` · ${party.companyName}` : ''}{' '}
                  {party.agreedAt ? (
                    <Tag color="success">{t('contractDetail.rescindAgreed')}</Tag>
                  ) : (
                    <Tag>{t('contractDetail.rescindWaiting')}</Tag>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {asking ? (
            <ReasonField
              label={t('contractDetail.rescindReason')}
              required="rescissionReasonRequired"
              max={RESCISSION_REASON_MAX}
              onSubmit={() => form.submit()}
            />
          ) : null}
          {state.canAgree ? (
            <>
              <p className="contract-muted">
                {sentTo
                  ? t('contractSign.codeSentTo', { phone: sentTo })
                  : t('contractDetail.rescindCodeHint')}
              </p>
              <Form.Item label={t('contractSign.code')} required={false}>
                <Space.Compact block>
                  <Form.Item name="code" noStyle rules={[requiredRule(locale, 'smsCodeRequired')]}>
                    <Input
                      aria-label={t('contractSign.code')}
                      placeholder={t('contractSign.codePlaceholder')}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                    />
                  </Form.Item>
                  <Button onClick={send} loading={sending} disabled={secondsLeft > 0}>
                    {secondsLeft > 0
                      ? t('contractSign.resendIn', { seconds: secondsLeft })
                      : t('contractSign.sendCode')}
                  </Button>
                </Space.Compact>
              </Form.Item>
            </>
          ) : (
            <p>{t('contractDetail.rescindNothing')}</p>
          )}
        </>
      )}
    </FormModal>
  );
}
