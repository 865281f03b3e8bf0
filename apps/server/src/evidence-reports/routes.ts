/**
 * The evidence report calls (issue 33; CONTEXT.md): apply, the console's list and one report, a
 * download link of an issued report and the PDF it points at, and the public summary the
 * verification page reads. Registers the issuing job's handler.
 */
import {
  EVIDENCE_REPORT_EXAMPLES,
  PATHS,
  apiPath,
  evidenceReportApplyBody,
  evidenceReportPageQuery,
  evidenceReportPdfQuery,
  evidenceReportQuery,
  evidenceReportVerifyQuery,
  type ContractPdfLink,
  type EvidenceReport,
  type EvidenceReportSummary,
  type Page,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { buffer } from 'node:stream/consumers';
import type { AppContext } from '../context';
import { spendDownloadTicket } from '../contracts/contract-pdf-routes';
import { contentDisposition } from '../http/content-disposition';
import { ApiError, route } from '../http/route';
import { applyForReport, EVIDENCE_REPORT_JOB } from './apply';
import { evidenceReportHandler } from './issue';
import {
  REPORT_COLUMNS,
  REPORT_JOINS,
  isVerifyToken,
  readReport,
  readReportPdfTicket,
  reportOf,
  reportPdfTicket,
  visibleReports,
  type ReportRow,
} from './reports';

const TAG = 'sicpay-contract';

const fileName = (number: string) => `Evidence report ${number}.pdf`;

export async function evidenceReportRoutes(
  app: FastifyInstance,
  context: AppContext,
): Promise<void> {
  const { database, key, storage } = context;
  context.jobs.handle(EVIDENCE_REPORT_JOB, evidenceReportHandler(context, app.log));

  route(app, context, {
    method: 'POST',
    path: PATHS.evidenceReportApply,
    summary:
      'Applies for an evidence report of one contract every party signed, seen in the session’s console (several ids: 400 ‘Only one contract is supported for certification’; another console’s: 404; not completed: 409): kind electronic, blockchain, paper (with the address to post it to) or local; holds one evidence copy of the console (409 when none remains); issued 1–2 working days later by a job, with a message when ready',
    tag: TAG,
    permission: 'signedIn',
    body: evidenceReportApplyBody,
    example: EVIDENCE_REPORT_EXAMPLES.apply,
    handler: ({ session, body, request }): Promise<EvidenceReport> =>
      applyForReport(context, {
        session,
        body,
        origin: `${request.protocol}://${request.host}`,
      }),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.evidenceReportPage,
    summary:
      'A page of the evidence reports applied for in the session’s console (of contracts it sees), newest first, optionally of one contract or status',
    tag: TAG,
    permission: 'signedIn',
    query: evidenceReportPageQuery,
    example: EVIDENCE_REPORT_EXAMPLES.page,
    handler: async ({ session, query }): Promise<Page<EvidenceReport>> => {
      const visible = visibleReports(session);
      const params = [...visible.params];
      let where = visible.where;
      if (query.contractId !== undefined) {
        params.push(query.contractId);
        where += ` AND r.contract_id = $${params.length}`;
      }
      if (query.status !== undefined) {
        params.push(query.status);
        where += ` AND r.status = $${params.length}`;
      }
      const [rows, [count]] = await Promise.all([
        database.query<ReportRow>(
          `SELECT ${REPORT_COLUMNS} FROM evidence_reports r ${REPORT_JOINS} WHERE ${where}
           ORDER BY r.applied_at DESC, r.id DESC
           LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, query.size, (query.current - 1) * query.size],
        ),
        database.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM evidence_reports r ${REPORT_JOINS} WHERE ${where}`,
          params,
        ),
      ]);
      return {
        records: rows.map((row) => reportOf(row, key)),
        total: count!.total,
        current: query.current,
        size: query.size,
      };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.evidenceReportDetail,
    summary: 'One evidence report of the session’s console, with its state (404 for any other)',
    tag: TAG,
    permission: 'signedIn',
    query: evidenceReportQuery,
    example: EVIDENCE_REPORT_EXAMPLES.detail,
    handler: async ({ session, query }): Promise<EvidenceReport> =>
      reportOf(await readReport(database, session, query.id), key),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.evidenceReportDownloadTicket,
    summary:
      'A 5-minute, single-use link to download an issued evidence report’s signed PDF (409 while it is pending or failed)',
    tag: TAG,
    permission: 'signedIn',
    query: evidenceReportQuery,
    example: EVIDENCE_REPORT_EXAMPLES.downloadTicket,
    handler: async ({ session, query }): Promise<ContractPdfLink> => {
      const row = await readReport(database, session, query.id);
      if (row.status !== 'issued') throw new ApiError('evidenceReportNotIssued', 409);
      const { ticket, expires } = reportPdfTicket(key, Number(row.id));
      return {
        link: `${apiPath('evidenceReportPdf')}?ticket=${ticket}`,
        expiresAt: new Date(expires * 1000).toISOString(),
        sha256: row.sha256!,
        fileName: fileName(row.number),
      };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.evidenceReportPdf,
    summary:
      'The evidence report’s PDF a getDownloadTicket link points at (no session: the ticket is the right; 5 minutes, once: 410 when used again)',
    tag: TAG,
    permission: 'public',
    query: evidenceReportPdfQuery,
    example: EVIDENCE_REPORT_EXAMPLES.pdf,
    handler: async ({ query, request, reply }) => {
      const { reportId, expires, mac } = readReportPdfTicket(key, query.ticket);
      const [row] = await database.query<{ number: string; storage_key: string | null }>(
        `SELECT number, storage_key FROM evidence_reports WHERE id = $1 AND status = 'issued'`,
        [reportId],
      );
      if (!row?.storage_key) throw new ApiError('notFound', 404);
      const pdf = await buffer(storage.get(row.storage_key));
      if (request.method !== 'HEAD') await spendDownloadTicket(database, mac, expires);
      return reply
        .type('application/pdf')
        .header('content-length', String(pdf.byteLength))
        .header('content-disposition', contentDisposition('attachment', fileName(row.number)))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.evidenceReportVerify,
    summary:
      'The public summary of an issued evidence report (no session: the secret token of the report’s verification link is the right; a wrong token or a report not issued is 404): the contract, the SHA-256 of its original document and of every PDF version, the chain head, the anchor and the report’s own hash — what the public verification page compares an uploaded PDF with',
    tag: TAG,
    permission: 'public',
    query: evidenceReportVerifyQuery,
    example: EVIDENCE_REPORT_EXAMPLES.verify,
    handler: async ({ query }): Promise<EvidenceReportSummary> => {
      // A wrong token answers as a report that does not exist: ids cannot be probed.
      if (!isVerifyToken(key, query.id, query.token)) throw new ApiError('notFound', 404);
      const [row] = await database.query<{ summary: EvidenceReportSummary }>(
        `SELECT summary FROM evidence_reports WHERE id = $1 AND status = 'issued'`,
        [query.id],
      );
      if (!row) throw new ApiError('notFound', 404);
      return row.summary;
    },
  });
}
