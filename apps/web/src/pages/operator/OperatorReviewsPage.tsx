import {
  message as platformMessage,
  type OperatorReview,
  type ReviewStatus,
} from '@esign/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Image,
  Modal,
  Result,
  Segmented,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownFailure } from '../../api/client';
import { RequestError } from '../../api/request';
import { decideReview, fetchIdPhoto, realNameKeys, realNameQueries } from '../../api/realName';
import { useBlobUrl } from '../../api/useBlobUrl';
import { formatDateTime } from '../../i18n/dates';
import { localeOf } from '../../i18n/locale';
import CompanyLetterReviews from './CompanyLetterReviews';
import { DecisionButtons, ReviewReason, useRejectReason } from './ReviewDecision';

const STATUSES: readonly ReviewStatus[] = ['pending', 'approved', 'rejected'];
const STATUS_COLOURS = { pending: 'processing', approved: 'success', rejected: 'error' } as const;

/** One side of the ID card, fetched with the session (never a bare link). */
function IdPhoto({ reviewId, side }: { reviewId: number; side: 'front' | 'back' }) {
  const { t } = useTranslation();
  const { url, failed } = useBlobUrl(`${reviewId}:${side}`, (signal) =>
    fetchIdPhoto(reviewId, side, signal),
  );
  const label = t(side === 'front' ? 'realNamePage.operator.front' : 'realNamePage.operator.back');
  return (
    <figure style={{ margin: 0 }}>
      {failed ? (
        <Typography.Text type="danger">{t('realNamePage.operator.photoFailed')}</Typography.Text>
      ) : url ? (
        <Image src={url} alt={label} width={240} />
      ) : (
        <div style={{ width: 240, height: 150 }} aria-busy="true" />
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** The review dialog: both photos, approve, or reject with a reason the applicant reads. */
function ReviewDialog({ review, onClose }: { review: OperatorReview; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const client = useQueryClient();
  const rejection = useRejectReason();
  const { reason } = rejection;
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);
  const decide = async (approve: boolean) => {
    if (!approve && !reason.trim()) {
      rejection.setError(platformMessage('reviewReasonRequired', locale));
      return;
    }
    setPending(approve ? 'approve' : 'reject');
    try {
      await decideReview({ id: review.id, approve, ...(approve ? {} : { reason: reason.trim() }) });
      void message.success(
        t(approve ? 'realNamePage.operator.approved' : 'realNamePage.operator.rejected', {
          name: review.name,
        }),
      );
      await client.invalidateQueries({ queryKey: realNameKeys.all });
      onClose();
    } catch (error) {
      if (!isShownFailure(error)) throw error;
    } finally {
      setPending(null);
    }
  };
  const decidable = review.status === 'pending';
  return (
    <Modal
      open
      title={t('realNamePage.operator.dialogTitle', { name: review.name })}
      onCancel={onClose}
      width={600}
      footer={
        decidable ? (
          <DecisionButtons
            pending={pending}
            onReject={() => void decide(false)}
            onApprove={() => void decide(true)}
          />
        ) : null
      }
    >
      <Typography.Paragraph>
        {t('realNamePage.operator.name')}: <strong>{review.name}</strong> ·{' '}
        {t('realNamePage.operator.idNumber')}: {review.idNumber} ·{' '}
        {t('realNamePage.operator.phone')}: {review.phone}
      </Typography.Paragraph>
      <Space wrap size="large">
        <IdPhoto reviewId={review.id} side="front" />
        <IdPhoto reviewId={review.id} side="back" />
      </Space>
      <ReviewReason
        id="review-reason"
        decidable={decidable}
        given={review.reason}
        state={rejection}
      />
    </Modal>
  );
}

/**
 * /operator/reviews: a platform operator's manual real-name reviews — pending ones oldest first,
 * each opened with both photos and approved or rejected with a reason — and, in a second tab,
 * companies' authorisation letters (CompanyLetterReviews). Anyone else is told the
 * page is for operators (the server refuses them with 403).
 */
export default function OperatorReviewsPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [open, setOpen] = useState<OperatorReview | null>(null);
  const reviews = useQuery(realNameQueries.reviews(status));
  const refused = reviews.error instanceof RequestError && reviews.error.status === 403;
  return (
    <div className="page operator-reviews-page">
      <header className="page-header">
        <h1 className="page-title">{t('realNamePage.operator.title')}</h1>
        <p className="page-subtitle">{t('realNamePage.operator.intro')}</p>
      </header>
      {refused ? (
        <Result status="403" subTitle={t('realNamePage.operator.onlyOperators')} />
      ) : (
        <Tabs
          items={[
            {
              key: 'personal',
              label: t('realNamePage.operator.personalTab'),
              children: (
                <>
                  <Segmented<ReviewStatus>
                    value={status}
                    onChange={setStatus}
                    options={STATUSES.map((each) => ({
                      value: each,
                      label: t(`realNamePage.reviewStatus.${each}`),
                    }))}
                    style={{ marginBottom: 16 }}
                  />
                  <Table<OperatorReview>
                    rowKey="id"
                    loading={reviews.isPending}
                    dataSource={reviews.data ?? []}
                    pagination={false}
                    locale={{ emptyText: <Empty description={t('realNamePage.operator.empty')} /> }}
                    columns={[
                      { title: t('realNamePage.operator.name'), dataIndex: 'name' },
                      { title: t('realNamePage.operator.idNumber'), dataIndex: 'idNumber' },
                      { title: t('realNamePage.operator.phone'), dataIndex: 'phone' },
                      {
                        title: t('realNamePage.operator.submitted'),
                        dataIndex: 'createdAt',
                        render: (value: string) => formatDateTime(value, locale),
                      },
                      {
                        title: t('realNamePage.operator.status'),
                        dataIndex: 'status',
                        render: (value: ReviewStatus, row) => (
                          <Space orientation="vertical" size={0}>
                            <Tag color={STATUS_COLOURS[value]}>
                              {t(`realNamePage.reviewStatus.${value}`)}
                            </Tag>
                            {row.reason ? (
                              <Typography.Text type="secondary">{row.reason}</Typography.Text>
                            ) : null}
                          </Space>
                        ),
                      },
                      {
                        title: '',
                        key: 'open',
                        render: (_value, row) => (
                          <Button onClick={() => setOpen(row)}>
                            {t('realNamePage.operator.open')}
                          </Button>
                        ),
                      },
                    ]}
                  />
                </>
              ),
            },
            {
              key: 'company',
              label: t('realNamePage.operator.companyTab'),
              children: <CompanyLetterReviews />,
            },
          ]}
        />
      )}
      {open ? <ReviewDialog review={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
