import { InboxOutlined } from '@ant-design/icons';
import { matchEvidence, type EvidenceMatch, type EvidenceReportSummary } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { evidenceReportQueries } from '../../api/evidenceReports';
import { RequestError } from '../../api/request';
import { EnvelopeError } from '../../api/client';
import { formatDateTime } from '../../i18n/dates';
import { localeOf } from '../../i18n/locale';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { StandalonePage } from '../../routes/Root';
import { canHash, matchWords, sha256Hex, versionLabel } from './verify';
import './evidenceReports.css';

/** Whether a failed summary means "no such report" (404) rather than a failure to reach it. */
const isNotFound = (error: unknown) =>
  (error instanceof RequestError && error.status === 404) ||
  (error instanceof EnvelopeError && error.envelope.code === 404);

interface Checked {
  name: string;
  sha256: string;
  match: EvidenceMatch;
}

/** A hash, whole, in a monospace face that wraps anywhere. */
function Hash({ value }: { value: string }) {
  return <code className="evidence-hash">{value}</code>;
}

/** What the report states: the contract, its versions' hashes, the chain head, the anchor. */
function ReportFacts({
  summary,
  matched,
}: {
  summary: EvidenceReportSummary;
  matched: EvidenceMatch | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const isMatched = (version: number) =>
    matched?.kind === 'version' && matched.version.version === version;
  return (
    <>
      <section className="evidence-verify-section" aria-labelledby="evidence-verify-report">
        <h2 id="evidence-verify-report" className="section-title">
          {t('evidenceReports.verify.report')} {summary.number}
        </h2>
        <dl className="evidence-facts">
          <dt>{t('evidenceReports.kind')}</dt>
          <dd>{t(`evidenceReports.kinds.${summary.kind}`)}</dd>
          <dt>{t('evidenceReports.verify.issued')}</dt>
          <dd>{formatDateTime(summary.issuedAt, locale)}</dd>
          <dt>{t('evidenceReports.verify.contract')}</dt>
          <dd>
            {summary.contract.name}{' '}
            <span className="evidence-muted">{summary.contract.number}</span>
          </dd>
          <dt>{t('evidenceReports.verify.parties')}</dt>
          <dd>
            <ul className="evidence-parties">
              {summary.contract.parties.map((party) => (
                <li key={party.party}>
                  {t('evidenceReports.verify.party', { party: party.party, name: party.name })}
                  {party.companyName ? ` (${party.companyName})` : ''}
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      </section>
      <section className="evidence-verify-section" aria-labelledby="evidence-verify-versions">
        <h2 id="evidence-verify-versions" className="section-title">
          {t('evidenceReports.verify.versions')}
        </h2>
        <ol className="evidence-versions">
          {summary.documentSha256 ? (
            <li className={matched?.kind === 'document' ? 'evidence-version-matched' : undefined}>
              <span>{t('evidenceReports.verify.original')}</span>
              <Hash value={summary.documentSha256} />
            </li>
          ) : null}
          {summary.versions.map((version) => (
            <li
              key={version.version}
              className={isMatched(version.version) ? 'evidence-version-matched' : undefined}
            >
              <span>
                {version.version} · {versionLabel(t, version)}{' '}
                <span className="evidence-muted">{formatDateTime(version.createdAt, locale)}</span>
              </span>
              <Hash value={version.sha256} />
            </li>
          ))}
        </ol>
        <dl className="evidence-facts">
          <dt>{t('evidenceReports.verify.chainHead')}</dt>
          <dd>
            <Hash value={summary.chain.head} />{' '}
            <span className="evidence-muted">
              {t('evidenceReports.verify.entries', { count: summary.chain.entries })}
            </span>
          </dd>
          {summary.anchor ? (
            <>
              <dt>{t('evidenceReports.verify.anchor')}</dt>
              <dd>
                {summary.anchor.ledger} <Hash value={summary.anchor.transactionId} />
                {summary.anchor.development ? (
                  <Tag color="warning">{t('evidenceReports.developmentLedger')}</Tag>
                ) : null}
              </dd>
            </>
          ) : null}
          <dt>{t('evidenceReports.verify.reportHash')}</dt>
          <dd>
            <Hash value={summary.reportSha256} />
          </dd>
        </dl>
      </section>
    </>
  );
}

/**
 * /evidence-verify?id=&token= (public, no login): the link and QR code of an evidence report. The
 * report's public summary (nologin/verify); a PDF the visitor picks is hashed in the browser and
 * compared with it — which version of the contract it is, the original document, the report
 * itself, or none. Nothing is uploaded.
 */
export default function EvidenceVerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  const linked = /^\d{1,16}$/.test(id) && /^[0-9a-f]{32}$/.test(token);
  const summary = useQuery({ ...evidenceReportQueries.summary(id, token), enabled: linked });
  const [checked, setChecked] = useState<Checked | null>(null);
  const [hashing, setHashing] = useState(false);
  const hashable = canHash();

  const check = async (file: File) => {
    if (!summary.data) return;
    setHashing(true);
    try {
      const sha256 = await sha256Hex(await file.arrayBuffer());
      setChecked({ name: file.name, sha256, match: matchEvidence(summary.data, sha256) });
    } finally {
      setHashing(false);
    }
  };

  const words = checked ? matchWords(t, checked.match) : null;
  return (
    <StandalonePage>
      <article className="evidence-verify" aria-labelledby="evidence-verify-title">
        <header className="evidence-verify-head">
          <h1 id="evidence-verify-title">{t('routes.evidenceVerify')}</h1>
          <LanguageSwitch />
        </header>
        <p className="evidence-muted">{t('evidenceReports.verify.intro')}</p>
        {!linked ? (
          <Alert type="info" showIcon title={t('evidenceReports.verify.missingLink')} />
        ) : summary.isPending ? (
          <Spin />
        ) : summary.isError ? (
          <Alert
            type="error"
            showIcon
            title={t(
              isNotFound(summary.error)
                ? 'evidenceReports.verify.notFound'
                : 'evidenceReports.verify.loadFailed',
            )}
          />
        ) : (
          <>
            {hashable ? (
              <Upload.Dragger
                accept="application/pdf,.pdf"
                multiple={false}
                showUploadList={false}
                beforeUpload={(file) => {
                  void check(file);
                  // Nothing is sent anywhere: the file is read here.
                  return Upload.LIST_IGNORE;
                }}
                className="evidence-drop"
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined aria-hidden />
                </p>
                <p className="ant-upload-text">{t('evidenceReports.verify.drop')}</p>
                <p className="ant-upload-hint">{t('evidenceReports.verify.dropHint')}</p>
              </Upload.Dragger>
            ) : (
              <Alert type="warning" showIcon title={t('evidenceReports.verify.insecure')} />
            )}
            <div aria-live="polite" className="evidence-verify-result">
              {hashing ? <Spin description={t('evidenceReports.verify.hashing')} /> : null}
              {checked && words && !hashing ? (
                <Alert
                  type={words.good ? 'success' : 'error'}
                  showIcon
                  title={t(
                    words.good
                      ? 'evidenceReports.verify.matchTitle.yes'
                      : 'evidenceReports.verify.matchTitle.no',
                  )}
                  description={
                    <>
                      <p>{words.text}</p>
                      <p className="evidence-muted">
                        {t('evidenceReports.verify.yourFile', { name: checked.name })}
                      </p>
                      <p>
                        SHA-256 <Hash value={checked.sha256} />
                      </p>
                    </>
                  }
                />
              ) : null}
            </div>
            <ReportFacts summary={summary.data} matched={checked?.match ?? null} />
          </>
        )}
      </article>
    </StandalonePage>
  );
}
