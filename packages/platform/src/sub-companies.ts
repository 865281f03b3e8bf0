/**
 * Affiliated companies (spec 001 §7 Sub-companies): a main company's affiliates, each with its launchAuth.
 * Paths, schemas, shapes and messages shared by the server and the web app.
 *
 * How a link is made: the main company's member with `subCompany:operate` names another company
 * of the same tenant (send-msg); its system administrator gets an SMS code and tells it to them;
 * sub-company with that code links the two. The affiliate's launchAuth (may the main company
 * initiate contracts in its name) starts on and is switched with set-status. A company is never
 * its own affiliate, nor linked twice to the same main company, nor another tenant's.
 */
import * as z from 'zod/mini';
import type { MessageKey } from './messages';
import { pageQuery, recordIdSchema } from './paging';
import { SMS_CODE_LENGTH } from './constants';

const err = (key: MessageKey) => ({ error: key });

/** The calls of this area, under /api (joined into `PATHS`). */
export const SUB_COMPANY_PATHS = {
  /** GET ?current&size: the session's company's affiliates (`Page<SubCompany>`). */
  subCompanyPage: '/blade-system/sub-company/page',
  /** POST `SubCompanyCodeBody`: sends the code to the named company's administrator (`SubCompanyCodeSent`). */
  subCompanySendMsg: '/blade-system/sub-company/send-msg',
  /** POST `SubCompanyLinkBody`: links the named company with its administrator's code (`SubCompany`). */
  subCompanyLink: '/blade-system/sub-company/sub-company',
  /** POST `SubCompanyStatusBody`: turns an affiliate's launchAuth on or off (`SubCompany`). */
  subCompanySetStatus: '/blade-system/sub-company/set-status',
  /**
   * GET: the top bar's sub-company tabs (`SubCompanyTab[]`): the session's company group (a main
   * company and its affiliates) as far as the user is an active member of each; empty in the
   * personal console or when the group has no other company for the user.
   */
  subCompanyTabs: '/blade-system/sub-company/tabs',
} as const;

/** What the code sent to an affiliate's administrator is for (its SMS purpose). */
export const SUB_COMPANY_CODE_PURPOSE = 'sub-company';
export type SubCompanyCodePurpose = typeof SUB_COMPANY_CODE_PURPOSE;

/** An affiliated company of the session's company, as the list shows it (spec 001 §3). */
export interface SubCompany {
  /** The affiliated company's id. */
  id: string;
  fullName: string;
  /** Its certification state (company authStatus: 1 = certified). */
  authStatus: number;
  /** Whether the main company may initiate contracts in the affiliate's name. */
  launchAuth: boolean;
  /** When it was linked, yyyy-MM-dd HH:mm:ss UTC. */
  linkedAt: string;
}

/** One tab of the top bar's sub-company tab bar. */
export interface SubCompanyTab {
  id: number;
  fullName: string;
  /** The main company of the group (the others are its affiliates). */
  main: boolean;
}

/** What send-msg answers: the code's timings, and the masked phone it went to. */
export interface SubCompanyCodeSent {
  resendAfter: number;
  expiresIn: number;
  /** The administrator's phone, masked: 138****0002. */
  phone: string;
}

/** A company's full name as typed (1–100 characters, trimmed). */
const companyNameSchema = z
  .string(err('subCompanyNameRequired'))
  .check(
    z.trim(),
    z.minLength(1, err('subCompanyNameRequired')),
    z.maxLength(100, err('invalidValue')),
  );

/**
 * The administrator's code as typed (the rule of `smsCodeSchema`, written here because
 * validation.ts imports the messages that import this module).
 */
const codeSchema = z
  .string(err('smsCodeRequired'))
  .check(
    z.trim(),
    z.minLength(1, err('smsCodeRequired')),
    z.regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), err('smsCodeInvalid')),
  );

export const subCompanyPageQuery = z.object(pageQuery);

export const subCompanyCodeBody = z.object({ companyName: companyNameSchema });
export type SubCompanyCodeBody = z.input<typeof subCompanyCodeBody>;

export const subCompanyLinkBody = z.object({
  companyName: companyNameSchema,
  code: codeSchema,
});
export type SubCompanyLinkBody = z.input<typeof subCompanyLinkBody>;

export const subCompanyStatusBody = z.object({
  id: recordIdSchema,
  launchAuth: z.boolean(err('invalidValue')),
});
export type SubCompanyStatusBody = z.input<typeof subCompanyStatusBody>;

/** The messages of this area in English and Chinese (joined into `MESSAGES`). */
export const SUB_COMPANY_MESSAGES = {
  subCompanyNameRequired: { en: 'Please enter the company name', zh: '请输入企业名称' },
  subCompanyNotFound: {
    en: 'No company of this name on the platform',
    zh: '平台上没有该名称的企业',
  },
  subCompanySelf: {
    en: 'Associated companies must not duplicate the main company',
    zh: '关联企业不能与主企业重复',
  },
  subCompanyLinked: {
    en: 'This company is already an affiliate',
    zh: '该企业已是关联企业',
  },
  subCompanyNoAdmin: {
    en: 'This company has no administrator to confirm the link',
    zh: '该企业没有可确认关联的管理员',
  },
  subCompanyNotLinked: {
    en: 'This company is not an affiliate of yours',
    zh: '该企业不是您的关联企业',
  },
} as const satisfies Record<string, { en: string; zh: string }>;
