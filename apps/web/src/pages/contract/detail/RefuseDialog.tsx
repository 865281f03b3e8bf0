import { REFUSAL_REASON_MAX, type TemplateParty } from '@esign/platform';
import { App, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  rejectContract,
  useContractAction,
  type EditorContractDetail,
} from '../../../api/contractActions';
import { failureMessage } from '../../../api/templateEditor';
import { FormModal } from '../../../forms/FormModal';
import { refusedField } from '../../../forms/useSubmit';
import { ReasonField } from './ReasonField';

/** The session's party that refuses: its first that has not signed or refused. */
function refusingParty(detail: EditorContractDetail): TemplateParty | undefined {
  return detail.participants.find(
    (p) => detail.myParties.includes(p.party) && !p.signedAt && !p.refusedAt,
  )?.party as TemplateParty | undefined;
}

/**
 * Refusing to sign (contract/reject): a reason is required, Enter sends it, Esc closes. The
 * contract ends for every party; `onDone` runs once the server recorded it.
 */
export function RefuseDialog({
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
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const refuse = useContractAction(rejectContract);
  // The server's refusal stays in the dialog until the person retries or closes it.
  const [refused, setRefused] = useState<{ text: string; field: string | null } | null>(null);

  const onFinish = ({ reason }: { reason: string }) => {
    setRefused(null);
    refuse.mutate(
      { id: detail.id, party: refusingParty(detail), reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success(t('contractDetail.refused'));
          onDone();
        },
        onError: (error) => setRefused({ text: failureMessage(error), field: refusedField(error) }),
      },
    );
  };

  return (
    <FormModal<{ reason: string }>
      open={open}
      title={t('contractDetail.refuseTitle')}
      okText={t('contractDetail.move.refuse')}
      pending={refuse.isPending}
      refusal={refused === null ? null : { ...refused, dismiss: () => setRefused(null) }}
      form={form}
      name="refuse-contract"
      onFinish={onFinish}
      onClose={onClose}
    >
      <p>{t('contractDetail.refuseHint')}</p>
      <ReasonField
        label={t('contractDetail.refuseReason')}
        required="refusalReasonRequired"
        max={REFUSAL_REASON_MAX}
        onSubmit={() => form.submit()}
      />
    </FormModal>
  );
}
