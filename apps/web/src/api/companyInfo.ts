/**
 * The company information calls (spec 001 §7 Company: busi-company/company-info, the legal
 * representative and name changes, change-admin; contract/hasUnfinished and the write-off), their
 * TanStack Query keys, and what a change refreshes.
 */
import {
  PATHS,
  type AdminCandidate,
  type CompanyCodeSent,
  type CompanyInfo,
  type PendingCompanyChange,
  type UnfinishedContracts,
} from '@esign/platform';
import { queryOptions } from '@tanstack/react-query';
import { call } from './client';

const post = <T>(url: string, data?: unknown) =>
  call<T>({ method: 'POST', url, ...(data === undefined ? {} : { data }) });

/** A step whose refusal the dialog shows under the field it concerns (no toast as well). */
const postQuietly = <T>(url: string, data: unknown) =>
  call<T>({ method: 'POST', url, data, quiet: true });

export const companyInfoKeys = {
  all: (companyId: number) => ['company-info', companyId] as const,
};

export const companyInfoQueries = {
  info: (companyId: number) =>
    queryOptions({
      queryKey: [...companyInfoKeys.all(companyId), 'info'],
      queryFn: () => call<CompanyInfo>({ url: PATHS.companyInfo }),
    }),
  candidates: (companyId: number) =>
    queryOptions({
      queryKey: [...companyInfoKeys.all(companyId), 'admin-candidates'],
      queryFn: () => call<AdminCandidate[]>({ url: PATHS.adminCandidates }),
    }),
  unfinished: (companyId: number) =>
    queryOptions({
      queryKey: [...companyInfoKeys.all(companyId), 'unfinished'],
      queryFn: () => call<UnfinishedContracts>({ url: PATHS.contractHasUnfinished }),
      // The count changes as contracts end: asked afresh whenever the write-off opens.
      staleTime: 0,
    }),
};

export const beginChangeLegal = (body: { name: string; phone: string; idNumber: string }) =>
  postQuietly<PendingCompanyChange>(PATHS.beginChangeLegal, body);
export const sendChangeLegalCode = () => post<CompanyCodeSent>(PATHS.sendMsgForChangeLegal);
export const changeLegal = (code: string) => postQuietly<CompanyInfo>(PATHS.changeLegal, { code });

export const beginChangeCompanyName = (companyName: string) =>
  postQuietly<PendingCompanyChange>(PATHS.beginChangeCompanyName, { companyName });
export const sendChangeCompanyNameCode = () =>
  post<CompanyCodeSent>(PATHS.sendMsgForChangeCompanyName);
export const changeCompanyName = (code: string) =>
  postQuietly<CompanyInfo>(PATHS.changeCompanyName, { code });

export const sendChangeAdminCode = () => post<CompanyCodeSent>(PATHS.sendMsgForChangeAdmin);
export const changeAdmin = (userId: number, code: string) =>
  postQuietly<CompanyInfo>(PATHS.changeAdmin, { userId, code });

export const sendWriteOffCode = () => post<CompanyCodeSent>(PATHS.sendMsgForWriteOff);
export const writeOff = (code: string, companyName: string) =>
  postQuietly<{ writtenOff: true }>(PATHS.writeOff, { code, companyName });
