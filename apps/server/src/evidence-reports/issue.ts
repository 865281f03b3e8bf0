/**
 * The job that issues a report when it is due (`evidence-reports.issue`, payload `{ reportId }`):
 * `run` gathers the contract's facts (facts.ts), anchors the chain head for the blockchain kind,
 * writes the report (report-pdf.ts), signs it exactly as a contract signature is made —
 * `signContract`, an incremental PAdES update under a certificate the platform's authority issues
 * to the platform's own signer, with its trusted timestamp and validation data (B-LT) — and
 * stores it under a new key. `done`, in the transaction that finishes the job, marks the report
 * issued (only if still pending), records the signature's certificate (so that revoking the key
 * revokes it), settles the evidence copy and tells the applicant; `failed` (after every attempt,
 * or a report that can never be written) marks it failed, gives the copy back and tells the
 * applicant; `discard` removes a stored PDF whose success could not be recorded.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  EVIDENCE_REPORT_CONTRACT_STATUSES,
  MESSAGE_REDIRECT,
  evidenceVerifyPath,
  type EvidenceReportAnchor,
  type EvidenceReportSummary,
} from '@esign/platform';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { contractFonts } from '../contracts/contract-pdf';
import type { Queryable } from '../db';
import { readTrueType } from '../editor-pdf';
import { returnUnit, settleUnit } from '../fees/balance';
import { PermanentJobError, type JobHandler } from '../jobs/worker';
import { insertMessage } from '../messages/write';
import { signContract, validationData, type SignerIdentity } from '../signing';
import { collectEvidence, type EvidenceFacts } from './facts';
import { writeReportPdf } from './report-pdf';
import { REPORT_COLUMNS, REPORT_JOINS, verifyToken, type ReportRow } from './reports';
import { ledgerOf } from './settings';

/** Who signs every report: the platform itself, under its own certificate from its authority. */
export const REPORT_SIGNER: SignerIdentity = {
  id: 'platform:evidence-reports',
  name: 'eSign Evidence Reports',
  organisation: 'eSign',
};

export interface IssuedReport {
  storageKey: string;
  sha256: string;
  size: number;
  issuedAt: string;
  contractVersion: number;
  chainHead: string;
  entries: number;
  summary: EvidenceReportSummary;
  anchor: EvidenceReportAnchor | null;
  certificate: { serial: string; keySerial: string; signerId: string };
}

type Sql = Pick<Queryable, 'query'>;

async function reportRow(sql: Sql, reportId: number): Promise<ReportRow | undefined> {
  const [row] = await sql.query<ReportRow>(
    `SELECT ${REPORT_COLUMNS} FROM evidence_reports r ${REPORT_JOINS} WHERE r.id = $1`,
    [reportId],
  );
  return row;
}

/** What anyone with the verification link reads (nologin/verify), as the report states it. */
function summaryOf(
  facts: EvidenceFacts,
  row: ReportRow,
  issuedAt: Date,
  anchor: EvidenceReportAnchor | null,
): Omit<EvidenceReportSummary, 'reportSha256'> {
  const last = facts.versions.at(-1)!.version;
  return {
    number: row.number,
    kind: row.kind,
    issuedAt: issuedAt.toISOString(),
    contract: {
      number: facts.contract.number,
      name: facts.contract.name,
      parties: facts.parties.map((party) => ({
        party: party.party,
        name: party.signerName ?? party.name,
        companyName: party.companyName,
      })),
    },
    documentSha256: facts.documentSha256,
    versions: facts.versions.map((version) => ({
      version: version.version,
      sha256: version.sha256,
      size: version.size,
      party: version.party,
      createdAt: version.createdAt.toISOString(),
      final: version.version === last,
    })),
    chain: { entries: facts.trail.entries.length, head: facts.trail.head },
    anchor,
  };
}

/** The console the report was applied in, by name: the company's, or the applicant's own. */
async function consoleName(sql: Sql, row: ReportRow): Promise<string> {
  if (row.company_id === null) return row.applicant_name;
  const [company] = await sql.query<{ full_name: string }>(
    'SELECT full_name FROM companies WHERE id = $1',
    [row.company_id],
  );
  return company?.full_name ?? row.applicant_name;
}

/** Writes, signs and stores report `reportId` (see the module's comment). */
export async function issueReport(
  context: AppContext,
  reportId: number,
  log: FastifyBaseLogger,
): Promise<IssuedReport> {
  const { database, storage, timestamps, publicUrl, key } = context;
  const row = await reportRow(database, reportId);
  if (!row) throw new PermanentJobError(`Evidence report ${reportId} does not exist`);
  if (row.status !== 'pending') {
    throw new PermanentJobError(`Evidence report ${reportId} is ${row.status} already`);
  }
  const facts = await collectEvidence(database, storage, Number(row.contract_id), log);
  if (!(EVIDENCE_REPORT_CONTRACT_STATUSES as readonly string[]).includes(facts.contract.status)) {
    throw new PermanentJobError(`Contract ${row.contract_id} is ${facts.contract.status}`);
  }
  let anchor: EvidenceReportAnchor | null = null;
  if (row.kind === 'blockchain') {
    const ledger = ledgerOf(context);
    if (!ledger) throw new PermanentJobError('No ledger is configured for blockchain reports');
    const anchored = await ledger.anchor(facts.trail.head, row.number);
    anchor = { ...anchored, anchoredAt: anchored.anchoredAt.toISOString() };
  }
  const issuedAt = new Date();
  const verifyUrl = `${row.link_base}${evidenceVerifyPath(String(row.id), verifyToken(key, row.id))}`;
  const summary = summaryOf(facts, row, issuedAt, anchor);
  const font = await readTrueType((await contractFonts()).SimHei!);
  const unsigned = await writeReportPdf(
    font,
    {
      number: row.number,
      kind: row.kind,
      appliedAt: new Date(row.applied_at),
      issuedAt,
      applicantName: row.applicant_name,
      consoleName: await consoleName(database, row),
      address: row.address,
      anchor: anchor && { ...anchor, anchoredAt: new Date(anchor.anchoredAt) },
      verifyUrl,
    },
    facts,
    summary,
  );
  // The same path as a contract signature: no stamp, the platform's own certificate.
  const signed = await signContract(database, {
    pdf: unsigned,
    stamps: [],
    sealPng: new Uint8Array(),
    signer: REPORT_SIGNER,
    timestamps,
    validation: await validationData(database, timestamps, publicUrl),
    reason: `Evidence report ${row.number} of contract ${facts.contract.number}`,
    location: 'eSign',
    signingTime: issuedAt,
  });
  const storageKey = `evidence-reports/${row.tenant_id}/${row.id}-${randomUUID()}.pdf`;
  await storage.put(storageKey, Readable.from([Buffer.from(signed.pdf)]));
  return {
    storageKey,
    sha256: signed.sha256,
    size: signed.pdf.byteLength,
    issuedAt: issuedAt.toISOString(),
    contractVersion: facts.versions.at(-1)!.version,
    chainHead: facts.trail.head,
    entries: facts.trail.entries.length,
    summary: { ...summary, reportSha256: signed.sha256 },
    anchor,
    certificate: {
      serial: signed.signatureInfo.certificateSerial,
      keySerial: signed.signatureInfo.keySerial,
      signerId: signed.signatureInfo.signerId,
    },
  };
}

const what = (row: { contract_name: string; contract_number: string }) =>
  `“${row.contract_name}” (${row.contract_number})`;

export function evidenceReportHandler(
  context: AppContext,
  log: FastifyBaseLogger,
): JobHandler<{ reportId: number }, IssuedReport> {
  return {
    // Report work is a few hundred milliseconds of CPU: one at a time leaves room for calls.
    concurrency: 1,
    backoffMs: 30_000,
    run: ({ reportId }) => issueReport(context, Number(reportId), log),
    async done(tx, { reportId }, issued) {
      const [row] = await tx.query<{ id: string }>(
        `UPDATE evidence_reports SET status = 'issued', issued_at = $2, storage_key = $3,
           sha256 = $4, size = $5, contract_version = $6, chain_head = $7, entries = $8,
           summary = $9::jsonb, anchor = $10::jsonb
         WHERE id = $1 AND status = 'pending' RETURNING id`,
        [
          reportId,
          issued.issuedAt,
          issued.storageKey,
          issued.sha256,
          issued.size,
          issued.contractVersion,
          issued.chainHead,
          issued.entries,
          JSON.stringify(issued.summary),
          issued.anchor ? JSON.stringify(issued.anchor) : null,
        ],
      );
      // Settled meanwhile (it cannot be: a report is pending until its job ends): nothing more.
      if (!row) throw new PermanentJobError(`Evidence report ${reportId} is no longer pending`);
      await tx.query(
        `INSERT INTO signature_certificates (serial, signer_id, key_serial, contract_id)
         VALUES ($1, $2, $3, NULL)`,
        [issued.certificate.serial, issued.certificate.signerId, issued.certificate.keySerial],
      );
      const report = (await reportRow(tx, reportId))!;
      if (report.consumption_id !== null) {
        await settleUnit(tx, Number(report.consumption_id), context.now());
      }
      await insertMessage(tx, {
        tenantId: report.tenant_id,
        userId: report.applicant_user_id,
        companyId: report.company_id,
        title: { en: 'Evidence report issued', zh: '出证报告已出具' },
        content: {
          en: `Evidence report ${report.number} of contract ${what(report)} is ready to download from the contract’s details.`,
          zh: `合同${what(report)}的出证报告 ${report.number} 已出具，可在合同详情中下载。`,
        },
        redirectType: MESSAGE_REDIRECT.contract,
        businessId: String(report.contract_id),
      });
    },
    async failed(tx, { reportId }, error) {
      const [row] = await tx.query<{ id: string }>(
        `UPDATE evidence_reports SET status = 'failed', failed_at = now(), failure = $2
         WHERE id = $1 AND status = 'pending' RETURNING id`,
        [reportId, error instanceof Error ? error.message.slice(0, 500) : String(error)],
      );
      if (!row) return;
      const report = (await reportRow(tx, reportId))!;
      if (report.consumption_id !== null) {
        await returnUnit(tx, Number(report.consumption_id), context.now());
      }
      await insertMessage(tx, {
        tenantId: report.tenant_id,
        userId: report.applicant_user_id,
        companyId: report.company_id,
        title: { en: 'Evidence report could not be issued', zh: '出证报告未能出具' },
        content: {
          en: `Evidence report ${report.number} of contract ${what(report)} could not be issued; the evidence copy it held was given back. Please apply again or contact us.`,
          zh: `合同${what(report)}的出证报告 ${report.number} 未能出具，所占用的出证份数已退回。请重新申请或联系我们。`,
        },
        redirectType: MESSAGE_REDIRECT.contract,
        businessId: String(report.contract_id),
      });
    },
    async discard(_payload, issued) {
      await context.storage.remove(issued.storageKey);
    },
  };
}
