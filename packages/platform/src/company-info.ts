/**
 * The company's information (spec 001 §7 Company): its data and certification, the changes of legal representative, name and administrator confirmed by SMS code, and write-off.
 * Paths, schemas, shapes and messages shared by the server and the web app.
 */
import * as z from 'zod/mini';
import { COMPANY_NAME_MAX } from './contract-create';
import type { ContractStatus } from './contracts';
import { idNumberSchema, phoneSchema, realNameSchema, smsCodeSchema } from './validation';

/**
 * The calls of this area, under /api (joined into `PATHS`). The spec names the company calls
 * without their service; they sit under blade-system/busi-company like the spec's
 * check-user-company-info. The administrator's and write-off's codes, the transfer's candidates
 * and the write-off itself are not in the spec: designed here in the same style.
 */
export const COMPANY_INFO_PATHS = {
  companyInfo: '/blade-system/busi-company/company-info',
  beginChangeLegal: '/blade-system/busi-company/begin-change-legal',
  sendMsgForChangeLegal: '/blade-system/busi-company/send-msg-for-change-legal',
  changeLegal: '/blade-system/busi-company/change-legal',
  beginChangeCompanyName: '/blade-system/busi-company/begin-change-company-name',
  sendMsgForChangeCompanyName: '/blade-system/busi-company/send-msg-for-change-company-name',
  changeCompanyName: '/blade-system/busi-company/change-company-name',
  adminCandidates: '/blade-system/busi-company/admin-candidates',
  sendMsgForChangeAdmin: '/blade-system/busi-company/send-msg-for-change-admin',
  changeAdmin: '/blade-system/busi-company/change-admin',
  contractHasUnfinished: '/sicpay-contract/contract/hasUnfinished',
  sendMsgForWriteOff: '/blade-system/busi-company/send-msg-for-write-off',
  writeOff: '/blade-system/busi-company/write-off',
} as const;

/**
 * What an SMS code of this area confirms; a code is good for its purpose only, so a code sent to
 * confirm a name change cannot transfer the administrator.
 */
export const COMPANY_CODE_PURPOSES = [
  'company-legal',
  'company-name',
  'company-admin',
  'company-write-off',
] as const;
export type CompanyCodePurpose = (typeof COMPANY_CODE_PURPOSES)[number];

/**
 * Certification (spec 001 §4) from `companies.auth_status`: 1 verified → approved; 0 (not yet)
 * and 2 (under review) → pending; 3 (refused) → rejected; 4 (a banned company reinstated) →
 * unbanned. Any other value reads as pending.
 */
export const CERTIFICATION_STATES = ['pending', 'approved', 'rejected', 'unbanned'] as const;
export type CertificationState = (typeof CERTIFICATION_STATES)[number];

export function certificationOf(authStatus: number): CertificationState {
  if (authStatus === 1) return 'approved';
  if (authStatus === 3) return 'rejected';
  if (authStatus === 4) return 'unbanned';
  return 'pending';
}

/**
 * The statuses in which a contract is not finished (spec 001 §6 "unfinished contracts"): its
 * parties still have something to do. Every other status is an end (completed, refused, rejected,
 * expired, withdrawn, cancelled).
 */
export const UNFINISHED_CONTRACT_STATUSES = [
  'filling',
  'approving',
  'signing',
] as const satisfies readonly ContractStatus[];

/** A person of the company as its information shows them: the phone masked (138****0000). */
export interface CompanyPerson {
  name: string;
  phone: string;
}

/** A change begun and waiting for its SMS code. */
export interface PendingCompanyChange {
  /** The new legal representative (phone masked) or the new name. */
  legal?: CompanyPerson;
  companyName?: string;
  /** Where the code goes, masked. */
  codePhone: string;
}

/** GET company-info. */
export interface CompanyInfo {
  companyId: number;
  companyName: string;
  /** The unified social credit code; '' until the company records it. */
  creditCode: string;
  legal: CompanyPerson | null;
  admin: CompanyPerson | null;
  certification: CertificationState;
  authStatus: number;
  memberCount: number;
  createdAt: string;
  /** Changes begun and not yet confirmed by their code. */
  pending: { legal: PendingCompanyChange | null; name: PendingCompanyChange | null };
}

/** An active member the administrator may hand the company to. */
export interface AdminCandidate {
  userId: number;
  name: string;
  phone: string;
}

/** Where a code went (masked) and when another may be asked for. */
export interface CompanyCodeSent {
  phone: string;
  resendAfter: number;
  expiresIn: number;
}

/** hasUnfinished: whether the company has contracts not finished, and how many. */
export interface UnfinishedContracts {
  hasUnfinished: boolean;
  count: number;
}

const err = (key: 'companyNameRequired' | 'companyNameTooLong') => ({ error: key });

export const companyNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, err('companyNameRequired')),
    z.maxLength(COMPANY_NAME_MAX, err('companyNameTooLong')),
  );

export const beginChangeLegalSchema = z.object({
  name: realNameSchema,
  phone: phoneSchema,
  idNumber: idNumberSchema,
});
export const beginChangeCompanyNameSchema = z.object({ companyName: companyNameSchema });
export const companyCodeSchema = z.object({ code: smsCodeSchema });
export const changeAdminSchema = z.object({
  userId: z.number().check(z.int(), z.positive()),
  code: smsCodeSchema,
});
/** Write-off: the code, and the company's full name typed out as confirmation. */
export const writeOffSchema = z.object({ code: smsCodeSchema, companyName: z.string() });

/** The messages of this area in English and Chinese (joined into `MESSAGES`). */
export const COMPANY_INFO_MESSAGES = {
  companyConsoleOnly: {
    en: 'This is done in a company console: switch to the company first',
    zh: '请先切换到企业控制台再操作',
  },
  companyChangeNotBegun: {
    en: 'Start the change again: nothing is waiting for a verification code',
    zh: '没有待确认的变更，请重新发起',
  },
  companyNameTaken: {
    en: 'Another company already has this name',
    zh: '该企业名称已被使用',
  },
  companyNameUnchanged: {
    en: 'The new name is the company’s current name',
    zh: '新名称与当前企业名称相同',
  },
  companyLegalUnchanged: {
    en: 'This person is already the legal representative',
    zh: '该人员已是法定代表人',
  },
  companyAdminCandidateInvalid: {
    en: 'Choose another active member of this company',
    zh: '请选择本企业的其他在职成员',
  },
  companyAdminMissing: {
    en: 'The company has no system administrator to confirm this',
    zh: '企业没有可确认此操作的系统管理员',
  },
  companyAdminChanged: {
    en: 'The system administrator has changed meanwhile: ask for a new code',
    zh: '系统管理员已变更，请重新获取验证码',
  },
  companyUnfinishedContracts: {
    en: 'The company still has {count} unfinished contracts: finish or withdraw them before writing it off',
    zh: '企业还有 {count} 份未完成的合同，请先完成或撤回后再注销',
  },
  companyWriteOffNameMismatch: {
    en: 'Type the company’s full name exactly to confirm the write-off',
    zh: '请准确输入企业全称以确认注销',
  },
} as const satisfies Record<string, { en: string; zh: string }>;
