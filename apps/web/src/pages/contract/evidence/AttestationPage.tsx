import { ArrowLeftOutlined, WarningFilled } from '@ant-design/icons';
import type { AttestationEntry } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { contractActionQueries, type EditorContractDetail } from '../../../api/contractActions';
import { failureMessage } from '../../../api/templateEditor';
import { formatDateTime } from '../../../i18n/dates';
import { localeOf } from '../../../i18n/locale';
import { useIsMobile } from '../../../layout/useIsMobile';
import { useSession } from '../../../session';
import { STATUS_LABELS } from '../ContractStatusTag';
import { contractDetailsPath } from '../paths';
import { ContractGate, ContractLoading, ContractProblem, problemOf } from '../detail/ContractGate';
import { ContractHeading } from '../detail/ContractSummary';
import { brokenEntry, entryFacts } from './evidence';
import '../detail/contractDetail.css';

/** A hash whole, in a monospace block that wraps, copied with the button beside it. */
function Hash({ value, label }: { value: string | null; label: string }) {
  const { t } = useTranslation();
  if (!value) return <span className="contract-muted">—</span>;
  return (
    <Typography.Text
      code
      className="contract-evidence-hash"
      copyable={{
        text: value,
        tooltips: [t('contractEvidence.copy', { what: label }), t('contractEvidence.copied')],
      }}
    >
      {value}
    </Typography.Text>
  );
}

/** What proves an entry, out of the way until asked for: where from, and its hashes in full. */
function EntryProof({ entry }: { entry: AttestationEntry }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('contractEvidence.address'), entry.ip ?? <span className="contract-muted">—</span>],
    [
      t('contractEvidence.documentSha'),
      <Hash value={entry.documentSha256} label={t('contractEvidence.documentSha')} />,
    ],
    [
      t('contractEvidence.entryHash'),
      <Hash value={entry.hash} label={t('contractEvidence.entryHash')} />,
    ],
    [
      t('contractEvidence.previousHash'),
      <Hash value={entry.prevHash} label={t('contractEvidence.previousHash')} />,
    ],
  ];
  return (
    <dl className="contract-evidence-proof">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The entry's action, flagged where a broken chain breaks. */
function EntryAction({ entry, broken }: { entry: AttestationEntry; broken: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="contract-evidence-action">
      {broken ? (
        <span className="contract-evidence-broken-seq">
          <WarningFilled aria-hidden /> {entry.seq}
        </span>
      ) : (
        <span className="contract-muted">{entry.seq}</span>
      )}
      <Tag>{t(`contractEvidence.actions.${entry.action}`, { defaultValue: entry.action })}</Tag>
      {broken ? <Tag color="error">{t('contractEvidence.brokenHere')}</Tag> : null}
    </span>
  );
}

/** Who acted: the person and phone, and the company they acted for; else the platform. */
function EntryActor({ entry }: { entry: AttestationEntry }) {
  const { t } = useTranslation();
  if (!entry.actorName && !entry.actorPhone) {
    return <span className="contract-muted">{t('contractEvidence.platform')}</span>;
  }
  return (
    <span className="contract-evidence-facts">
      <span>
        {entry.actorName ?? ''}
        {entry.actorPhone ? <span className="contract-muted"> {entry.actorPhone}</span> : null}
      </span>
      {entry.companyName ? <span className="contract-muted">{entry.companyName}</span> : null}
    </span>
  );
}

/** What the entry's details say a reader cares about. */
function EntryDetails({ entry }: { entry: AttestationEntry }) {
  const { t } = useTranslation();
  const facts = entryFacts(entry.details);
  if (facts.length === 0) return <span className="contract-muted">—</span>;
  return (
    <span className="contract-evidence-facts">
      {facts.map((fact) => (
        <span key={fact.kind}>
          {fact.kind === 'party'
            ? t('contractList.party', { party: fact.party })
            : fact.kind === 'status'
              ? t(STATUS_LABELS[fact.status])
              : fact.kind === 'reason'
                ? t('contractDetail.refusalReason', { reason: fact.reason })
                : fact.kind === 'version'
                  ? t('contractEvidence.pdfVersion', { version: fact.version })
                  : fact.kind === 'confirmation'
                    ? t(`contractEvidence.confirmedBy.${fact.method}`)
                    : fact.authorizationId
                      ? t('contractEvidence.sealByAuthorization', {
                          seal: fact.name,
                          authorization: fact.authorizationId,
                        })
                      : t('contractEvidence.seal', { seal: fact.name })}
        </span>
      ))}
    </span>
  );
}

/**
 * The trail on a phone: each entry a card (time, action, who, details) with its proof behind a
 * disclosure, nothing wider than the screen.
 */
function EntryCards({
  entries,
  broken,
}: {
  entries: readonly AttestationEntry[];
  broken: number | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  return (
    <ol className="contract-evidence-cards" aria-label={t('routes.onlineAttestation')}>
      {entries.map((entry) => (
        <li
          key={entry.seq}
          className={
            entry.seq === broken
              ? 'contract-evidence-card contract-evidence-card-broken'
              : 'contract-evidence-card'
          }
        >
          <div className="contract-evidence-card-head">
            <EntryAction entry={entry} broken={entry.seq === broken} />
            <time dateTime={entry.at} className="contract-muted">
              {formatDateTime(entry.at, locale)}
            </time>
          </div>
          <EntryActor entry={entry} />
          <EntryDetails entry={entry} />
          <details className="contract-evidence-card-proof">
            <summary>{t('contractEvidence.proof')}</summary>
            <EntryProof entry={entry} />
          </details>
        </li>
      ))}
    </ol>
  );
}

function Attestation({ detail }: { detail: EditorContractDetail }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const companyId = useSession((state) => state.companyId);
  const attestation = useQuery(contractActionQueries.attestation(companyId, detail.id));
  const broken = attestation.data ? brokenEntry(attestation.data) : null;

  const columns: TableColumnsType<AttestationEntry> = [
    {
      title: t('contractEvidence.time'),
      dataIndex: 'at',
      key: 'at',
      width: 190,
      render: (at: string) => formatDateTime(at, locale),
    },
    {
      title: t('contractEvidence.action'),
      key: 'action',
      width: 200,
      render: (_, entry) => <EntryAction entry={entry} broken={entry.seq === broken} />,
    },
    {
      title: t('contractEvidence.actor'),
      key: 'actor',
      render: (_, entry) => <EntryActor entry={entry} />,
    },
    {
      title: t('contractEvidence.details'),
      key: 'details',
      render: (_, entry) => <EntryDetails entry={entry} />,
    },
  ];

  let body;
  if (attestation.isPending) body = <ContractLoading />;
  else if (attestation.isError) {
    const kind = problemOf(attestation.error);
    body = (
      <ContractProblem
        kind={kind}
        description={kind === 'failed' ? failureMessage(attestation.error) : undefined}
        onRetry={() => void attestation.refetch()}
      />
    );
  } else {
    const { entries, chain } = attestation.data;
    body = (
      <>
        {chain.intact ? (
          <Alert
            className="contract-detail-alert"
            type="success"
            showIcon
            role="status"
            title={t('contractEvidence.chainIntact', { count: entries.length })}
            description={t('contractEvidence.chainIntactHint')}
          />
        ) : (
          <Alert
            className="contract-detail-alert"
            type="error"
            showIcon
            role="alert"
            title={t('contractEvidence.chainBroken', { seq: chain.brokenAt })}
            description={t(`contractEvidence.chainProblem.${chain.problem}`, {
              seq: chain.brokenAt,
            })}
          />
        )}
        {entries.length === 0 ? (
          <Empty description={t('contractEvidence.noEntries')} />
        ) : (
          <>
            <p className="contract-muted">{t('contractEvidence.proofHint')}</p>
            {mobile ? (
              <EntryCards entries={entries} broken={broken} />
            ) : (
              <Table<AttestationEntry>
                className="contract-evidence-table"
                rowKey="seq"
                columns={columns}
                dataSource={entries}
                pagination={false}
                expandable={{
                  expandedRowRender: (entry) => <EntryProof entry={entry} />,
                }}
                rowClassName={(entry) => (entry.seq === broken ? 'contract-evidence-broken' : '')}
              />
            )}
          </>
        )}
      </>
    );
  }

  return (
    <div className="contract-detail contract-evidence">
      <ContractHeading
        detail={detail}
        kicker={t('routes.onlineAttestation')}
        actions={
          <Button
            icon={<ArrowLeftOutlined aria-hidden />}
            onClick={() => navigate(contractDetailsPath(detail.id))}
          >
            {t('contractDetail.backToDetails')}
          </Button>
        }
      />
      <p className="contract-muted">{t('contractEvidence.trailHint')}</p>
      {body}
    </div>
  );
}

/** /agency-contract/online-attestation?id=…: the contract's audit trail and its chain's verdict. */
export default function AttestationPage() {
  return <ContractGate>{(detail) => <Attestation detail={detail} />}</ContractGate>;
}
