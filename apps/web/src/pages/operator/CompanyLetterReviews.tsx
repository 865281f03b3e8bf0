import {
  LETTER_CONTENT_TYPES,
  PATHS,
  message as platformMessage,
  type CompanyReviewStatus,
  type OperatorCompanyDecideInput,
  type OperatorCompanyReview,
} from '@esign/platform';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Modal, Result, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isShownFailure, send } from '../../api/client';
import { realNameKeys } from '../../api/realName';
import { RequestError } from '../../api/request';
import { formatDateTime } from '../../i18n/dates';
import { useBlobUrl } from '../../api/useBlobUrl';
import { localeOf } from '../../i18n/locale';
import { DecisionButtons, ReviewReason, useRejectReason } from './ReviewDecision';

const STATUSES: readonly CompanyReviewStatus[] = ['pendingReview', 'approved', 'rejected'];
const STATUS_COLOURS = {
  pendingReview: 'processing',
  approved: 'success',
  rejected: 'error',
} as const;
/** The personal reviews' status words, which say the same of a letter. */
const STATUS_WORDS = {
  pendingReview: 'pending',
  approved: 'approved',
  rejected: 'rejected',
} as const;

const companyReviewsKey = (status: CompanyReviewStatus) =>
  [...realNameKeys.all, 'operator-company-reviews', status] as const;

/** The operator's list of letters; quiet: a non-operator's 403 is the page's to explain. */
const companyReviewsQuery = (status: CompanyReviewStatus) =>
  queryOptions({
    queryKey: companyReviewsKey(status),
    queryFn: () =>
      call<OperatorCompanyReview[]>({
        url: PATHS.operatorCompanyReviews,
        params: { status },
        quiet: true,
      }),
    retry: false,
  });

const decideCompanyReview = (data: OperatorCompanyDecideInput) =>
  call<OperatorCompanyReview>({ method: 'POST', url: PATHS.operatorCompanyDecide, data });

/** The letter with its own type (the call needs the session's headers). */
async function fetchLetter(review: OperatorCompanyReview, signal: AbortSignal): Promise<Blob> {
  const blob = await send<Blob>({
    url: PATHS.certificateLetter,
    params: { id: review.id },
    responseType: 'blob',
    signal,
    quiet: true,
  });
  const type = review.letterType ? LETTER_CONTENT_TYPES[review.letterType] : blob.type;
  return new Blob([blob], { type });
}

/** The signed letter, fetched with the session: a PDF in a frame, an image inline, and a download. */
function Letter({ review }: { review: OperatorCompanyReview }) {
  const { t } = useTranslation();
  const { url, failed } = useBlobUrl(review.letterType ? String(review.id) : null, (signal) =>
    fetchLetter(review, signal),
  );
  const label = t('realNamePage.operator.letter');
  if (!review.letterType) {
    return (
      <Typography.Text type="secondary">{t('realNamePage.operator.letterMissing')}</Typography.Text>
    );
  }
  if (failed) {
    return (
      <Typography.Text type="danger" role="alert">
        {t('realNamePage.operator.letterFailed')}
      </Typography.Text>
    );
  }
  if (!url) return <div style={{ width: '100%', height: 360 }} aria-busy="true" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {review.letterType === 'pdf' ? (
        <iframe
          src={url}
          title={label}
          style={{ width: '100%', height: 420, border: '1px solid #f0f0f0' }}
        />
      ) : (
        <img src={url} alt={label} style={{ maxWidth: '100%', maxHeight: 420 }} />
      )}
      <a
        href={url}
        download={`letter-${review.id}.${review.letterType === 'jpeg' ? 'jpg' : review.letterType}`}
      >
        {t('realNamePage.operator.letterDownload')}
      </a>
    </Space>
  );
}

/** One letter: the company's details, the letter, approve (confirmed) or reject with a reason. */
function CompanyReviewDialog({
  review,
  onClose,
}: {
  review: OperatorCompanyReview;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const rejection = useRejectReason();
  const { reason } = rejection;
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);
  const name = review.companyName;
  const decide = async (approve: boolean) => {
    setPending(approve ? 'approve' : 'reject');
    try {
      await decideCompanyReview({
        id: review.id,
        approve,
        ...(approve ? {} : { reason: reason.trim() }),
      });
      void message.success(
        t(
          approve
            ? 'realNamePage.operator.companyApproved'
            : 'realNamePage.operator.companyRejected',
          { name },
        ),
      );
      await client.invalidateQueries({ queryKey: realNameKeys.all });
      onClose();
    } catch (error) {
      if (!isShownFailure(error)) throw error;
    } finally {
      setPending(null);
    }
  };
  const reject = () => {
    if (!reason.trim()) {
      rejection.setError(platformMessage('reviewReasonRequired', locale));
      return;
    }
    void decide(false);
  };
  const approve = () => {
    modal.confirm({
      title: t('realNamePage.operator.approveConfirm', { name }),
      content: t('realNamePage.operator.approveConfirmText'),
      okText: t('realNamePage.operator.approve'),
      onOk: () => decide(true),
    });
  };
  const decidable = review.status === 'pendingReview';
  return (
    <Modal
      open
      title={t('realNamePage.operator.companyDialogTitle', { name })}
      onCancel={onClose}
      width={720}
      footer={
        decidable ? (
          <DecisionButtons pending={pending} onReject={reject} onApprove={approve} />
        ) : null
      }
    >
      <Typography.Paragraph>
        {review.kind === 'business' ? <Tag>{t('realNamePage.operator.business')}</Tag> : null}
        {t('realNamePage.operator.creditCode')}: <strong>{review.creditCode}</strong> ·{' '}
        {t('realNamePage.operator.legalName')}: <strong>{review.legalName}</strong> ·{' '}
        {t('realNamePage.operator.applicant')}: {review.applicantName} ({review.applicantPhone})
      </Typography.Paragraph>
      <Letter review={review} />
      <ReviewReason
        id="company-review-reason"
        decidable={decidable}
        given={review.reason}
        state={rejection}
      />
    </Modal>
  );
}

/**
 * The "Company letters" tab of /operator/reviews: companies verifying by authorisation letter,
 * waiting ones oldest first; each opened with its letter and approved (the company is made with
 * the applicant as administrator) or rejected with a reason the applicant reads.
 */
export default function CompanyLetterReviews() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const [status, setStatus] = useState<CompanyReviewStatus>('pendingReview');
  const [open, setOpen] = useState<OperatorCompanyReview | null>(null);
  const reviews = useQuery(companyReviewsQuery(status));
  if (reviews.error instanceof RequestError && reviews.error.status === 403) {
    return <Result status="403" subTitle={t('realNamePage.operator.onlyOperators')} />;
  }
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('realNamePage.operator.companyIntro')}
      </Typography.Paragraph>
      <Segmented<CompanyReviewStatus>
        value={status}
        onChange={setStatus}
        options={STATUSES.map((each) => ({
          value: each,
          label: t(`realNamePage.reviewStatus.${STATUS_WORDS[each]}`),
        }))}
        style={{ marginBottom: 16 }}
      />
      <Table<OperatorCompanyReview>
        rowKey="id"
        loading={reviews.isPending}
        dataSource={reviews.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('realNamePage.operator.companyEmpty')} /> }}
        columns={[
          { title: t('realNamePage.operator.companyName'), dataIndex: 'companyName' },
          { title: t('realNamePage.operator.creditCode'), dataIndex: 'creditCode' },
          { title: t('realNamePage.operator.legalName'), dataIndex: 'legalName' },
          {
            title: t('realNamePage.operator.applicant'),
            key: 'applicant',
            render: (_value, row) => (
              <Space orientation="vertical" size={0}>
                <span>{row.applicantName}</span>
                <Typography.Text type="secondary">{row.applicantPhone}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t('realNamePage.operator.submitted'),
            dataIndex: 'submittedAt',
            render: (value: string) => formatDateTime(value, locale),
          },
          {
            title: t('realNamePage.operator.status'),
            dataIndex: 'status',
            render: (value: CompanyReviewStatus, row) => (
              <Space orientation="vertical" size={0}>
                <Tag color={STATUS_COLOURS[value]}>
                  {t(`realNamePage.reviewStatus.${STATUS_WORDS[value]}`)}
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
              <Button onClick={() => setOpen(row)}>{t('realNamePage.operator.open')}</Button>
            ),
          },
        ]}
      />
      {open ? <CompanyReviewDialog review={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
