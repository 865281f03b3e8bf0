import {
  COMPANY_SEAL_TYPE_NAMES,
  type CompanySeal,
  type CompanySealType,
  type Locale,
  type SealAuthorizationState,
} from '@esign/platform';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchSessionImage } from '../../../api/client';
import { useBlobUrl } from '../../../api/useBlobUrl';

/** A seal type's name in the interface language. */
export function sealTypeName(type: CompanySealType, locale: Locale): string {
  return COMPANY_SEAL_TYPE_NAMES[type][locale];
}

/**
 * A seal's picture, fetched with the session (its link under /api needs the session's headers),
 * on a checkered ground so that its transparency shows.
 */
export function SealImage({
  seal,
  size,
}: {
  seal: Pick<CompanySeal, 'imageUrl' | 'name'>;
  size: number;
}) {
  const { t } = useTranslation();
  const { url, failed } = useBlobUrl(seal.imageUrl || null, (signal) =>
    fetchSessionImage(seal.imageUrl, signal),
  );
  return (
    <span className="company-seal-image" style={{ width: size, height: size }}>
      {url ? (
        <img src={url} alt={t('companySealPage.imageOf', { name: seal.name })} />
      ) : failed ? (
        <Typography.Text type="secondary" className="company-seal-image-failed">
          {t('companySealPage.imageFailed')}
        </Typography.Text>
      ) : (
        <span aria-busy="true" />
      )}
    </span>
  );
}

const STATUS_COLOURS = {
  normal: 'success',
  pending: 'processing',
  disuse: 'default',
  rejected: 'error',
} as const;

/**
 * A seal's status; a rejected one says why, on hover and below the tag (a touch screen has no
 * hover).
 */
export function SealStatusTag({ seal }: { seal: Pick<CompanySeal, 'status' | 'rejectReason'> }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={STATUS_COLOURS[seal.status]}>{t(`companySealPage.status.${seal.status}`)}</Tag>
  );
  if (seal.status !== 'rejected' || !seal.rejectReason) return tag;
  const reason = t('companySealPage.rejectedBecause', { reason: seal.rejectReason });
  return (
    <span className="company-seal-status">
      <Tooltip title={reason}>{tag}</Tooltip>
      <Typography.Text type="secondary" className="company-seal-reason">
        {reason}
      </Typography.Text>
    </span>
  );
}

const STATE_COLOURS = {
  notYetEffective: 'blue',
  normal: 'success',
  expiringSoon: 'orange',
  expired: 'default',
} as const;

/** Where an authorisation stands on the server's day. */
export function AuthorizationStateTag({ state }: { state: SealAuthorizationState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOURS[state]}>{t(`companySealPage.authorization.state.${state}`)}</Tag>
  );
}
