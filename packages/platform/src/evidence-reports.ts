/**
 * Evidence reports (spec 000 §1 "apply for evidence reports (local, blockchain, paper or
 * electronic; one copy is consumed per issuance; 1-2 working days)", §8 'Only one contract is
 * supported for certification', §9 "Evidence report 1-2 working days"; issue 33): a report the
 * platform writes and signs about one contract every party signed — its documents' hashes, its
 * parties and their events, its signatures' certificates and its whole hash-chained audit trail —
 * verifiable without the platform. Paths, schemas, shapes, messages and examples shared by the
 * server and the web app; the server's apps/server/src/evidence-reports/CONTEXT.md says how a
 * report is made and checked.
 *
 * The spec names no call: these sit beside the contract's own calls (sicpay-contract), in the
 * same style (`evidence-report/apply`, `page`, `detail`, `getDownloadTicket`, `nologin/…`).
 */
import * as z from 'zod/mini';
import type { Page } from './api';
import type { MessageKey } from './messages';
import { pageQuery, positiveInt, recordIdsSchema } from './paging';
import { PHONE_PATTERN } from './validation';

const err = (key: MessageKey) => ({ error: key });
const invalid = err('invalidValue');

/** The calls of this area, under /api (joined into `PATHS`). */
export const EVIDENCE_REPORT_PATHS = {
  /**
   * POST `EvidenceReportApplyBody`: applies for a report of one contract (`EvidenceReport`,
   * pending). Several ids: 400 'Only one contract is supported for certification'.
   */
  evidenceReportApply: '/sicpay-contract/evidence-report/apply',
  /** GET `EvidenceReportPageQuery`: the console's reports, newest first (`Page<EvidenceReport>`). */
  evidenceReportPage: '/sicpay-contract/evidence-report/page',
  /** GET ?id: one report of the console (`EvidenceReport`). */
  evidenceReportDetail: '/sicpay-contract/evidence-report/detail',
  /** GET ?id: a 5-minute, single-use link to the issued report's PDF (`ContractPdfLink`). */
  evidenceReportDownloadTicket: '/sicpay-contract/evidence-report/getDownloadTicket',
  /** GET ?ticket (no session: the ticket is the right): the report's PDF. */
  evidenceReportPdf: '/sicpay-contract/evidence-report/nologin/pdf',
  /**
   * GET ?id&token (no session: the token of the report's verification link is the right): the
   * report's public summary (`EvidenceReportSummary`), for the public verification page.
   */
  evidenceReportVerify: '/sicpay-contract/evidence-report/nologin/verify',
} as const;

/**
 * How a report is delivered (spec 000 §1). Every kind is the same report, written and signed by
 * the platform once its time comes, and downloadable from then on; the kind adds:
 * - `electronic`: nothing more — the signed PDF is the report;
 * - `blockchain`: the audit trail's chain head is anchored in a ledger (the development ledger
 *   outside production), and the report names the anchor;
 * - `paper`: a printed copy is posted to the address given (the request and its address are
 *   recorded; posting is the platform staff's work, outside the software);
 * - `local`: a printed copy is handed over at the platform's office (recorded likewise).
 */
export const EVIDENCE_REPORT_KINDS = ['electronic', 'blockchain', 'paper', 'local'] as const;
export type EvidenceReportKind = (typeof EVIDENCE_REPORT_KINDS)[number];

/**
 * A report's state: `pending` from the application until its time (1–2 working days) and the
 * job that writes it; `issued` once written, signed and stored (its one evidence copy consumed);
 * `failed` when it could not be written after every attempt (its copy given back).
 */
export const EVIDENCE_REPORT_STATUSES = ['pending', 'issued', 'failed'] as const;
export type EvidenceReportStatus = (typeof EVIDENCE_REPORT_STATUSES)[number];

/**
 * The contract statuses a report is issued for: every party signed — `completed`, or
 * `cancelled` (rescinded by the parties' agreement after completing: the signed PDF and the trail
 * of the rescission are what a dispute about it needs). Any other is refused.
 */
export const EVIDENCE_REPORT_CONTRACT_STATUSES = ['completed', 'cancelled'] as const;

/** China's time zone, in which working days begin and end. */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;
/** The hour (China time) by which a report is due on its working day. */
export const EVIDENCE_REPORT_DUE_HOUR = 18;

/**
 * When a report applied for at `appliedAt` is due (spec 000 §9, "1-2 working days"): 18:00 China
 * time of the next working day after the day of the application (Monday to Friday; public
 * holidays are not known to the platform and count as working days). An application on Monday
 * morning is due on Tuesday at 18:00, one on Friday evening or over the weekend on Monday at 18:00:
 * always within one to two working days.
 */
export function evidenceReportDueAt(appliedAt: Date): Date {
  const china = new Date(appliedAt.getTime() + CHINA_OFFSET_MS);
  const day = new Date(
    Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate() + 1),
  );
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return new Date(day.getTime() + EVIDENCE_REPORT_DUE_HOUR * 3600 * 1000 - CHINA_OFFSET_MS);
}

/** Where a paper report is posted (spec 000 §3 Address: name, phone, address). */
export interface EvidenceReportAddress {
  name: string;
  phone: string;
  address: string;
}

/** Where the report's chain head was anchored (the `blockchain` kind). */
export interface EvidenceReportAnchor {
  /** The ledger's name, e.g. `development`. */
  ledger: string;
  /** The ledger's development provider, which anchors in the platform's own database. */
  development: boolean;
  /** The ledger's reference of the anchoring transaction. */
  transactionId: string;
  /** What was anchored: the audit trail's chain head (SHA-256, hex). */
  digest: string;
  anchoredAt: string;
}

/** A report as the console's list and its detail show it. */
export interface EvidenceReport {
  id: string;
  /** `EV` + yyyyMMdd + 6 digits, unique in the tenant. */
  number: string;
  kind: EvidenceReportKind;
  status: EvidenceReportStatus;
  contractId: string;
  contractNumber: string;
  contractName: string;
  /** Who applied (the console's member). */
  applicantName: string;
  /** ISO 8601. */
  appliedAt: string;
  /** When it is due (`evidenceReportDueAt`, or at once with the immediate setting). */
  dueAt: string;
  issuedAt: string | null;
  /** The paper kind's address; null for the others. */
  address: EvidenceReportAddress | null;
  /** Once issued: the report PDF's SHA-256, and the chain head and entries it states. */
  sha256: string | null;
  chainHead: string | null;
  entries: number | null;
  /** The blockchain kind's anchor, once issued. */
  anchor: EvidenceReportAnchor | null;
  /**
   * Once issued: the public verification page's path with the report's id and secret token
   * (`/evidence-verify?id=…&token=…`), as the report's QR code links to it.
   */
  verifyPath: string | null;
}

/** One version of the contract's PDF as the report states it. */
export interface EvidenceReportVersion {
  /** 0: the filled document before any signature; n: after the n-th signature. */
  version: number;
  sha256: string;
  size: number;
  /** The party whose signature made it; null for version 0. */
  party: string | null;
  createdAt: string;
  /** The last version: the signed contract as everyone downloads it. */
  final: boolean;
}

/** What anyone with the report's verification link may read (nologin/verify). */
export interface EvidenceReportSummary {
  number: string;
  kind: EvidenceReportKind;
  issuedAt: string;
  contract: {
    number: string;
    name: string;
    parties: { party: string; name: string; companyName: string | null }[];
  };
  /** SHA-256 of the document the contract was initiated with (the original upload). */
  documentSha256: string | null;
  versions: EvidenceReportVersion[];
  /** The audit trail as the report states it: its entries and the last one's hash. */
  chain: { entries: number; head: string };
  anchor: EvidenceReportAnchor | null;
  /** SHA-256 of the report's own PDF, as issued. */
  reportSha256: string;
}

const trimmed = () => z.string(err('required')).check(z.trim());

/** A paper report's address: the user center's address rules. */
export const evidenceReportAddressSchema = z.object({
  name: trimmed().check(
    z.minLength(1, err('addressNameRequired')),
    z.maxLength(30, err('addressNameTooLong')),
  ),
  phone: trimmed().check(
    z.minLength(1, err('phoneRequired')),
    z.regex(PHONE_PATTERN, err('phoneInvalid')),
  ),
  address: trimmed().check(
    z.minLength(1, err('addressRequired')),
    z.maxLength(200, err('addressTooLong')),
  ),
});

/**
 * POST evidence-report/apply. `ids` is a list, as a selection of the archive sends it, so that
 * the spec's refusal of several contracts is a rule of the server ('Only one contract is
 * supported for certification', 400) rather than a shape nobody could send. `address` is required
 * for the paper kind and refused for the others.
 */
export const evidenceReportApplyBody = z
  .object({
    ids: recordIdsSchema(),
    kind: z.enum(EVIDENCE_REPORT_KINDS, invalid),
    address: z.optional(evidenceReportAddressSchema),
  })
  .check(
    z.refine((body) => body.kind !== 'paper' || body.address !== undefined, {
      error: 'evidenceReportAddressRequired',
      path: ['address'],
    }),
    z.refine((body) => body.kind === 'paper' || body.address === undefined, {
      error: 'invalidValue',
      path: ['address'],
    }),
  );
export type EvidenceReportApplyBody = z.input<typeof evidenceReportApplyBody>;

/** GET evidence-report/page: the console's reports, optionally of one contract or state. */
export const evidenceReportPageQuery = z.object({
  ...pageQuery,
  contractId: z.optional(positiveInt()),
  status: z.optional(z.enum(EVIDENCE_REPORT_STATUSES, invalid)),
});
export type EvidenceReportPageQuery = z.input<typeof evidenceReportPageQuery>;

/** GET evidence-report/detail, getDownloadTicket */
export const evidenceReportQuery = z.object({ id: positiveInt() });

/** GET evidence-report/nologin/pdf */
export const evidenceReportPdfQuery = z.object({
  ticket: z.string().check(z.regex(/^\d+\.\d+\.[0-9a-f]{64}$/, invalid)),
});

/** The length of a report's verification token: 32 hex digits (128 bits). */
export const EVIDENCE_REPORT_TOKEN_LENGTH = 32;

/** GET evidence-report/nologin/verify */
export const evidenceReportVerifyQuery = z.object({
  id: positiveInt(),
  token: z.string().check(z.regex(/^[0-9a-f]{32}$/, invalid)),
});

/** The public verification page's path (apps/web's route table has it too). */
export const EVIDENCE_VERIFY_PAGE = '/evidence-verify';

/** The page's path and query for a report's id and token. */
export function evidenceVerifyPath(id: string, token: string): string {
  return `${EVIDENCE_VERIFY_PAGE}?id=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;
}

/**
 * What an uploaded file is, by its SHA-256 (the verification page hashes it in the browser):
 * a version of the contract's PDF, the original document, the report itself, or nothing known.
 */
export type EvidenceMatch =
  | { kind: 'version'; version: EvidenceReportVersion }
  | { kind: 'document' }
  | { kind: 'report' }
  | { kind: 'none' };

/** Matches a file's SHA-256 (hex, any case) against a report's summary. */
export function matchEvidence(summary: EvidenceReportSummary, sha256: string): EvidenceMatch {
  const hash = sha256.trim().toLowerCase();
  const version = summary.versions.find((candidate) => candidate.sha256 === hash);
  if (version) return { kind: 'version', version };
  if (summary.documentSha256 === hash) return { kind: 'document' };
  if (summary.reportSha256 === hash) return { kind: 'report' };
  return { kind: 'none' };
}

/** The messages of this area in English and Chinese (joined into `MESSAGES` by index.ts). */
export const EVIDENCE_REPORT_MESSAGES = {
  oneContractForCertification: {
    en: 'Only one contract is supported for certification',
    zh: '一次只支持一份合同出证',
  },
  evidenceReportNotSigned: {
    en: 'An evidence report is issued only for a contract every party signed (completed)',
    zh: '只有各方均已签署（已完成）的合同才能申请出证报告',
  },
  evidenceReportAddressRequired: {
    en: 'A paper report needs the address to post it to',
    zh: '纸质出证需要填写邮寄地址',
  },
  evidenceReportKindUnavailable: {
    en: 'Blockchain reports are not available here: no ledger is configured',
    zh: '当前未配置区块链账本，暂不支持区块链出证',
  },
  evidenceReportNotIssued: {
    en: 'This evidence report is not issued yet',
    zh: '该出证报告尚未出具',
  },
} as const;

// ---- Examples (the OpenAPI document's and the stories') ----

const PENDING: EvidenceReport = {
  id: '31',
  number: 'EV20261207482913',
  kind: 'paper',
  status: 'pending',
  contractId: '1024',
  contractNumber: 'HT20261124000123',
  contractName: 'Service agreement 2026',
  applicantName: 'Wang Fang',
  appliedAt: '2026-12-07T02:15:00.000Z',
  dueAt: '2026-12-08T10:00:00.000Z',
  issuedAt: null,
  address: { name: 'Wang Fang', phone: '13800000002', address: '1 Century Avenue, Shanghai' },
  sha256: null,
  chainHead: null,
  entries: null,
  anchor: null,
  verifyPath: null,
};

const ISSUED: EvidenceReport = {
  id: '30',
  number: 'EV20261205731046',
  kind: 'blockchain',
  status: 'issued',
  contractId: '1024',
  contractNumber: 'HT20261124000123',
  contractName: 'Service agreement 2026',
  applicantName: 'Wang Fang',
  appliedAt: '2026-12-05T01:30:00.000Z',
  dueAt: '2026-12-07T10:00:00.000Z',
  issuedAt: '2026-12-07T10:00:04.512Z',
  address: null,
  sha256: '5d1f0b6c9a3e47f2b8c0d6e1a4f7b2c9d3e8f1a6b5c4d7e2f9a0b3c6d1e4f7a8',
  chainHead: 'c3a9e1f7b5d2a8c4e6f0b9d3a7c1e5f2b8d4a6c0e9f3b7d1a5c2e8f4b0d6a9c3',
  entries: 9,
  anchor: {
    ledger: 'development',
    development: true,
    transactionId: 'dev-7f3c9a1e5b2d8c4f6a0e9b3d7c1f5a2e',
    digest: 'c3a9e1f7b5d2a8c4e6f0b9d3a7c1e5f2b8d4a6c0e9f3b7d1a5c2e8f4b0d6a9c3',
    anchoredAt: '2026-12-07T10:00:03.118Z',
  },
  verifyPath: '/evidence-verify?id=30&token=4f2a9c1e7b3d5f8a0c6e2b9d4a7f1c3e',
};

const SUMMARY: EvidenceReportSummary = {
  number: ISSUED.number,
  kind: 'blockchain',
  issuedAt: ISSUED.issuedAt!,
  contract: {
    number: 'HT20261124000123',
    name: 'Service agreement 2026',
    parties: [
      { party: 'A', name: '王芳', companyName: 'Demo Technology Co., Ltd.' },
      { party: 'B', name: '李雷', companyName: null },
    ],
  },
  documentSha256: '0a4c9e2f6b1d8a3c5e7f9b0d2a4c6e8f1b3d5a7c9e0f2b4d6a8c1e3f5b7d9a2c',
  versions: [
    {
      version: 0,
      sha256: '9e1b7d3f5a2c8e4b6d0f1a3c5e7b9d2f4a6c8e0b1d3f5a7c9e2b4d6f8a0c1e3b',
      size: 48211,
      party: null,
      createdAt: '2026-11-24T06:16:42.143Z',
      final: false,
    },
    {
      version: 1,
      sha256: '2c4e6a8b0d1f3a5c7e9b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c',
      size: 91377,
      party: 'A',
      createdAt: '2026-11-24T06:16:42.143Z',
      final: false,
    },
    {
      version: 2,
      sha256: '7b9d1f3a5c8e0b2d4f6a9c1e3b5d7f0a2c4e6b8d1f3a5c7e9b0d2f4a6c8e1b3d',
      size: 134890,
      party: 'B',
      createdAt: '2026-11-24T08:02:10.511Z',
      final: true,
    },
  ],
  chain: { entries: 9, head: ISSUED.chainHead! },
  anchor: ISSUED.anchor,
  reportSha256: ISSUED.sha256!,
};

/**
 * The OpenAPI examples, which the web app's stories answer with: the demo company's contract that
 * the contract examples follow (1024, 'Service agreement 2026'), with an issued blockchain report
 * and a pending paper one. Each query and body passes its route's schema.
 */
export const EVIDENCE_REPORT_EXAMPLES = {
  apply: {
    body: {
      ids: ['1024'],
      kind: 'paper' as const,
      address: { name: 'Wang Fang', phone: '13800000002', address: '1 Century Avenue, Shanghai' },
    },
    answer: PENDING,
  },
  page: {
    query: { current: '1', size: '10', contractId: '1024' },
    answer: {
      records: [PENDING, ISSUED],
      total: 2,
      current: 1,
      size: 10,
    } satisfies Page<EvidenceReport>,
  },
  detail: { query: { id: '30' }, answer: ISSUED },
  downloadTicket: {
    query: { id: '30' },
    answer: {
      link: '/api/sicpay-contract/evidence-report/nologin/pdf?ticket=30.1796613600.3b8f…',
      expiresAt: '2026-12-07T10:05:00.000Z',
      sha256: ISSUED.sha256!,
      fileName: 'Evidence report EV20261205731046.pdf',
    },
  },
  pdf: {
    query: {
      ticket: '30.1796613600.3b8f0c2d9e4a1f6b7c5d8e0a2f4b6c9d1e3a5b7c9d0e2f4a6b8c1d3e5f7a9b0c',
    },
  },
  verify: { query: { id: '30', token: '4f2a9c1e7b3d5f8a0c6e2b9d4a7f1c3e' }, answer: SUMMARY },
  pending: PENDING,
  issued: ISSUED,
  summary: SUMMARY,
};
