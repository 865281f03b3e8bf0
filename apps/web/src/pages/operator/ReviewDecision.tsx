import { REVIEW_REASON_MAX } from '@esign/platform';
import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The reason an operator gives for a rejection: its text, and what is wrong with it. */
export function useRejectReason() {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  return { reason, setReason, error, setError };
}

/** A review dialog's footer: reject and approve, while the review waits for a decision. */
export function DecisionButtons({
  pending,
  onReject,
  onApprove,
}: {
  pending: 'approve' | 'reject' | null;
  onReject(): void;
  onApprove(): void;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button danger loading={pending === 'reject'} onClick={onReject}>
        {t('realNamePage.operator.reject')}
      </Button>
      <Button type="primary" loading={pending === 'approve'} onClick={onApprove}>
        {t('realNamePage.operator.approve')}
      </Button>
    </Space>
  );
}

/**
 * Below a review: the field for a rejection's reason while the review waits (the applicant reads
 * it), or the reason given once it was rejected.
 */
export function ReviewReason({
  id,
  decidable,
  given,
  state,
}: {
  id: string;
  decidable: boolean;
  given: string | null | undefined;
  state: ReturnType<typeof useRejectReason>;
}) {
  const { t } = useTranslation();
  if (!decidable) {
    return given ? (
      <Typography.Paragraph style={{ marginTop: 16 }}>
        {t('realNamePage.operator.reason')}: {given}
      </Typography.Paragraph>
    ) : null;
  }
  return (
    <div style={{ marginTop: 16 }}>
      <label htmlFor={id}>{t('realNamePage.operator.rejectReason')}</label>
      <Input.TextArea
        id={id}
        value={state.reason}
        maxLength={REVIEW_REASON_MAX}
        showCount
        status={state.error ? 'error' : undefined}
        onChange={(event) => {
          state.setReason(event.target.value);
          state.setError('');
        }}
      />
      {state.error ? (
        <Typography.Text type="danger" role="alert">
          {state.error}
        </Typography.Text>
      ) : null}
    </div>
  );
}
