import {
  ArrowLeftOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  DownloadOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import {
  apiPath,
  type AuthorityCertificateFormat,
  type ContractSignatureView,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { contractActionQueries, type EditorContractDetail } from '../../../api/contractActions';
import { failureMessage } from '../../../api/templateEditor';
import { formatDateTime } from '../../../i18n/dates';
import { localeOf } from '../../../i18n/locale';
import { ResponsiveTable } from '../../../lists/ResponsiveTable';
import { useSession } from '../../../session';
import { contractDetailsPath } from '../paths';
import { ContractGate, ContractLoading, ContractProblem, problemOf } from '../detail/ContractGate';
import { ContractHeading } from '../detail/ContractSummary';
import { downloadContract } from '../detail/download';
import { shortHash, signaturesVerdict } from './evidence';
import '../detail/contractDetail.css';

/** A yes or no with its icon and colour. */
function Verdict({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return ok ? (
    <Tag color="success" icon={<CheckCircleFilled aria-hidden />}>
      {yes}
    </Tag>
  ) : (
    <Tag color="error" icon={<CloseCircleFilled aria-hidden />}>
      {no}
    </Tag>
  );
}

/** Where the platform authority's certificate downloads from (a public call: a plain link). */
const authorityCertificate = (format: AuthorityCertificateFormat) =>
  `${apiPath('signingAuthorityCertificate')}?format=${format}`;

/**
 * How to make a reader outside the platform recognise the signatures: its authority's certificate
 * to download, and where Acrobat, Windows and macOS take it.
 */
function TrustTheAuthority() {
  const { t } = useTranslation();
  return (
    <section
      className="contract-detail-section contract-evidence-trust"
      aria-labelledby="trust-title"
    >
      <h2 id="trust-title" className="section-title">
        {t('contractEvidence.trust.title')}
      </h2>
      <p>{t('contractEvidence.trust.intro')}</p>
      <Space wrap>
        {(['cer', 'pem'] as const).map((format) => (
          <Button
            key={format}
            icon={<SafetyCertificateOutlined aria-hidden />}
            href={authorityCertificate(format)}
            download={`esign-platform-ca.${format}`}
          >
            {t(
              format === 'cer'
                ? 'contractEvidence.trust.downloadCer'
                : 'contractEvidence.trust.downloadPem',
            )}
          </Button>
        ))}
      </Space>
      <ul className="contract-evidence-trust-steps">
        <li>{t('contractEvidence.trust.acrobat')}</li>
        <li>{t('contractEvidence.trust.windows')}</li>
        <li>{t('contractEvidence.trust.macos')}</li>
      </ul>
      <p className="contract-muted">{t('contractEvidence.trust.caution')}</p>
    </section>
  );
}

function Signatures({ detail }: { detail: EditorContractDetail }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const companyId = useSession((state) => state.companyId);
  const signatures = useQuery(contractActionQueries.signatures(companyId, detail.id));
  const [downloading, setDownloading] = useState(false);

  const columns: TableColumnsType<ContractSignatureView> = [
    { title: '#', dataIndex: 'index', key: 'index', width: 48 },
    {
      title: t('contractEvidence.signer'),
      key: 'signer',
      render: (_, signature) => (
        <span>
          <strong>{signature.signerName}</strong>
          {signature.party ? (
            <>
              <br />
              <span className="contract-muted">
                {t('contractList.party', { party: signature.party })}
              </span>
            </>
          ) : null}
        </span>
      ),
    },
    {
      title: t('contractEvidence.signedAt'),
      dataIndex: 'signedAt',
      key: 'signedAt',
      render: (value: string | null) => (value ? formatDateTime(value, locale) : '—'),
    },
    {
      title: t('contractEvidence.certificate'),
      key: 'certificate',
      render: (_, signature) => (
        <span className="contract-evidence-certificate">
          <span>
            <span className="contract-muted">{t('contractEvidence.subject')}</span>{' '}
            {signature.certificateSubject}
          </span>
          <span>
            <span className="contract-muted">{t('contractEvidence.issuer')}</span>{' '}
            {signature.certificateIssuer}
          </span>
        </span>
      ),
    },
    {
      title: t('contractEvidence.valid'),
      key: 'valid',
      render: (_, signature) => (
        <Space orientation="vertical" size={4}>
          <Verdict
            ok={signature.valid}
            yes={t('contractEvidence.signatureValid')}
            no={t('contractEvidence.signatureInvalid')}
          />
          {signature.coversWholeDocument ? (
            <Tag>{t('contractEvidence.wholeDocument')}</Tag>
          ) : (
            <span className="contract-muted">{t('contractEvidence.partOfDocument')}</span>
          )}
        </Space>
      ),
    },
    {
      title: t('contractEvidence.detail'),
      dataIndex: 'detail',
      key: 'detail',
      render: (detailText: string) => <span className="contract-muted">{detailText}</span>,
    },
  ];

  let body;
  if (signatures.isPending) body = <ContractLoading />;
  else if (signatures.isError) {
    const kind = problemOf(signatures.error);
    body = (
      <ContractProblem
        kind={kind}
        description={kind === 'failed' ? failureMessage(signatures.error) : undefined}
        onRetry={() => void signatures.refetch()}
      />
    );
  } else {
    const answer = signatures.data;
    const verdict = signaturesVerdict(answer);
    body = (
      <>
        {verdict === 'none' ? (
          <Empty description={t('contractEvidence.noSignatures')} />
        ) : (
          <>
            <Alert
              className="contract-detail-alert"
              type={verdict === 'intact' ? 'success' : 'error'}
              showIcon
              role={verdict === 'intact' ? 'status' : 'alert'}
              title={t(`contractEvidence.verdict.${verdict}`, {
                count: answer.signatures.length,
              })}
              description={t(`contractEvidence.verdictHint.${verdict}`)}
            />
            <ResponsiveTable<ContractSignatureView>
              className="contract-evidence-table"
              rowKey="index"
              card={{
                label: (signature) => signature.signerName,
                title: 'signer',
                lines: ['valid', 'signedAt', 'certificate', 'detail'],
              }}
              columns={columns}
              dataSource={answer.signatures}
              pagination={false}
              scroll={{ x: 900 }}
            />
            <TrustTheAuthority />
          </>
        )}
        <p className="contract-muted contract-evidence-sha">
          {t('contractEvidence.fileSha')}{' '}
          <Typography.Text code copyable={{ text: answer.sha256 }}>
            {shortHash(answer.sha256)}
          </Typography.Text>
        </p>
      </>
    );
  }

  return (
    <div className="contract-detail contract-evidence">
      <ContractHeading
        detail={detail}
        kicker={t('routes.contractSignature')}
        actions={
          <Space wrap>
            <Button
              icon={<ArrowLeftOutlined aria-hidden />}
              onClick={() => navigate(contractDetailsPath(detail.id))}
            >
              {t('contractDetail.backToDetails')}
            </Button>
            <Button
              type="primary"
              icon={<DownloadOutlined aria-hidden />}
              loading={downloading}
              onClick={() => {
                setDownloading(true);
                downloadContract(detail.id)
                  .catch((error: unknown) => void message.error(failureMessage(error)))
                  .finally(() => setDownloading(false));
              }}
            >
              {t('contractDetail.move.download')}
            </Button>
          </Space>
        }
      />
      {body}
    </div>
  );
}

/** /agency-contract/contractSignature?id=…: the signed PDF's signatures as a reader verifies them. */
export default function ContractSignaturesPage() {
  return <ContractGate>{(detail) => <Signatures detail={detail} />}</ContractGate>;
}
