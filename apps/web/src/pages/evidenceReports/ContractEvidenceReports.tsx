import { DownloadOutlined, FileProtectOutlined, LinkOutlined } from '@ant-design/icons';
import {
  EVIDENCE_REPORT_CONTRACT_STATUSES,
  type ContractDetail,
  type EvidenceReport,
  type EvidenceReportStatus,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadEvidenceReport, evidenceReportQueries } from '../../api/evidenceReports';
import { failureMessage } from '../../api/templateEditor';
import { formatDateTime } from '../../i18n/dates';
import { localeOf } from '../../i18n/locale';
import { useSession } from '../../session';
import { EvidenceReportDialog } from './EvidenceReportDialog';
import './evidenceReports.css';

const STATUS_COLOR: Record<EvidenceReportStatus, string> = {
  pending: 'processing',
  issued: 'success',
  failed: 'error',
};

/** Whether a contract may have an evidence report: every party signed it. */
export function mayReport(status: string): boolean {
  return (EVIDENCE_REPORT_CONTRACT_STATUSES as readonly string[]).includes(status);
}

/** One report: its number, kind and state, its dates, and its download once ready. */
function ReportItem({ report }: { report: EvidenceReport }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const [downloading, setDownloading] = useState(false);
  const time = (at: string) => formatDateTime(at, locale);
  const download = () => {
    setDownloading(true);
    downloadEvidenceReport(report.id)
      .catch((error: unknown) => void message.error(failureMessage(error)))
      .finally(() => setDownloading(false));
  };
  return (
    <li className="evidence-report" aria-label={report.number}>
      <div className="evidence-report-head">
        <strong className="evidence-report-number">{report.number}</strong>
        <Tag>{t(`evidenceReports.kinds.${report.kind}`)}</Tag>
        <Tag color={STATUS_COLOR[report.status]}>
          {t(`evidenceReports.status.${report.status}`)}
        </Tag>
      </div>
      <p className="evidence-muted">
        {t('evidenceReports.appliedBy', {
          name: report.applicantName,
          time: time(report.appliedAt),
        })}
      </p>
      <p>
        {report.status === 'issued' && report.issuedAt
          ? t('evidenceReports.issuedAt', { time: time(report.issuedAt) })
          : report.status === 'pending'
            ? t('evidenceReports.dueBy', { time: time(report.dueAt) })
            : t('evidenceReports.failedHint')}
      </p>
      {report.address ? (
        <p className="evidence-muted">
          {t('evidenceReports.postedTo', {
            name: report.address.name,
            address: report.address.address,
          })}
        </p>
      ) : null}
      {report.kind === 'local' ? (
        <p className="evidence-muted">{t('evidenceReports.collect')}</p>
      ) : null}
      {report.anchor ? (
        <p className="evidence-muted">
          {t('evidenceReports.anchored', { ledger: report.anchor.ledger })}{' '}
          <code className="evidence-hash">{report.anchor.transactionId}</code>
          {report.anchor.development ? (
            <Tag color="warning" className="evidence-ledger-tag">
              {t('evidenceReports.developmentLedger')}
            </Tag>
          ) : null}
        </p>
      ) : null}
      {report.status === 'issued' ? (
        <div className="evidence-report-actions">
          <Button
            size="small"
            icon={<DownloadOutlined aria-hidden />}
            loading={downloading}
            aria-label={t('evidenceReports.downloadOne', { number: report.number })}
            onClick={download}
          >
            {t('evidenceReports.download')}
          </Button>
          {report.verifyPath ? (
            <Button
              size="small"
              type="link"
              icon={<LinkOutlined aria-hidden />}
              href={report.verifyPath}
              target="_blank"
              rel="noopener"
              aria-label={t('evidenceReports.verifyPageOne', { number: report.number })}
            >
              {t('evidenceReports.verifyPage')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * A signed contract's evidence reports on its details: apply for one, each report's state, and
 * its download and verification page once ready. A contract not every party signed has none.
 */
export function ContractEvidenceReports({ detail }: { detail: ContractDetail }) {
  const { t } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const [applying, setApplying] = useState(false);
  const reports = useQuery({
    ...evidenceReportQueries.ofContract(companyId, detail.id),
    enabled: mayReport(detail.status),
  });
  if (!mayReport(detail.status)) return null;
  const records = reports.data?.records ?? [];
  return (
    <section className="contract-detail-section" aria-labelledby="contract-evidence-reports">
      <div className="evidence-section-head">
        <h2 id="contract-evidence-reports" className="section-title">
          {t('evidenceReports.section')}
        </h2>
        <Button
          size="small"
          icon={<FileProtectOutlined aria-hidden />}
          onClick={() => setApplying(true)}
        >
          {t('evidenceReports.apply')}
        </Button>
      </div>
      <p className="evidence-muted">{t('evidenceReports.sectionHint')}</p>
      {reports.isError && !reports.data ? (
        <p className="evidence-muted">{t('evidenceReports.loadFailed')}</p>
      ) : records.length === 0 && !reports.isPending ? (
        <p className="evidence-muted">{t('evidenceReports.none')}</p>
      ) : (
        <ul className="evidence-reports">
          {records.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
      )}
      <EvidenceReportDialog
        contracts={applying ? [{ id: detail.id, name: detail.name, number: detail.number }] : null}
        onClose={() => setApplying(false)}
      />
    </section>
  );
}
