import { ArrowLeftOutlined, WarningFilled } from '@ant-design/icons';
import type { AttestationEntry } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { contractActionQueries, type EditorContractDetail } from '../../../api/contractActions';
import { failureMessage } from '../../../api/templateEditor';
import { formatDateTime } from '../../../i18n/dates';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';
import { STATUS_LABELS } from '../ContractStatusTag';
import { contractDetailsPath } from '../paths';
import { ContractGate, ContractLoading, ContractProblem, problemOf } from '../detail/ContractGate';
import { ContractHeading } from '../detail/ContractSummary';
import { brokenEntry, entryFacts, shortHash } from './evidence';
import '../detail/contractDetail.css';

/** A hash shortened, its whole value copied with the button beside it. */
function Hash({ value, label }: { value: string | null; label: string }) {
  const { t } = useTranslation();
  if (!value) return <span className="contract-muted">—</span>;
  return (
    <Typography.Text
      code
      title={value}
      copyable={{
        text: value,
        tooltips: [t('contractEvidence.copy', { what: label }), t('contractEvidence.copied')],
      }}
    >
      {shortHash(value)}
    </Typography.Text>
  );
}

function Attestation({ detail }: { detail: EditorContractDetail }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const navigate = useNavigate();
  const companyId = useSession((state) => state.companyId);
  const attestation = useQuery(contractActionQueries.attestation(companyId, detail.id));
  const broken = attestation.data ? brokenEntry(attestation.data) : null;

  const columns: TableColumnsType<AttestationEntry> = [
    {
      title: '#',
      dataIndex: 'seq',
      key: 'seq',
      width: 56,
      render: (seq: number) =>
        seq === broken ? (
          <span className="contract-evidence-broken-seq">
            <WarningFilled aria-hidden /> {seq}
          </span>
        ) : (
          seq
        ),
    },
    {
      title: t('contractEvidence.action'),
      dataIndex: 'action',
      key: 'action',
      render: (action: string, entry) => (
        <span>
          <Tag>{t(`contractEvidence.actions.${action}`, { defaultValue: action })}</Tag>
          {entry.seq === broken ? (
            <Tag color="error">{t('contractEvidence.brokenHere')}</Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: t('contractEvidence.details'),
      key: 'details',
      render: (_, entry) => {
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
      },
    },
    {
      title: t('contractEvidence.actor'),
      key: 'actor',
      render: (_, entry) =>
        entry.actorName || entry.actorPhone ? (
          <span>
            {entry.actorName ?? ''}
            {entry.actorPhone ? <span className="contract-muted"> {entry.actorPhone}</span> : null}
          </span>
        ) : (
          <span className="contract-muted">{t('contractEvidence.platform')}</span>
        ),
    },
    {
      title: t('contractEvidence.company'),
      dataIndex: 'companyName',
      key: 'company',
      render: (name: string | null) => name ?? <span className="contract-muted">—</span>,
    },
    {
      title: t('contractEvidence.time'),
      dataIndex: 'at',
      key: 'at',
      render: (at: string) => formatDateTime(at, locale),
    },
    {
      title: t('contractEvidence.address'),
      dataIndex: 'ip',
      key: 'ip',
      render: (ip: string | null) => ip ?? <span className="contract-muted">—</span>,
    },
    {
      title: t('contractEvidence.documentSha'),
      dataIndex: 'documentSha256',
      key: 'documentSha256',
      render: (hash: string) => <Hash value={hash} label={t('contractEvidence.documentSha')} />,
    },
    {
      title: t('contractEvidence.entryHash'),
      dataIndex: 'hash',
      key: 'hash',
      render: (hash: string) => <Hash value={hash} label={t('contractEvidence.entryHash')} />,
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
          <Table<AttestationEntry>
            className="contract-evidence-table"
            rowKey="seq"
            columns={columns}
            dataSource={entries}
            pagination={false}
            scroll={{ x: 1240 }}
            rowClassName={(entry) => (entry.seq === broken ? 'contract-evidence-broken' : '')}
          />
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
