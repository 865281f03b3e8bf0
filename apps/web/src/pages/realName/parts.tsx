/** What the real-name screens share: the development notice, the review's state, the verified result. */
import {
  REAL_NAME_METHODS,
  type RealNameMethod,
  type RealNameReview,
  type RealNameState,
} from '@esign/platform';
import { Alert, Button, Result, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../i18n/dates';
import { localeOf } from '../../i18n/locale';

/** Which provider a method asks (manual review is decided by people, never a development one). */
export function isDevelopment(state: RealNameState, method: RealNameMethod): boolean {
  if (method === 'phone') return state.development.identity;
  if (method === 'face') return state.development.face;
  if (method === 'bankCard') return state.development.bankCard;
  return false;
}

export const isMethod = (value: string | null): value is RealNameMethod =>
  (REAL_NAME_METHODS as readonly string[]).includes(value ?? '');

/** Says plainly that a development provider checks nothing, and how a tester picks the outcome. */
export function DevelopmentNotice({ method }: { method: RealNameMethod }) {
  const { t } = useTranslation();
  return (
    <Alert
      className="page-alert"
      type="warning"
      showIcon
      title={t(method === 'face' ? 'realNamePage.developmentFace' : 'realNamePage.development')}
    />
  );
}

const STATUS_COLOURS = { pending: 'processing', approved: 'success', rejected: 'error' } as const;

/** The applicant's latest manual review: waiting, approved, or rejected with the operator's reason. */
export function ReviewState({ review, onAgain }: { review: RealNameReview; onAgain?: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const description =
    review.status === 'rejected'
      ? t('realNamePage.reviewRejected', { reason: review.reason ?? '' })
      : review.status === 'pending'
        ? t('realNamePage.reviewPending', { date: formatDateTime(review.createdAt, locale) })
        : undefined;
  return (
    <Alert
      className="page-alert"
      role="status"
      type={
        review.status === 'rejected' ? 'error' : review.status === 'approved' ? 'success' : 'info'
      }
      showIcon
      title={
        <span>
          {t('realNamePage.reviewTitle')}{' '}
          <Tag color={STATUS_COLOURS[review.status]}>
            {t(`realNamePage.reviewStatus.${review.status}`)}
          </Tag>
        </span>
      }
      description={description}
      action={
        review.status === 'rejected' && onAgain ? (
          <Button size="small" onClick={onAgain}>
            {t('realNamePage.reviewAgain')}
          </Button>
        ) : undefined
      }
    />
  );
}

/** The end of every method: verified, with the way home. */
export function VerifiedResult({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={t('realNamePage.verifiedTitle')}
      subTitle={t('realNamePage.verifiedAs', { name })}
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          {t('realNamePage.home')}
        </Button>
      }
    />
  );
}
