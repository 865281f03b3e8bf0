/**
 * The demo API's answers to the evidence report calls, from the server's OpenAPI examples
 * (`EVIDENCE_REPORT_EXAMPLES`): a console's reports (a pending paper report and an issued
 * blockchain one, answered for whichever contract is asked), applying (a pending report of the
 * kind asked, or the refusal a story names — the server's rules are not written again here), and
 * the public summary of the example report's link.
 */
import {
  EVIDENCE_REPORT_EXAMPLES,
  PATHS,
  fail,
  message,
  type EvidenceReport,
  type EvidenceReportApplyBody,
  type EvidenceReportSummary,
  type MessageKey,
} from '@esign/platform';
import type { Answer, DemoRequest } from './demoApi';
import type { DemoConsole } from './demoData';
import { answer, pageOf, paramOf, type ConsoleCall } from './demoTemplates';
import { bodyOf } from './demoRequest';

/** What the demo answers in one console: a story's fixtures, as the server would answer them. */
export interface DemoEvidenceReports {
  /** The console's reports, newest first. */
  reports: EvidenceReport[];
  /** What nologin/verify answers for the example link. */
  summary: EvidenceReportSummary;
  /** apply refuses so (the server's answer to several ids, or to no copy left). */
  applyRefusal?: { status: number; text: MessageKey };
}

export function exampleEvidenceReports(): DemoEvidenceReports {
  return {
    reports: structuredClone(EVIDENCE_REPORT_EXAMPLES.page.answer.records),
    summary: structuredClone(EVIDENCE_REPORT_EXAMPLES.summary),
  };
}

let pending: DemoEvidenceReports | null = null;
/** The summary the public page reads (no console: the link is the right). */
let publicSummary: EvidenceReportSummary = EVIDENCE_REPORT_EXAMPLES.summary;
const consoles = new WeakMap<DemoConsole, DemoEvidenceReports>();

/** What the next story answers (call it in the story's `beforeEach`). */
export function demoEvidenceReportsFrom(fixtures: DemoEvidenceReports): void {
  pending = fixtures;
  publicSummary = fixtures.summary;
}

function reportsOf(current: DemoConsole): DemoEvidenceReports {
  let reports = consoles.get(current);
  if (!reports) {
    reports = pending ? structuredClone(pending) : exampleEvidenceReports();
    pending = null;
    consoles.set(current, reports);
  }
  return reports;
}

const refusal = (status: number, text: MessageKey, locale: 'en' | 'zh'): Answer => ({
  status,
  body: fail(status, message(text, locale)),
});

export const EVIDENCE_REPORT_CALLS: Record<string, ConsoleCall> = {
  [PATHS.evidenceReportApply]: (current, locale, request) => {
    const fixtures = reportsOf(current);
    if (fixtures.applyRefusal) {
      return refusal(fixtures.applyRefusal.status, fixtures.applyRefusal.text, locale);
    }
    const body = bodyOf<EvidenceReportApplyBody>(request);
    const report: EvidenceReport = {
      ...structuredClone(EVIDENCE_REPORT_EXAMPLES.apply.answer),
      id: String(100 + fixtures.reports.length),
      kind: body.kind,
      contractId: String(body.ids[0]),
      address: body.kind === 'paper' ? (body.address ?? null) : null,
    };
    fixtures.reports.unshift(report);
    return answer(report);
  },
  [PATHS.evidenceReportPage]: (current, _locale, request) => {
    const contractId = paramOf(request, 'contractId');
    // The examples are the asked contract's reports.
    const reports = reportsOf(current).reports.map((report) =>
      contractId ? { ...report, contractId } : report,
    );
    return answer(pageOf(reports, request));
  },
  [PATHS.evidenceReportDetail]: (current, locale, request) => {
    const report = reportsOf(current).reports.find(({ id }) => id === paramOf(request, 'id'));
    return report ? answer(report) : refusal(404, 'notFound', locale);
  },
  [PATHS.evidenceReportDownloadTicket]: () =>
    answer(EVIDENCE_REPORT_EXAMPLES.downloadTicket.answer),
};

/** The public call: the example report's summary for its link, 404 for any other. */
export const EVIDENCE_REPORT_PUBLIC_CALLS: Record<string, (request: DemoRequest) => Answer> = {
  [PATHS.evidenceReportVerify]: (request) => {
    const { id, token } = EVIDENCE_REPORT_EXAMPLES.verify.query;
    return paramOf(request, 'id') === id && paramOf(request, 'token') === token
      ? answer(publicSummary)
      : refusal(404, 'notFound', request.locale);
  },
};
