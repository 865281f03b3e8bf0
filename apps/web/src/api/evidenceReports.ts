/**
 * The evidence report calls (issue 33: sicpay-contract evidence-report/…) and their TanStack Query
 * keys: applying for a report of one contract, the console's reports of a contract with their
 * states, a report's single-use download link, and the public summary the verification page
 * compares a PDF with.
 */
import {
  PATHS,
  type ContractPdfLink,
  type EvidenceReport,
  type EvidenceReportApplyBody,
  type EvidenceReportSummary,
  type Page,
} from '@esign/platform';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session';
import { call } from './client';

/** Applies for a report (one contract: the server refuses several ids with the spec's words). */
export const applyForEvidenceReport = (body: EvidenceReportApplyBody) =>
  call<EvidenceReport>({ method: 'POST', url: PATHS.evidenceReportApply, data: body });

/** The console's reports of a contract, newest first (the first hundred). */
export const fetchContractReports = (contractId: string) =>
  call<Page<EvidenceReport>>({
    url: PATHS.evidenceReportPage,
    params: { contractId, current: 1, size: 100 },
  });

/** The public summary of an issued report, by its id and the token of its verification link. */
export const fetchEvidenceSummary = (id: string, token: string) =>
  call<EvidenceReportSummary>({
    url: PATHS.evidenceReportVerify,
    params: { id, token },
    // The page says itself that the link matches no report: no toast besides.
    quiet: true,
  });

/** Saves an issued report's signed PDF by its single-use link, under the name the server gives. */
export async function downloadEvidenceReport(id: string): Promise<void> {
  const ticket = await call<ContractPdfLink>({
    url: PATHS.evidenceReportDownloadTicket,
    params: { id },
  });
  const anchor = document.createElement('a');
  anchor.href = ticket.link;
  anchor.download = ticket.fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export const evidenceReportKeys = {
  all: (companyId: number) => ['evidenceReports', companyId] as const,
  ofContract: (companyId: number, contractId: string) =>
    ['evidenceReports', companyId, 'contract', contractId] as const,
  summary: (id: string, token: string) => ['evidenceReports', 'summary', id, token] as const,
};

/** How often a contract's reports are read again while one is being prepared. */
export const PENDING_REFRESH_MS = 10_000;

export const evidenceReportQueries = {
  ofContract: (companyId: number, contractId: string) =>
    queryOptions({
      queryKey: evidenceReportKeys.ofContract(companyId, contractId),
      queryFn: () => fetchContractReports(contractId),
      // A pending report becomes issued by itself (the server's job): read again meanwhile.
      refetchInterval: (query) =>
        query.state.data?.records.some((report) => report.status === 'pending')
          ? PENDING_REFRESH_MS
          : false,
    }),
  summary: (id: string, token: string) =>
    queryOptions({
      queryKey: evidenceReportKeys.summary(id, token),
      queryFn: () => fetchEvidenceSummary(id, token),
      retry: false,
    }),
};

/** Applying, after which the console's reports are read again. */
export function useApplyForEvidenceReport() {
  const client = useQueryClient();
  const companyId = useSession((state) => state.companyId);
  return useMutation({
    mutationFn: applyForEvidenceReport,
    onSettled: () => client.invalidateQueries({ queryKey: evidenceReportKeys.all(companyId) }),
  });
}
