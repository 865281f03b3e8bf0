import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  MinusCircleOutlined,
} from '@ant-design/icons';
import type { ContractDetail, ContractDetailParty, ContractStatus } from '@esign/platform';
import { Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/dates';
import { localeOf } from '../../../i18n/locale';
import { ContractStatusTag } from '../ContractStatusTag';
import { partyProgress, type PartyProgress } from './contractMoves';
import '../contractList.css';
import './contractDetail.css';

const PROGRESS_ICONS: Record<PartyProgress, ReactNode> = {
  refused: <CloseCircleFilled aria-hidden />,
  signed: <CheckCircleFilled aria-hidden />,
  filled: <CheckCircleFilled aria-hidden />,
  toFill: <ClockCircleOutlined aria-hidden />,
  toSign: <ClockCircleOutlined aria-hidden />,
  stopped: <MinusCircleOutlined aria-hidden />,
  nothing: null,
};

const PROGRESS_COLOURS: Record<PartyProgress, string> = {
  refused: 'error',
  signed: 'success',
  filled: 'success',
  toFill: 'processing',
  toSign: 'processing',
  stopped: 'default',
  nothing: 'default',
};

/** A contract's heading: its name, number and status, and the buttons beside them. */
export function ContractHeading({
  detail,
  kicker,
  actions,
}: {
  detail: ContractDetail;
  kicker: string;
  actions?: ReactNode;
}) {
  return (
    <header className="contract-detail-header">
      <div className="contract-detail-heading">
        <p className="contract-detail-kicker">{kicker}</p>
        <h1 className="contract-detail-title">
          {detail.name} <ContractStatusTag status={detail.status} />
        </h1>
        <p className="contract-detail-number">{detail.number}</p>
      </div>
      {actions ? <div className="contract-detail-actions">{actions}</div> : null}
    </header>
  );
}

/** The contract's facts: initiator, times, deadline, agreement type and signing order. */
export function ContractFacts({ detail }: { detail: ContractDetail }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const time = (value: string | null, none: string) =>
    value ? formatDateTime(value, locale) : <span className="contract-muted">{none}</span>;
  return (
    <Descriptions
      className="contract-detail-facts"
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        {
          key: 'initiator',
          label: t('contractDetail.initiator'),
          children: (
            <span>
              {detail.initiatorName} <span className="contract-muted">{detail.initiatorPhone}</span>
              {detail.initiatorCompany ? <> · {detail.initiatorCompany}</> : null}
            </span>
          ),
        },
        {
          key: 'created',
          label: t('contractDetail.createdAt'),
          children: time(detail.createdAt, '—'),
        },
        {
          key: 'started',
          label: t('contractDetail.signingStartedAt'),
          children: time(detail.signingStartedAt, t('contractDetail.notYet')),
        },
        {
          key: 'deadline',
          label: t('contractDetail.deadline'),
          children: time(detail.signingDeadline, t('contractDetail.noDeadline')),
        },
        {
          key: 'type',
          label: t('contractDetail.agreementType'),
          children: t(`contractDetail.agreement.${detail.agreementType}`),
        },
        {
          key: 'order',
          label: t('contractDetail.signingOrder'),
          children: t(`contractDetail.order.${detail.signingOrder}`),
        },
      ]}
    />
  );
}

/** What a party has done, with its time (and a refusal's reason). */
function PartyState({ party, status }: { party: ContractDetailParty; status: ContractStatus }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const progress = partyProgress(party, status);
  const at = party.refusedAt ?? party.signedAt ?? party.filledAt;
  return (
    <div className="contract-party-progress">
      <Tag color={PROGRESS_COLOURS[progress]} icon={PROGRESS_ICONS[progress]}>
        {t(`contractDetail.progress.${progress}`)}
      </Tag>
      {at && (progress === 'refused' || progress === 'signed' || progress === 'filled') ? (
        <span className="contract-muted">{formatDateTime(at, locale)}</span>
      ) : null}
      {progress === 'toSign' && party.filledAt ? (
        <span className="contract-muted">{t('contractDetail.progress.filled')}</span>
      ) : null}
      {party.refusalReason ? (
        <p className="contract-party-reason">
          {t('contractDetail.refusalReason', { reason: party.refusalReason })}
        </p>
      ) : null}
    </div>
  );
}

/** The parties in their order, each with what it does and how far it got. */
export function PartiesProgress({ detail }: { detail: ContractDetail }) {
  const { t } = useTranslation();
  const parties = [...detail.participants].sort((a, b) => a.position - b.position);
  const done = parties.filter((p) => p.signedAt).length;
  const signing = parties.filter((p) => p.signs).length;
  return (
    <section className="contract-detail-section" aria-labelledby="contract-parties">
      <h2 id="contract-parties" className="section-title">
        {t('contractDetail.parties')}{' '}
        <span className="contract-muted">
          {t('contractDetail.signedCount', { done, count: signing })}
        </span>
      </h2>
      <ol className="contract-detail-parties">
        {parties.map((party) => (
          <li
            key={party.party}
            className={`contract-detail-party contract-detail-party-${partyProgress(party, detail.status)}`}
          >
            <span
              className="contract-party-letter"
              title={t('contractList.party', { party: party.party })}
            >
              {party.party}
            </span>
            <div className="contract-detail-party-who">
              <strong>{party.name}</strong>
              {detail.myParties.includes(party.party) ? (
                <Tag className="contract-detail-you">{t('contractDetail.you')}</Tag>
              ) : null}
              <span className="contract-muted">{party.phone}</span>
              {party.companyName ? <span>{party.companyName}</span> : null}
              <span className="contract-muted">
                {t(
                  party.signs && party.fills
                    ? 'contractDetail.role.both'
                    : party.signs
                      ? 'contractDetail.role.sign'
                      : 'contractDetail.role.fill',
                )}
              </span>
            </div>
            <PartyState party={party} status={detail.status} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The copy recipients, or a line saying there are none. */
export function CopyRecipients({ detail }: { detail: ContractDetail }) {
  const { t } = useTranslation();
  return (
    <section className="contract-detail-section" aria-labelledby="contract-receivers">
      <h2 id="contract-receivers" className="section-title">
        {t('contractDetail.receivers')}
      </h2>
      {detail.receivers.length === 0 ? (
        <p className="contract-muted">{t('contractDetail.noReceivers')}</p>
      ) : (
        <ul className="contract-detail-receivers">
          {detail.receivers.map((receiver, index) => (
            <li key={index}>
              {receiver.name || receiver.phone}
              {receiver.name && receiver.phone ? (
                <span className="contract-muted"> {receiver.phone}</span>
              ) : null}
              <span className="contract-muted"> · {receiver.companyName}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
