/**
 * Certificates of a company (spec 001 §2 cert and application_cert, §3 Communication certificate,
 * §6 "Digital certificates: view, apply for a hardware key" and "communication certificate", §7
 * systemAccess/applyCert and systemDigitalCertificate page, updateStatus, download, update;
 * issue 34). What the server and the web app share: the calls, their bodies and answers, the
 * statuses and the one table of how they change, the messages in both languages and the examples
 * the OpenAPI document and the stories answer with. The server's side:
 * apps/server/src/certificates/CONTEXT.md.
 *
 * - A communication certificate identifies the company's software to the open API (an API access
 *   party's requests): issued by the platform's certificate authority with a key made on the
 *   server, handed over once as a PKCS#12 file under a password the user chooses, and never
 *   kept (only the certificate is).
 * - A digital certificate is the company's signing certificate: issued by the platform's
 *   authority or imported from a PKCS#12 file; the company's active one signs its contracts.
 * - A hardware key (USB key) is applied for, and its application followed through its states.
 */
import * as z from 'zod/mini';
import type { Page } from './api';
import type { MessageKey } from './messages';
import { pageQuery, positiveInt, recordIdSchema } from './paging';
import { PHONE_PATTERN } from './validation';

const err = (key: MessageKey) => ({ error: key });
const invalid = err('invalidValue');

/** The calls of this area, under /api (joined into `PATHS`). */
export const CERTIFICATE_PATHS = {
  /**
   * POST `CommunicationCertApplyBody`: issues a communication certificate and answers it with its
   * PKCS#12 file, once (`CommunicationCertIssued`). The spec's systemAccess/applyCert.
   */
  communicationCertApply: '/blade-system/systemAccess/applyCert',
  /** GET `CommunicationCertPageQuery`: the company's communication certificates, newest first. */
  communicationCertPage: '/blade-system/systemAccessCert/page',
  /** POST `{ id, reason? }`: revokes one (`CommunicationCertificate`). */
  communicationCertRevoke: '/blade-system/systemAccessCert/revoke',
  /** POST `{ id, accessPartyId }`: binds one to an access party, or unbinds it with null. */
  communicationCertBind: '/blade-system/systemAccessCert/bind',
  /** GET ?id&format: the certificate (never the key), PEM with the authority's or DER. */
  communicationCertDownload: '/blade-system/systemAccessCert/download',
  /** GET `DigitalCertPageQuery`: the company's digital certificates (`DigitalCertificatePage`). */
  digitalCertPage: '/blade-system/systemDigitalCertificate/page',
  /** POST `DigitalCertStatusBody`: enables, disables or revokes one (`DigitalCertificate`). */
  digitalCertUpdateStatus: '/blade-system/systemDigitalCertificate/updateStatus',
  /** GET ?id&format: the certificate and its chain in PEM, or the certificate in DER. */
  digitalCertDownload: '/blade-system/systemDigitalCertificate/download',
  /** POST `DigitalCertUpdateBody`: renames one (`DigitalCertificate`). */
  digitalCertUpdate: '/blade-system/systemDigitalCertificate/update',
  /** POST `DigitalCertApplyBody`: the platform's authority issues one (`DigitalCertificate`). */
  digitalCertApply: '/blade-system/systemDigitalCertificate/apply',
  /** POST `DigitalCertImportBody`: imports a PKCS#12 file (`DigitalCertificate`). */
  digitalCertImport: '/blade-system/systemDigitalCertificate/import',
  /** POST `HardwareKeyApplyBody`: applies for hardware keys (`HardwareKeyApplication`). */
  hardwareKeyApply: '/blade-system/systemDigitalCertificate/applyHardwareKey',
  /** GET `pageQuery`: the company's hardware key applications, newest first. */
  hardwareKeyPage: '/blade-system/systemDigitalCertificate/hardwareKeyPage',
  /**
   * POST `{ id, event }` (development only): issues, ships or rejects an application of the
   * session's company as the key vendor's operator would — for testers.
   */
  devHardwareKeyAdvance: '/dev/hardware-keys/advance',
} as const;

// ---- Communication certificates ----

/**
 * The algorithms of a communication certificate (spec 001 §3 "algorithm, key length"): RSA of
 * 2048 bits, or SM2 (GB/T 32918, 256 bits) for partners bound to the national algorithms. Either
 * is issued by the platform's (RSA) authority.
 */
export const COMMUNICATION_CERT_ALGORITHMS = ['RSA', 'SM2'] as const;
export type CommunicationCertAlgorithm = (typeof COMMUNICATION_CERT_ALGORITHMS)[number];

/** The key length of each algorithm, in bits. */
export const CERT_KEY_BITS: Readonly<Record<CommunicationCertAlgorithm, number>> = {
  RSA: 2048,
  SM2: 256,
};

/** How long a certificate the platform issues may be valid, in whole years. */
export const CERT_VALIDITY_YEARS = [1, 2, 3] as const;
export type CertValidityYears = (typeof CERT_VALIDITY_YEARS)[number];

/** How far ahead the company's administrators are told a certificate ends (a message). */
export const CERT_EXPIRY_WARNING_DAYS = 30;

/**
 * A communication certificate's state: `active` until it ends (`expired`, derived from its end)
 * or is revoked (`revoked`, for good).
 */
export const COMMUNICATION_CERT_STATUSES = ['active', 'expired', 'revoked'] as const;
export type CommunicationCertStatus = (typeof COMMUNICATION_CERT_STATUSES)[number];

/** Why a certificate is revoked (RFC 5280 CRLReason, the ones a company would give). */
export const CERT_REVOCATION_REASONS = [
  'unspecified',
  'keyCompromise',
  'superseded',
  'cessationOfOperation',
] as const;
export type CertRevocationReason = (typeof CERT_REVOCATION_REASONS)[number];

/** The access party a communication certificate is bound to. */
export interface BoundAccessParty {
  id: string;
  name: string;
}

/** A communication certificate as the application_cert list shows it. */
export interface CommunicationCertificate {
  id: string;
  /** The certificate's serial number, hexadecimal in capitals. */
  serialNumber: string;
  algorithm: CommunicationCertAlgorithm;
  /** Bits: 2048 (RSA) or 256 (SM2). */
  keyLength: number;
  /** The certificate's subject, as `CN=…, O=…`. */
  subject: string;
  /** ISO 8601: the validity. */
  notBefore: string;
  notAfter: string;
  status: CommunicationCertStatus;
  /** Within `CERT_EXPIRY_WARNING_DAYS` of its end (and neither revoked nor expired). */
  expiresSoon: boolean;
  /** The binding status (spec 001 §3): the access party it identifies, or null when unbound. */
  accessParty: BoundAccessParty | null;
  /** SHA-256 of the certificate's DER, hexadecimal. */
  fingerprint: string;
  createdAt: string;
  createdBy: string;
  revokedAt: string | null;
}

/**
 * The password of a PKCS#12 file the platform hands over: 8–32 visible ASCII characters (no
 * spaces) with at least two of digits, letters and symbols. ASCII only, because PKCS#12 readers
 * disagree on how other characters become bytes.
 */
export const CERT_PASSWORD_PATTERN = /^[\x21-\x7e]{8,32}$/;

/** Whether a file password passes `CERT_PASSWORD_PATTERN` and mixes two kinds of character. */
export function isCertPassword(password: string): boolean {
  if (!CERT_PASSWORD_PATTERN.test(password)) return false;
  const kinds = [/\d/, /[A-Za-z]/, /[^\dA-Za-z]/].filter((kind) => kind.test(password));
  return kinds.length >= 2;
}

/** A PKCS#12 file's password as the platform hands one over (`isCertPassword`). */
export const certPasswordSchema = z
  .string(err('certificatePasswordRequired'))
  .check(
    z.minLength(1, err('certificatePasswordRequired')),
    z.refine(isCertPassword, err('certificatePasswordRule')),
  );

/** An access party's id in a body: a record id, or null to leave (or make) it unbound. */
const accessPartyIdSchema = z.nullable(recordIdSchema);

/** POST systemAccess/applyCert */
export const communicationCertApplyBody = z.object({
  algorithm: z.enum(COMMUNICATION_CERT_ALGORITHMS, invalid),
  years: z._default(z.literal(CERT_VALIDITY_YEARS, invalid), 2),
  accessPartyId: z._default(accessPartyIdSchema, null),
  password: certPasswordSchema,
});
export type CommunicationCertApplyBody = z.input<typeof communicationCertApplyBody>;

/**
 * What applyCert answers: the certificate, and its key with it as a PKCS#12 file (base64) under
 * the password given — the only time the key exists outside the moment it was made.
 */
export interface CommunicationCertIssued {
  certificate: CommunicationCertificate;
  /** The PKCS#12 file (.p12), base64. */
  pkcs12: string;
  /** A name to save it under. */
  fileName: string;
}

/** GET systemAccessCert/page */
export const communicationCertPageQuery = z.object({
  ...pageQuery,
  status: z.optional(z.enum(COMMUNICATION_CERT_STATUSES, invalid)),
});
export type CommunicationCertPageQuery = z.input<typeof communicationCertPageQuery>;

/** POST systemAccessCert/revoke */
export const certRevokeBody = z.object({
  id: recordIdSchema,
  reason: z._default(z.enum(CERT_REVOCATION_REASONS, invalid), 'unspecified'),
});
export type CertRevokeBody = z.input<typeof certRevokeBody>;

/** POST systemAccessCert/bind */
export const communicationCertBindBody = z.object({
  id: recordIdSchema,
  accessPartyId: accessPartyIdSchema,
});
export type CommunicationCertBindBody = z.input<typeof communicationCertBindBody>;

/** How a certificate is downloaded: PEM (text, with the issuers) or DER (the certificate alone). */
export const CERT_DOWNLOAD_FORMATS = ['pem', 'der'] as const;
export type CertDownloadFormat = (typeof CERT_DOWNLOAD_FORMATS)[number];

/** GET …/download */
export const certDownloadQuery = z.object({
  id: positiveInt(),
  format: z._default(z.enum(CERT_DOWNLOAD_FORMATS, invalid), 'pem'),
});
export type CertDownloadQuery = z.input<typeof certDownloadQuery>;

// ---- Digital certificates ----

/** Where a digital certificate came from: the platform's authority, or a file the company had. */
export const DIGITAL_CERT_SOURCES = ['issued', 'imported'] as const;
export type DigitalCertSource = (typeof DIGITAL_CERT_SOURCES)[number];

/**
 * A digital certificate's state. `active`: the company's signing certificate — at most one at a
 * time; `disabled`: kept, signs nothing; `revoked`: for good (a platform-issued one is listed in
 * the authority's CRL); `expired`: past its end (derived, never stored).
 */
export const DIGITAL_CERT_STATUSES = ['active', 'disabled', 'revoked', 'expired'] as const;
export type DigitalCertStatus = (typeof DIGITAL_CERT_STATUSES)[number];

/** The statuses updateStatus may ask for. */
export const DIGITAL_CERT_TARGETS = ['active', 'disabled', 'revoked'] as const;
export type DigitalCertTarget = (typeof DIGITAL_CERT_TARGETS)[number];

/**
 * How a digital certificate's status changes (updateStatus), the one table the server enforces
 * and the page draws its buttons from. Making one `active` disables the company's other active
 * one in the same step. Nothing leaves `revoked` or `expired`.
 */
export const DIGITAL_CERT_TRANSITIONS: Readonly<
  Record<DigitalCertStatus, readonly DigitalCertTarget[]>
> = {
  active: ['disabled', 'revoked'],
  disabled: ['active', 'revoked'],
  revoked: [],
  expired: [],
};

/** Whether updateStatus may move a certificate from `from` to `to`. */
export function canChangeDigitalCert(from: DigitalCertStatus, to: DigitalCertTarget): boolean {
  return DIGITAL_CERT_TRANSITIONS[from].includes(to);
}

/** A digital certificate as the cert page lists it. */
export interface DigitalCertificate {
  id: string;
  /** The company's own name for it. */
  name: string;
  source: DigitalCertSource;
  status: DigitalCertStatus;
  /** Within `CERT_EXPIRY_WARNING_DAYS` of its end (and neither revoked nor expired). */
  expiresSoon: boolean;
  /** `RSA` (the only kind that signs contracts here). */
  algorithm: string;
  keyLength: number;
  serialNumber: string;
  subject: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
  fingerprint: string;
  /** How many issuers' certificates come with it (0 for a self-signed import). */
  chainLength: number;
  createdAt: string;
  createdBy: string;
  revokedAt: string | null;
  revocationReason: CertRevocationReason | null;
}

/** What the cert page's list call answers: a page, and whether the company signs with one. */
export interface DigitalCertificatePage extends Page<DigitalCertificate> {
  /**
   * How the company's contracts are signed now: with its active certificate (`certificate`), by
   * keys the platform issues to each signer because it never had a certificate (`platform`), or
   * not at all because it has certificates and none is active and valid (`blocked`).
   */
  signing: 'certificate' | 'platform' | 'blocked';
}

/** The longest name a company gives a certificate. */
export const CERT_NAME_MAX = 50;

const certNameSchema = z
  .string(err('certificateNameRequired'))
  .check(
    z.trim(),
    z.minLength(1, err('certificateNameRequired')),
    z.maxLength(CERT_NAME_MAX, err('certificateNameTooLong')),
  );

/** GET systemDigitalCertificate/page */
export const digitalCertPageQuery = z.object({
  ...pageQuery,
  status: z.optional(z.enum(DIGITAL_CERT_STATUSES, invalid)),
});
export type DigitalCertPageQuery = z.input<typeof digitalCertPageQuery>;

/** POST systemDigitalCertificate/updateStatus */
export const digitalCertStatusBody = z.object({
  id: recordIdSchema,
  status: z.enum(DIGITAL_CERT_TARGETS, invalid),
  /** Why, when revoking. */
  reason: z._default(z.enum(CERT_REVOCATION_REASONS, invalid), 'unspecified'),
});
export type DigitalCertStatusBody = z.input<typeof digitalCertStatusBody>;

/** POST systemDigitalCertificate/update */
export const digitalCertUpdateBody = z.object({
  id: recordIdSchema,
  name: certNameSchema,
});
export type DigitalCertUpdateBody = z.input<typeof digitalCertUpdateBody>;

/** POST systemDigitalCertificate/apply */
export const digitalCertApplyBody = z.object({
  name: certNameSchema,
  years: z._default(z.literal(CERT_VALIDITY_YEARS, invalid), 2),
});
export type DigitalCertApplyBody = z.input<typeof digitalCertApplyBody>;

/** The largest PKCS#12 file imported, in bytes (a key and a long chain take a few kilobytes). */
export const CERT_IMPORT_MAX_BYTES = 64 * 1024;

/** Base64 of at most `CERT_IMPORT_MAX_BYTES`. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** POST systemDigitalCertificate/import: the file travels as base64 in the JSON body. */
export const digitalCertImportBody = z.object({
  name: certNameSchema,
  file: z
    .string(err('certificateFileRequired'))
    .check(
      z.minLength(1, err('certificateFileRequired')),
      z.maxLength(Math.ceil(CERT_IMPORT_MAX_BYTES / 3) * 4, err('certificateFileTooLarge')),
      z.regex(BASE64, err('certificateFileInvalid')),
    ),
  /** The file's password; a file without one is refused by the server as not protected. */
  password: z
    .string(err('certificatePasswordRequired'))
    .check(
      z.minLength(1, err('certificatePasswordRequired')),
      z.maxLength(128, err('certificatePasswordRequired')),
    ),
});
export type DigitalCertImportBody = z.input<typeof digitalCertImportBody>;

// ---- Hardware keys ----

/**
 * A hardware key application's state: `applied` until the vendor acts; then `issued` (the key
 * is made with the company's certificate in it, to collect), `shipped` (posted, with a tracking
 * number; from applied or issued) or `rejected` (with the reason). The vendor's moves are the
 * platform operator's (see the server's CONTEXT.md).
 */
export const HARDWARE_KEY_STATUSES = ['applied', 'issued', 'shipped', 'rejected'] as const;
export type HardwareKeyStatus = (typeof HARDWARE_KEY_STATUSES)[number];

export const HARDWARE_KEY_EVENTS = ['issue', 'ship', 'reject'] as const;
export type HardwareKeyEvent = (typeof HARDWARE_KEY_EVENTS)[number];

/** The one table of how an application moves. */
export const HARDWARE_KEY_TRANSITIONS: Readonly<
  Record<HardwareKeyStatus, Partial<Record<HardwareKeyEvent, HardwareKeyStatus>>>
> = {
  applied: { issue: 'issued', ship: 'shipped', reject: 'rejected' },
  issued: { ship: 'shipped' },
  shipped: {},
  rejected: {},
};

/** Where an application goes on `event`, or null when it cannot. */
export function nextHardwareKeyStatus(
  from: HardwareKeyStatus,
  event: HardwareKeyEvent,
): HardwareKeyStatus | null {
  return HARDWARE_KEY_TRANSITIONS[from][event] ?? null;
}

/** How many keys one application asks for at most. */
export const HARDWARE_KEY_QUANTITY_MAX = 20;

const trimmed = (required: MessageKey) =>
  z.string(err(required)).check(z.trim(), z.minLength(1, err(required)));

/** POST systemDigitalCertificate/applyHardwareKey */
export const hardwareKeyApplyBody = z.object({
  quantity: z
    .number(invalid)
    .check(
      z.int(invalid),
      z.minimum(1, err('hardwareKeyQuantityRule')),
      z.maximum(HARDWARE_KEY_QUANTITY_MAX, err('hardwareKeyQuantityRule')),
    ),
  contactName: trimmed('addressNameRequired').check(z.maxLength(30, err('addressNameTooLong'))),
  phone: trimmed('phoneRequired').check(z.regex(PHONE_PATTERN, err('phoneInvalid'))),
  address: trimmed('addressRequired').check(z.maxLength(200, err('addressTooLong'))),
  remark: z._default(z.string(invalid).check(z.trim(), z.maxLength(200, invalid)), ''),
});
export type HardwareKeyApplyBody = z.input<typeof hardwareKeyApplyBody>;

/** GET systemDigitalCertificate/hardwareKeyPage */
export const hardwareKeyPageQuery = z.object({ ...pageQuery });

/** POST dev/hardware-keys/advance */
export const devHardwareKeyAdvanceBody = z.object({
  id: recordIdSchema,
  event: z.enum(HARDWARE_KEY_EVENTS, invalid),
});

/** A hardware key application as the cert page shows it. */
export interface HardwareKeyApplication {
  id: string;
  /** `HK` + yyyyMMdd + 6 digits. */
  number: string;
  quantity: number;
  contactName: string;
  phone: string;
  address: string;
  remark: string;
  status: HardwareKeyStatus;
  appliedBy: string;
  appliedAt: string;
  issuedAt: string | null;
  shippedAt: string | null;
  trackingNumber: string | null;
  rejectedAt: string | null;
  rejectReason: string | null;
}

/** The messages of this area in English and Chinese (joined into `MESSAGES` by index.ts). */
export const CERTIFICATE_MESSAGES = {
  certificatesCompanyOnly: {
    en: 'Certificates belong to a company: switch to the company’s console first',
    zh: '证书属于企业，请先切换到企业控制台',
  },
  certificatePasswordRequired: {
    en: 'Please enter the certificate file’s password',
    zh: '请输入证书文件密码',
  },
  certificatePasswordRule: {
    en: 'The password is 8-32 letters, digits and symbols (no spaces), with at least two of the three',
    zh: '密码须为 8-32 位字母、数字、符号（不含空格），且至少包含其中两种',
  },
  certificateNameRequired: { en: 'Please name the certificate', zh: '请填写证书名称' },
  certificateNameTooLong: {
    en: 'The name is at most 50 characters',
    zh: '证书名称不能超过 50 个字符',
  },
  certificateFileRequired: {
    en: 'Please choose a PKCS#12 certificate file (.p12 or .pfx)',
    zh: '请选择 PKCS#12 证书文件（.p12 或 .pfx）',
  },
  certificateFileTooLarge: {
    en: 'A certificate file is at most 64 KB',
    zh: '证书文件不能超过 64 KB',
  },
  certificateFileInvalid: {
    en: 'This file is not a PKCS#12 certificate file (.p12 or .pfx)',
    zh: '该文件不是 PKCS#12 证书文件（.p12 或 .pfx）',
  },
  certificateWrongPassword: {
    en: 'The password does not open this certificate file',
    zh: '密码错误，无法打开该证书文件',
  },
  certificateFileIncomplete: {
    en: 'The file must hold one private key and the certificate that goes with it',
    zh: '证书文件须包含一个私钥及与之对应的证书',
  },
  certificateKeyMismatch: {
    en: 'The private key in the file does not belong to its certificate',
    zh: '证书文件中的私钥与证书不匹配',
  },
  certificateExpired: { en: 'This certificate has expired', zh: '该证书已过期' },
  certificateNotYetValid: {
    en: 'This certificate is not valid yet',
    zh: '该证书尚未生效',
  },
  certificateAlgorithmUnsupported: {
    en: 'Only RSA certificates of 2048 bits or more (and RSA issuers) can sign contracts here',
    zh: '仅支持 2048 位及以上的 RSA 证书（及 RSA 签发者）签署合同',
  },
  certificateNotForSigning: {
    en: 'This certificate’s key usage does not allow signing documents',
    zh: '该证书的密钥用途不允许签署文件',
  },
  certificateDuplicate: {
    en: 'This certificate is already in the company’s list',
    zh: '该证书已在企业证书列表中',
  },
  certificateStatusNotPossible: {
    en: 'This certificate’s status cannot change that way',
    zh: '该证书不能变更为此状态',
  },
  certificateRevokedAlready: {
    en: 'This certificate is revoked: it can no longer be used or changed',
    zh: '该证书已吊销，不能再使用或变更',
  },
  certificateAccessPartyUnknown: {
    en: 'No such API access party in this company',
    zh: '本企业没有该 API 接入方',
  },
  accessPartiesNotAvailable: {
    en: 'API access parties are not available yet: issue the certificate unbound and bind it later',
    zh: 'API 接入方功能暂不可用，请先签发未绑定的证书，稍后再绑定',
  },
  companyCertificateRevoked: {
    en: 'The company’s digital certificate has been revoked and signs nothing more: an administrator activates or applies for another under Digital certificates',
    zh: '企业数字证书已吊销，不能再签署；请管理员在“数字证书”中启用或申请其他证书',
  },
  companyCertificateExpired: {
    en: 'The company’s digital certificate has expired: an administrator activates or applies for another under Digital certificates',
    zh: '企业数字证书已过期；请管理员在“数字证书”中启用或申请其他证书',
  },
  companyCertificateNone: {
    en: 'The company has no active digital certificate: an administrator activates one under Digital certificates',
    zh: '企业没有启用中的数字证书；请管理员在“数字证书”中启用证书',
  },
  hardwareKeyQuantityRule: {
    en: `Apply for 1 to ${HARDWARE_KEY_QUANTITY_MAX} keys at a time`,
    zh: `每次可申请 1 至 ${HARDWARE_KEY_QUANTITY_MAX} 个硬件密钥`,
  },
  hardwareKeyNotPossible: {
    en: 'This application cannot move that way in its state',
    zh: '该申请当前状态下不能执行此操作',
  },
} as const;

// ---- Examples (the OpenAPI document's and the stories') ----

const COMMUNICATION_RSA: CommunicationCertificate = {
  id: '7',
  serialNumber: '4F1C2A9B7D3E5F60718293A4B5C6D7E8',
  algorithm: 'RSA',
  keyLength: 2048,
  subject: 'CN=Demo Technology Co., Ltd. API, O=Demo Technology Co., Ltd.',
  notBefore: '2026-12-01T02:00:00.000Z',
  notAfter: '2028-12-01T02:00:00.000Z',
  status: 'active',
  expiresSoon: false,
  accessParty: { id: '3', name: 'ERP' },
  fingerprint: '9c2f4b1e7a3d5c8f0e6b2a9d4c7f1e3b5a8d0c2f4e6b9a1d3c5e7f0b2d4a6c8e',
  createdAt: '2026-12-01T02:00:00.000Z',
  createdBy: 'Wang Fang',
  revokedAt: null,
};

const COMMUNICATION_SM2: CommunicationCertificate = {
  ...COMMUNICATION_RSA,
  id: '8',
  serialNumber: '1A2B3C4D5E6F708192A3B4C5D6E7F809',
  algorithm: 'SM2',
  keyLength: 256,
  notBefore: '2025-12-20T03:30:00.000Z',
  notAfter: '2026-12-20T03:30:00.000Z',
  expiresSoon: true,
  accessParty: null,
  fingerprint: '3e5a7c9b1d2f4e6a8c0b3d5f7a9c1e2b4d6f8a0c3e5b7d9f1a2c4e6b8d0f2a4c',
  createdAt: '2025-12-20T03:30:00.000Z',
};

const COMMUNICATION_REVOKED: CommunicationCertificate = {
  ...COMMUNICATION_RSA,
  id: '5',
  serialNumber: '0B7E6D5C4B3A29180F7E6D5C4B3A2918',
  status: 'revoked',
  accessParty: null,
  fingerprint: '5b7d9f1a3c5e7b9d2f4a6c8e0b1d3f5a7c9e2b4d6f8a0c1e3b5d7f9a2c4e6b8d',
  notBefore: '2025-06-01T02:00:00.000Z',
  notAfter: '2027-06-01T02:00:00.000Z',
  createdAt: '2025-06-01T02:00:00.000Z',
  revokedAt: '2026-11-30T08:12:00.000Z',
};

const DIGITAL_ISSUED: DigitalCertificate = {
  id: '12',
  name: 'Company signing certificate',
  source: 'issued',
  status: 'active',
  expiresSoon: false,
  algorithm: 'RSA',
  keyLength: 2048,
  serialNumber: '6D2E8F0A1B3C5D7E9F1A2B4C6D8E0F13',
  subject:
    'CN=Demo Technology Co., Ltd., O=Demo Technology Co., Ltd., organizationIdentifier=NTRCN-91310000MA1FL0000X',
  issuer: 'CN=eSign Platform CA, O=eSign',
  notBefore: '2026-11-20T01:00:00.000Z',
  notAfter: '2028-11-20T01:00:00.000Z',
  fingerprint: '1f3a5c7e9b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a',
  chainLength: 1,
  createdAt: '2026-11-20T01:00:00.000Z',
  createdBy: 'Wang Fang',
  revokedAt: null,
  revocationReason: null,
};

const DIGITAL_IMPORTED: DigitalCertificate = {
  ...DIGITAL_ISSUED,
  id: '11',
  name: 'CFCA enterprise certificate',
  source: 'imported',
  status: 'disabled',
  expiresSoon: true,
  serialNumber: '2A4C6E8F0B1D3F5A',
  issuer: 'CN=CFCA ACS OCA31, O=China Financial Certification Authority, C=CN',
  notBefore: '2025-12-28T00:00:00.000Z',
  notAfter: '2026-12-28T00:00:00.000Z',
  fingerprint: '7a9c1e3b5d7f9a2c4e6b8d0f1a3c5e7b9d2f4a6c8e0b1d3f5a7c9e2b4d6f8a0c',
  createdAt: '2026-01-05T06:00:00.000Z',
};

const DIGITAL_REVOKED: DigitalCertificate = {
  ...DIGITAL_ISSUED,
  id: '9',
  name: 'Old signing certificate',
  status: 'revoked',
  serialNumber: '0C1D2E3F405162738495A6B7C8D9EAFB',
  notBefore: '2025-03-01T01:00:00.000Z',
  notAfter: '2027-03-01T01:00:00.000Z',
  fingerprint: '2b4d6f8a0c1e3b5d7f9a2c4e6b8d0f1a3c5e7b9d2f4a6c8e0b1d3f5a7c9e2b4d',
  createdAt: '2025-03-01T01:00:00.000Z',
  revokedAt: '2026-11-20T00:58:00.000Z',
  revocationReason: 'superseded',
};

const HARDWARE_KEY_APPLIED: HardwareKeyApplication = {
  id: '4',
  number: 'HK20261207000412',
  quantity: 2,
  contactName: 'Wang Fang',
  phone: '13800000002',
  address: '1 Century Avenue, Shanghai',
  remark: '',
  status: 'applied',
  appliedBy: 'Wang Fang',
  appliedAt: '2026-12-07T02:15:00.000Z',
  issuedAt: null,
  shippedAt: null,
  trackingNumber: null,
  rejectedAt: null,
  rejectReason: null,
};

const HARDWARE_KEY_SHIPPED: HardwareKeyApplication = {
  ...HARDWARE_KEY_APPLIED,
  id: '3',
  number: 'HK20261120000388',
  quantity: 1,
  status: 'shipped',
  appliedAt: '2026-11-20T01:10:00.000Z',
  issuedAt: '2026-11-21T07:00:00.000Z',
  shippedAt: '2026-11-22T03:00:00.000Z',
  trackingNumber: 'SF1402938475612',
};

/** A PKCS#12 file's base64 as the examples show it (shortened: not a real file). */
const PKCS12_EXAMPLE = 'MIIJ0QIBAzCCCYcGCSqGSIb3DQEHAaCCCXgEggl0MIIJcDCCBCcGCSqGSIb3DQEHAaCCBBgE';

/**
 * The OpenAPI examples, which the web app's stories answer with: the demo company's certificates.
 * Each query and body passes its route's schema.
 */
export const CERTIFICATE_EXAMPLES = {
  communicationApply: {
    body: {
      algorithm: 'RSA' as const,
      years: 2 as const,
      accessPartyId: '3',
      password: 'Partner#2026',
    },
    answer: {
      certificate: COMMUNICATION_RSA,
      pkcs12: PKCS12_EXAMPLE,
      fileName: 'communication-4F1C2A9B7D3E5F60718293A4B5C6D7E8.p12',
    } satisfies CommunicationCertIssued,
  },
  communicationPage: {
    query: { current: '1', size: '10' },
    answer: {
      records: [COMMUNICATION_RSA, COMMUNICATION_SM2, COMMUNICATION_REVOKED],
      total: 3,
      current: 1,
      size: 10,
    } satisfies Page<CommunicationCertificate>,
  },
  communicationRevoke: {
    body: { id: '5', reason: 'keyCompromise' as const },
    answer: COMMUNICATION_REVOKED,
  },
  communicationBind: {
    body: { id: '8', accessPartyId: '3' },
    answer: { ...COMMUNICATION_SM2, accessParty: COMMUNICATION_RSA.accessParty },
  },
  download: { query: { id: '12', format: 'pem' as const } },
  digitalPage: {
    query: { current: '1', size: '10' },
    answer: {
      records: [DIGITAL_ISSUED, DIGITAL_IMPORTED, DIGITAL_REVOKED],
      total: 3,
      current: 1,
      size: 10,
      signing: 'certificate',
    } satisfies DigitalCertificatePage,
  },
  digitalStatus: {
    body: { id: '11', status: 'active' as const },
    answer: { ...DIGITAL_IMPORTED, status: 'active' as const },
  },
  digitalUpdate: {
    body: { id: '12', name: 'Contracts 2027' },
    answer: { ...DIGITAL_ISSUED, name: 'Contracts 2027' },
  },
  digitalApply: {
    body: { name: 'Company signing certificate', years: 2 as const },
    answer: DIGITAL_ISSUED,
  },
  digitalImport: {
    body: { name: 'CFCA enterprise certificate', file: PKCS12_EXAMPLE, password: 'Cfca#2025' },
    answer: DIGITAL_IMPORTED,
  },
  hardwareKeyApply: {
    body: {
      quantity: 2,
      contactName: 'Wang Fang',
      phone: '13800000002',
      address: '1 Century Avenue, Shanghai',
    },
    answer: HARDWARE_KEY_APPLIED,
  },
  hardwareKeyPage: {
    query: { current: '1', size: '10' },
    answer: {
      records: [HARDWARE_KEY_APPLIED, HARDWARE_KEY_SHIPPED],
      total: 2,
      current: 1,
      size: 10,
    } satisfies Page<HardwareKeyApplication>,
  },
  hardwareKeyAdvance: {
    body: { id: '4', event: 'issue' as const },
    answer: {
      ...HARDWARE_KEY_APPLIED,
      status: 'issued' as const,
      issuedAt: '2026-12-08T02:00:00.000Z',
    },
  },
  communicationRsa: COMMUNICATION_RSA,
  communicationSm2: COMMUNICATION_SM2,
  communicationRevoked: COMMUNICATION_REVOKED,
  digitalIssued: DIGITAL_ISSUED,
  digitalImported: DIGITAL_IMPORTED,
  digitalRevoked: DIGITAL_REVOKED,
  hardwareKeyApplied: HARDWARE_KEY_APPLIED,
  hardwareKeyShipped: HARDWARE_KEY_SHIPPED,
};
