/**
 * evidence-report/apply: one contract, one report. Whoever sees the contract in the session's
 * console (contract/detail's rule: its initiator's console, a party's console, a copy recipient;
 * anyone else 404, another tenant included) may apply, once every party signed it
 * (`EVIDENCE_REPORT_CONTRACT_STATUSES`, else 409 'evidenceReportNotSigned'). In one transaction:
 * the report's row, one evidence copy of the console held for it (fees' `takeUnit`; 409
 * 'noEvidenceCopiesLeft' and nothing written when none remains), and its job, due 1–2 working
 * days later (`evidenceReportDueAt`) or at once with the immediate setting.
 */
import { randomInt } from 'node:crypto';
import {
  EVIDENCE_REPORT_CONTRACT_STATUSES,
  evidenceReportDueAt,
  type EvidenceReport,
  type evidenceReportApplyBody,
} from '@esign/platform';
import type * as z from 'zod/mini';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { readableContract } from '../contracts/contract-pdf-routes';
import { bookOf } from '../counterparts/book';
import { takeUnit } from '../fees/balance';
import { enqueueJob } from '../jobs/queue';
import { ApiError } from '../http/route';
import { REPORT_COLUMNS, REPORT_JOINS, reportOf, type ReportRow } from './reports';
import { evidenceReportSettings, ledgerOf } from './settings';

/** The job that writes, signs and stores a report when it is due. */
export const EVIDENCE_REPORT_JOB = 'evidence-reports.issue';
/** Tries of a report's job before it fails for good (and its copy is given back). */
export const EVIDENCE_REPORT_ATTEMPTS = 5;

/** `EV` + the day (UTC, yyyyMMdd) + 6 random digits. */
function reportNumber(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `EV${day}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export interface Application {
  session: AccessClaims;
  body: z.output<typeof evidenceReportApplyBody>;
  /** Where the verification link points when PUBLIC_URL is not set: the request's origin. */
  origin: string;
}

export async function applyForReport(
  context: AppContext,
  { session, body, origin }: Application,
): Promise<EvidenceReport> {
  const { database } = context;
  const ids = [...new Set(body.ids)];
  if (ids.length > 1) throw new ApiError('oneContractForCertification', 400);
  const contract = await readableContract(database, session, ids[0]!);
  if (body.kind === 'blockchain' && !ledgerOf(context)) {
    throw new ApiError('evidenceReportKindUnavailable', 409);
  }
  const now = context.now();
  const { immediate } = evidenceReportSettings(context);
  const dueAt = immediate ? now : evidenceReportDueAt(now);
  const book = bookOf(session);
  const linkBase = context.publicUrl ?? origin;

  const id = await database.transaction(async (tx) => {
    // The contract's status as it stands, under its row's lock: a rescission under way waits.
    const [row] = await tx.query<{ status: string }>(
      'SELECT status FROM contracts WHERE id = $1 FOR SHARE',
      [contract.id],
    );
    if (!(EVIDENCE_REPORT_CONTRACT_STATUSES as readonly string[]).includes(row!.status)) {
      throw new ApiError('evidenceReportNotSigned', 409);
    }
    let inserted: { id: string } | undefined;
    for (let attempt = 0; !inserted; attempt += 1) {
      // A number already taken in the tenant (one in a million a day) is drawn again.
      [inserted] = await tx.query<{ id: string }>(
        `INSERT INTO evidence_reports (tenant_id, number, contract_id, console_key, company_id,
           applicant_user_id, kind, address, link_base, applied_at, due_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (tenant_id, number) DO NOTHING RETURNING id`,
        [
          session.tenantId,
          reportNumber(now),
          contract.id,
          book.consoleKey,
          book.companyId,
          book.userId,
          body.kind,
          body.address ? JSON.stringify(body.address) : null,
          linkBase,
          now,
          dueAt,
        ],
      );
      if (attempt > 10) throw new Error('No free evidence report number');
    }
    const reportId = Number(inserted.id);
    // One evidence copy of the console, held until the report is issued (settled) or fails for
    // good (given back); none left refuses the application and writes nothing.
    const taken = await takeUnit(
      tx,
      book,
      {
        unit: 'evidence',
        hold: true,
        contractId: contract.id,
        contractNumber: contract.number,
        reportId,
        label: contract.name,
      },
      now,
      context.fees,
    );
    if (!taken) throw new ApiError('noEvidenceCopiesLeft', 409);
    if (taken.consumptionId !== null) {
      await tx.query('UPDATE evidence_reports SET consumption_id = $2 WHERE id = $1', [
        reportId,
        taken.consumptionId,
      ]);
    }
    await enqueueJob(
      tx,
      EVIDENCE_REPORT_JOB,
      { reportId },
      {
        delayMs: Math.max(0, dueAt.getTime() - now.getTime()),
        maxAttempts: EVIDENCE_REPORT_ATTEMPTS,
      },
    );
    return reportId;
  });

  const [row] = await database.query<ReportRow>(
    `SELECT ${REPORT_COLUMNS} FROM evidence_reports r ${REPORT_JOINS} WHERE r.id = $1`,
    [id],
  );
  return reportOf(row!, context.key);
}
