import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { Counterpart } from '@esign/platform';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Who put a counterpart on the blacklist, when, and why, as one line each. */
export function useBlacklistLines(counterpart: Counterpart): string[] {
  const { t } = useTranslation();
  if (counterpart.status !== 'blacklist') return [];
  return [
    t('counterparts.blacklistReason', { reason: counterpart.blacklistReason ?? '' }),
    t('counterparts.blacklistedBy', {
      who: counterpart.blacklistedBy ?? '—',
      when: counterpart.blacklistedAt ?? '—',
    }),
  ];
}

/**
 * Normal or blacklisted; a blacklisted one says why, who set it and when in a tooltip, which a
 * keyboard reaches too (the tooltip describes the focused tag).
 */
export function CounterpartStatusTag({ counterpart }: { counterpart: Counterpart }) {
  const { t } = useTranslation();
  const lines = useBlacklistLines(counterpart);
  const label = t(`counterparts.status.${counterpart.status}`);
  if (lines.length === 0) return <Tag color="green">{label}</Tag>;
  return (
    <Tooltip
      title={
        <>
          {lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </>
      }
    >
      <Tag
        color="red"
        icon={<StopOutlined aria-hidden />}
        tabIndex={0}
        className="counterpart-status-tag"
      >
        {label}
      </Tag>
    </Tooltip>
  );
}

/** Certified (real-name verified person, certified company) on this platform, read now. */
export function CertificationTag({ counterpart }: { counterpart: Counterpart }) {
  const { t } = useTranslation();
  const hint = t(
    counterpart.certified
      ? `counterparts.certifiedHint.${counterpart.kind}`
      : `counterparts.notCertifiedHint.${counterpart.kind}`,
  );
  return (
    <Tooltip title={hint}>
      <Tag
        color={counterpart.certified ? 'blue' : 'default'}
        icon={counterpart.certified ? <CheckCircleOutlined aria-hidden /> : undefined}
        tabIndex={0}
      >
        {t(counterpart.certified ? 'counterparts.certified' : 'counterparts.notCertified')}
      </Tag>
    </Tooltip>
  );
}
