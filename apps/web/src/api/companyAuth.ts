/**
 * Company real-name verification calls (spec 000 §7 busi-company and bankcode/dropDownList), their
 * TanStack Query keys, and what an approval refreshes (the company switcher's list).
 */
import {
  PATHS,
  type BankOption,
  type CompanyAuthApplication,
  type CompanyCheck,
  type CompanyCodeSentTo,
  type CompanyFaceStarted,
  type CompanyInfoBody,
  type CompanyInfoValid,
  type DevPayment,
  type MicroPaymentSent,
} from '@esign/platform';
import { queryOptions } from '@tanstack/react-query';
import { call } from './client';

export const checkCompany = (companyName: string) =>
  call<CompanyCheck>({ method: 'POST', url: PATHS.checkCompany, data: { companyName } });

export const validateCompanyInfo = (info: CompanyInfoBody) =>
  call<CompanyInfoValid>({ method: 'POST', url: PATHS.validateCompanyInfo, data: info });

export const beginCompanyAuth = (info: CompanyInfoBody) =>
  call<CompanyAuthApplication>({ method: 'POST', url: PATHS.beginCompanyAuth, data: info });

export const fetchCompanyAuths = () =>
  call<CompanyAuthApplication[]>({ url: PATHS.companyAuthList });

export const fetchBanks = () => call<BankOption[]>({ url: PATHS.bankDropDown });

export const startLegalAuth = (id: string, legalPhone: string) =>
  call<CompanyCodeSentTo>({
    method: 'POST',
    url: PATHS.companyLegalAuth,
    data: { id, legalPhone },
  });

export const resendLegalCode = (id: string) =>
  call<CompanyCodeSentTo>({ method: 'POST', url: PATHS.sendMsgForCompanyAuth, data: { id } });

export const authByLegal = (id: string, code: string) =>
  call<CompanyAuthApplication>({
    method: 'POST',
    url: PATHS.companyAuthByLegal,
    data: { id, code },
  });

export const applyMicroPayment = (id: string, bankCode: string, bankAccount: string) =>
  call<MicroPaymentSent>({
    method: 'POST',
    url: PATHS.applyMicroPayment,
    data: { id, bankCode, bankAccount },
  });

export const authByMicroPayment = (id: string, amount: string) =>
  call<CompanyAuthApplication>({
    method: 'POST',
    url: PATHS.companyAuthByMicroPayment,
    data: { id, amount },
  });

export const fetchDevPayment = (reference: string) =>
  call<DevPayment>({ url: PATHS.devPayment, params: { reference } });

export const startCompanyFace = (id: string) =>
  call<CompanyFaceStarted>({ url: PATHS.companyFaceAuthUrl, params: { id } });

export const companyFaceResult = (id: string) =>
  call<CompanyAuthApplication>({ url: PATHS.companyFaceAuthResult, params: { id } });

export const uploadLetter = (id: string, letter: string) =>
  call<CompanyAuthApplication>({
    method: 'POST',
    url: PATHS.certificateAuth,
    data: { id, letter },
  });

export const withdrawCompanyAuth = (id: string) =>
  call<CompanyAuthApplication>({ method: 'POST', url: PATHS.removeConnect, data: { id } });

export const companyAuthKeys = {
  all: ['company-auth'] as const,
  list: ['company-auth', 'list'] as const,
  banks: ['company-auth', 'banks'] as const,
};

export const companyAuthQueries = {
  list: () => queryOptions({ queryKey: companyAuthKeys.list, queryFn: fetchCompanyAuths }),
  banks: () =>
    queryOptions({ queryKey: companyAuthKeys.banks, queryFn: fetchBanks, staleTime: Infinity }),
};
