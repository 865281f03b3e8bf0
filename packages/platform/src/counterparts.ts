/**
 * Counterparts (spec 000 §1, §2 /relative, §3 Counterpart, §4 normal/blacklist, §5, §7
 * busi-opposite/search; issue 32): the people and companies a console signs with. Each console has
 * its own book — the personal console's belongs to the person, a company's to the company and is
 * shared by its staff under `counterpart:view` (see and pick) and `counterpart:edit` (add, edit,
 * remove, blacklist, import).
 *
 * A person counterpart has a name and a phone or an email (and may name the company they belong
 * to); a company counterpart has the company's full name (and its credit code when known) and the
 * manager who signs for it, with a phone. A counterpart is `normal` or on the `blacklist` (with a
 * reason and who set it): a blacklisted counterpart cannot be a party of a new contract of that
 * console (contract/create and validateParticipants refuse it); contracts under way are untouched.
 *
 * Whether a counterpart is certified is never stored: it is read from the platform each time (a
 * person: an account of the tenant holds the phone and is real-name verified; a company: a
 * certified company of the tenant has that credit code or full name).
 *
 * Paths, request schemas, answers, messages and the OpenAPI examples of these calls (the web app's
 * stories answer with the same examples).
 */
import * as z from 'zod/mini';
import type { Locale } from './constants';
import type { MessageKey } from './messages';
import { pageBody, pageQuery, positiveInt, recordIdSchema, recordIdsSchema } from './paging';
import { CREDIT_CODE_PATTERN, EMAIL_PATTERN, PHONE_PATTERN } from './validation';

const err = (key: MessageKey) => ({ error: key });
const trimmed = () => z.string().check(z.trim());

/** The calls of this area, under /api (joined into `PATHS`). */
export const COUNTERPART_PATHS = {
  /**
   * POST `CounterpartSearchBody` (counterpart:view): a page of the console's book, newest first
   * (`Page<Counterpart>`); `keyword` matches the name, phone, email, company or manager.
   */
  counterpartSearch: '/sicpay-opposite/busi-opposite/search',
  /** GET `?id=` (counterpart:view): one counterpart of the console's book (`Counterpart`). */
  counterpartDetail: '/sicpay-opposite/busi-opposite/detail',
  /**
   * GET `CounterpartContractsQuery` (counterpart:view): a page of the console's contracts the
   * counterpart is a party of, newest first (`Page<CounterpartContract>`).
   */
  counterpartContracts: '/sicpay-opposite/busi-opposite/contracts',
  /** POST `CounterpartSaveBody` (counterpart:edit): adds a counterpart (`Counterpart`). */
  counterpartSave: '/sicpay-opposite/busi-opposite/save',
  /** POST `CounterpartUpdateBody` (counterpart:edit): changes one (`Counterpart`). */
  counterpartUpdate: '/sicpay-opposite/busi-opposite/update',
  /** POST `{ ids }` (counterpart:edit): removes the selected counterparts (`{ removed }`). */
  counterpartRemove: '/sicpay-opposite/busi-opposite/remove',
  /**
   * POST `CounterpartStatusBody` (counterpart:edit): puts the selected counterparts on the
   * blacklist (with a reason) or back to normal (`{ updated }`).
   */
  counterpartSetStatus: '/sicpay-opposite/busi-opposite/set-status',
  /** GET `?kind=` (counterpart:edit): the import template, an xlsx in the request's language. */
  counterpartImportTemplate: '/sicpay-opposite/busi-opposite/import-template',
  /**
   * POST multipart (counterpart:edit): fields `kind` and `commit` ('0' previews, '1' imports),
   * then the file `file` (.xlsx or .csv, at most 5 MB and 10,000 rows). Answers
   * `CounterpartImportReport`: every row with what was refused in it and why; with commit '1',
   * the accepted rows are written in one transaction (all of them or, on any failure, none).
   */
  counterpartImport: '/sicpay-opposite/busi-opposite/import',
  /**
   * GET `CounterpartExportQuery` (counterpart:view): the book as the list filters it, an xlsx
   * streamed as it is written.
   */
  counterpartExport: '/sicpay-opposite/busi-opposite/export',
} as const;

// ---- Kinds, states, limits ----

/** `person`: a person (/relative/personal); `company`: a company (/relative/company). */
export const COUNTERPART_KINDS = ['person', 'company'] as const;
export type CounterpartKind = (typeof COUNTERPART_KINDS)[number];

/** Spec 000 §4: a counterpart is normal or on the blacklist. */
export const COUNTERPART_STATUSES = ['normal', 'blacklist'] as const;
export type CounterpartStatus = (typeof COUNTERPART_STATUSES)[number];

/**
 * How a counterpart came into the book: added by hand, imported from a spreadsheet, or added on
 * its own as a party of a contract the console initiated or received.
 */
export const COUNTERPART_SOURCES = ['manual', 'import', 'contract'] as const;
export type CounterpartSource = (typeof COUNTERPART_SOURCES)[number];

/** A person's name, a manager's name: as a contract party's (at most 30). */
export const COUNTERPART_NAME_MAX = 30;
/** A company's full name: as a contract party's company (at most 100). */
export const COUNTERPART_COMPANY_MAX = 100;
export const COUNTERPART_EMAIL_MAX = 100;
export const COUNTERPART_NOTE_MAX = 200;
export const COUNTERPART_REASON_MAX = 200;
/** A keyword search counts its matches up to this many (see `CounterpartPage`). */
export const COUNTERPART_SEARCH_COUNT_CAP = 1_000;
/** An import reads at most this many rows … */
export const COUNTERPART_IMPORT_ROWS_MAX = 10_000;
/** … from a file of at most this many bytes. */
export const COUNTERPART_IMPORT_BYTES_MAX = 5 * 1024 * 1024;

// ---- Requests ----

const nameSchema = (max: number, tooLong: MessageKey) =>
  trimmed().check(z.minLength(1, err('required')), z.maxLength(max, err(tooLong)));
const optionalPhone = trimmed().check(
  z.refine((phone) => phone === '' || PHONE_PATTERN.test(phone), err('phoneInvalid')),
);
const optionalEmail = trimmed().check(
  z.maxLength(COUNTERPART_EMAIL_MAX, err('emailInvalid')),
  z.refine((email) => email === '' || EMAIL_PATTERN.test(email), err('emailInvalid')),
);
const noteSchema = trimmed().check(
  z.maxLength(COUNTERPART_NOTE_MAX, err('counterpartNoteTooLong')),
);

/** A person counterpart as a form or a spreadsheet row names it. */
export const personCounterpartSchema = z
  .object({
    kind: z.literal('person', err('invalidValue')),
    name: nameSchema(COUNTERPART_NAME_MAX, 'nameTooLong'),
    phone: z._default(optionalPhone, ''),
    email: z._default(optionalEmail, ''),
    /** The company the person belongs to (spec 000 §3 "affiliated corporate"), may be empty. */
    affiliatedCompany: z._default(
      trimmed().check(z.maxLength(COUNTERPART_COMPANY_MAX, err('companyNameTooLong'))),
      '',
    ),
    note: z._default(noteSchema, ''),
  })
  .check(
    z.superRefine((person, ctx) => {
      if (person.phone === '' && person.email === '') {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: 'counterpartContactRequired' });
      }
    }),
  );

/** A company counterpart: its full name, credit code when known, and the manager who signs. */
export const companyCounterpartSchema = z.object({
  kind: z.literal('company', err('invalidValue')),
  name: nameSchema(COUNTERPART_COMPANY_MAX, 'companyNameTooLong'),
  creditCode: z._default(
    trimmed().check(
      z.refine((code) => code === '' || CREDIT_CODE_PATTERN.test(code), err('creditCodeInvalid')),
    ),
    '',
  ),
  managerName: nameSchema(COUNTERPART_NAME_MAX, 'nameTooLong'),
  managerPhone: trimmed().check(
    z.minLength(1, err('phoneRequired')),
    z.regex(PHONE_PATTERN, err('phoneInvalid')),
  ),
  note: z._default(noteSchema, ''),
});

/** POST busi-opposite/save: a new counterpart of either kind. */
export const counterpartSaveBody = z.discriminatedUnion('kind', [
  personCounterpartSchema,
  companyCounterpartSchema,
]);
export type CounterpartInput = z.input<typeof counterpartSaveBody>;
export type CounterpartFields = z.output<typeof counterpartSaveBody>;

/** POST busi-opposite/update: the counterpart's id and all its fields (its kind cannot change). */
export const counterpartUpdateBody = z.discriminatedUnion('kind', [
  z.extend(personCounterpartSchema, { id: recordIdSchema }),
  z.extend(companyCounterpartSchema, { id: recordIdSchema }),
]);

/** POST busi-opposite/remove (spec 000 §5: a selection is required before deleting). */
export const counterpartRemoveBody = z.object({
  ids: z
    .array(recordIdSchema)
    .check(z.minLength(1, err('selectionRequired')), z.maxLength(100, err('invalidValue'))),
});

/** POST busi-opposite/set-status: to the blacklist with a reason, or back to normal. */
export const counterpartStatusBody = z
  .object({
    ids: z
      .array(recordIdSchema)
      .check(z.minLength(1, err('selectionRequired')), z.maxLength(100, err('invalidValue'))),
    status: z.enum(COUNTERPART_STATUSES, err('invalidValue')),
    reason: z._default(
      trimmed().check(z.maxLength(COUNTERPART_REASON_MAX, err('counterpartReasonTooLong'))),
      '',
    ),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.status === 'blacklist' && body.reason === '') {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: 'counterpartReasonRequired' });
      }
    }),
  );

/** The list's filters, shared by search and export. */
const listFilters = {
  kind: z.enum(COUNTERPART_KINDS, err('invalidValue')),
  keyword: z.optional(trimmed().check(z.maxLength(100, err('invalidValue')))),
  status: z.optional(z.enum(COUNTERPART_STATUSES, err('invalidValue'))),
};

/** POST busi-opposite/search (spec 000 §7): JSON body with the paging. */
export const counterpartSearchBody = z.object({ ...pageBody, ...listFilters });
export type CounterpartSearchBody = z.input<typeof counterpartSearchBody>;

/** GET busi-opposite/export: the same filters in the query string. */
export const counterpartExportQuery = z.object(listFilters);

/** GET busi-opposite/detail */
export const counterpartIdQuery = z.object({ id: positiveInt() });

/** GET busi-opposite/contracts */
export const counterpartContractsQuery = z.object({ ...pageQuery, id: positiveInt() });

/** GET busi-opposite/import-template */
export const counterpartKindQuery = z.object({
  kind: z.enum(COUNTERPART_KINDS, err('invalidValue')),
});

/** The import's form fields besides the file. */
export const counterpartImportFields = z.object({
  kind: z.enum(COUNTERPART_KINDS, err('invalidValue')),
  commit: z._default(z.enum(['0', '1'], err('invalidValue')), '0'),
});

/** Ids in a body (re-exported for the web app's selection). */
export const counterpartIdsSchema = recordIdsSchema(100);

// ---- Answers ----

/** One counterpart of a book as the list and the detail show it. */
export interface Counterpart {
  id: string;
  kind: CounterpartKind;
  /** A person's name, or a company's full name. */
  name: string;
  /** A person's phone ('' when only the email is known); a company's manager's phone. */
  phone: string;
  email: string;
  /** A person: the company they belong to ('' when none). */
  affiliatedCompany: string;
  /** A company: its unified social credit code ('' when unknown). */
  creditCode: string;
  /** A company: the manager who signs for it ('' for a person). */
  managerName: string;
  note: string;
  /** Real-name verified (person) or certified (company) on this platform, read now. */
  certified: boolean;
  status: CounterpartStatus;
  /** Why it is on the blacklist, who put it there and when (null when normal). */
  blacklistReason: string | null;
  blacklistedBy: string | null;
  blacklistedAt: string | null;
  source: CounterpartSource;
  /** When it entered the book, yyyy-MM-dd HH:mm:ss UTC. */
  createTime: string;
}

/**
 * busi-opposite/search: a page of the book; `total` counts up to `CONTRACT_LIST_COUNT_CAP`
 * counterparts (`COUNTERPART_SEARCH_COUNT_CAP` matches of a keyword), `totalCapped` saying there
 * are more (as the contract lists answer).
 */
export interface CounterpartPage {
  records: Counterpart[];
  total: number;
  totalCapped: boolean;
  current: number;
  size: number;
}

/** A contract of the console's that the counterpart is a party of. */
export interface CounterpartContract {
  id: string;
  number: string;
  name: string;
  /** A `ContractStatus`. */
  status: string;
  /** The parties (A–J) the counterpart holds in it (empty when it only initiated it). */
  parties: string[];
  /** The counterpart initiated it (a contract the console received from them). */
  initiated: boolean;
  createdAt: string;
}

/** What one row of an import came to. */
export interface CounterpartImportRow {
  /** The row's number in the sheet (the header is row 1). */
  row: number;
  /** The row as read (columns by field name). */
  values: Record<string, string>;
  /** Why the row is refused, in the request's language; empty when it is (or would be) imported. */
  errors: string[];
}

/** POST busi-opposite/import */
export interface CounterpartImportReport {
  kind: CounterpartKind;
  /** True when the accepted rows were written (commit '1'); false for a preview. */
  committed: boolean;
  total: number;
  accepted: number;
  refused: number;
  rows: CounterpartImportRow[];
}

// ---- Spreadsheets ----

/**
 * The columns of each kind's sheet, in order, with their headers in both languages. The import
 * takes a header in either language (and the field name itself), in any order; the template and
 * the export write the request's language.
 */
export const COUNTERPART_COLUMNS: Record<
  CounterpartKind,
  readonly { field: string; en: string; zh: string; required: boolean }[]
> = {
  person: [
    { field: 'name', en: 'Name', zh: '姓名', required: true },
    { field: 'phone', en: 'Phone', zh: '手机号', required: false },
    { field: 'email', en: 'Email', zh: '邮箱', required: false },
    { field: 'affiliatedCompany', en: 'Company', zh: '所属企业', required: false },
    { field: 'note', en: 'Note', zh: '备注', required: false },
  ],
  company: [
    { field: 'name', en: 'Company name', zh: '企业名称', required: true },
    { field: 'creditCode', en: 'Credit code', zh: '统一社会信用代码', required: false },
    { field: 'managerName', en: 'Manager', zh: '经办人姓名', required: true },
    { field: 'managerPhone', en: 'Manager phone', zh: '经办人手机号', required: true },
    { field: 'note', en: 'Note', zh: '备注', required: false },
  ],
};

/** The export's extra columns after the import's. */
export const COUNTERPART_EXPORT_EXTRA = [
  { field: 'certified', en: 'Certified', zh: '认证状态' },
  { field: 'status', en: 'Status', zh: '状态' },
  { field: 'blacklistReason', en: 'Blacklist reason', zh: '拉黑原因' },
  { field: 'createTime', en: 'Created', zh: '创建时间' },
] as const;

/** The field a header names (either language, or the field itself), or undefined. */
export function counterpartColumnOf(kind: CounterpartKind, header: string): string | undefined {
  const text = header
    .trim()
    .replace(/\s*\*$/, '')
    .toLowerCase();
  return COUNTERPART_COLUMNS[kind].find(
    (column) =>
      column.field.toLowerCase() === text || column.en.toLowerCase() === text || column.zh === text,
  )?.field;
}

/**
 * The reason a blacklisted counterpart cannot be a party, in the user's language: who, and why
 * (the reason its book gives).
 */
export function blacklistedPartyText(name: string, reason: string, locale: Locale): string {
  return locale === 'zh'
    ? `“${name}”在相对方黑名单中，不能作为签署方：${reason}`
    : `“${name}” is on the counterpart blacklist and cannot be a party: ${reason}`;
}

// ---- Messages ----

export const COUNTERPART_MESSAGES = {
  counterpartContactRequired: {
    en: 'Enter a phone number or an email',
    zh: '请填写手机号或邮箱',
  },
  counterpartNoteTooLong: { en: 'At most 200 characters', zh: '最多 200 个字符' },
  counterpartReasonTooLong: { en: 'At most 200 characters', zh: '最多 200 个字符' },
  counterpartReasonRequired: {
    en: 'Please give the reason for the blacklist',
    zh: '请填写拉黑原因',
  },
  counterpartDuplicate: {
    en: 'This counterpart is already in the book',
    zh: '该相对方已在列表中',
  },
  counterpartDuplicateInFile: {
    en: 'The same counterpart appears on an earlier row',
    zh: '与前面的行重复',
  },
  counterpartNotFound: { en: 'The counterpart does not exist', zh: '相对方不存在' },
  counterpartBlacklisted: {
    en: 'A party is on the counterpart blacklist',
    zh: '签署方在相对方黑名单中',
  },
  selectionRequired: {
    en: 'Please select at least one item first',
    zh: '请先选择至少一项',
  },
  importNotSpreadsheet: {
    en: 'This is not a spreadsheet: upload an .xlsx or .csv file',
    zh: '文件不是表格，请上传 .xlsx 或 .csv 文件',
  },
  importTooLarge: {
    en: 'The file is too large: at most 5 MB and 10,000 rows',
    zh: '文件过大：最多 5 MB、10,000 行',
  },
  importNoHeader: {
    en: 'The first row must hold the template’s column headers',
    zh: '第一行须为模板中的列标题',
  },
  importEmpty: { en: 'The file holds no rows to import', zh: '文件中没有可导入的行' },
  importNothingAccepted: {
    en: 'No row can be imported: correct the file and try again',
    zh: '没有可导入的行，请修改文件后重试',
  },
} as const;

// ---- Examples (the OpenAPI document's and the stories') ----

const personExample: Counterpart = {
  id: '31',
  kind: 'person',
  name: 'Li Na',
  phone: '13900000003',
  email: 'li.na@example.com',
  affiliatedCompany: 'Shanghai Harbour Logistics Co., Ltd.',
  creditCode: '',
  managerName: '',
  note: 'Purchasing, signs the framework agreements',
  certified: true,
  status: 'normal',
  blacklistReason: null,
  blacklistedBy: null,
  blacklistedAt: null,
  source: 'contract',
  createTime: '2026-11-20 09:12:44',
};

const companyExample: Counterpart = {
  id: '32',
  kind: 'company',
  name: 'Shanghai Harbour Logistics Co., Ltd.',
  phone: '13900000003',
  email: '',
  affiliatedCompany: '',
  creditCode: '91310115MA1K4XXXX1',
  managerName: 'Li Na',
  note: '',
  certified: false,
  status: 'blacklist',
  blacklistReason: 'Unpaid invoices since March',
  blacklistedBy: 'Wang Fang',
  blacklistedAt: '2026-11-25 14:03:10',
  source: 'manual',
  createTime: '2026-11-18 16:40:02',
};

export const COUNTERPART_EXAMPLES = {
  person: personExample,
  company: companyExample,
  searchBody: {
    current: 1,
    size: 10,
    kind: 'person',
    keyword: 'Li',
  } satisfies CounterpartSearchBody,
  personPage: {
    records: [personExample],
    total: 1,
    totalCapped: false,
    current: 1,
    size: 10,
  } satisfies CounterpartPage,
  companyPage: {
    records: [companyExample],
    total: 1,
    totalCapped: false,
    current: 1,
    size: 10,
  } satisfies CounterpartPage,
  savePerson: {
    kind: 'person',
    name: 'Li Na',
    phone: '13900000003',
    email: 'li.na@example.com',
    affiliatedCompany: 'Shanghai Harbour Logistics Co., Ltd.',
    note: 'Purchasing, signs the framework agreements',
  } satisfies CounterpartInput,
  blacklist: {
    ids: ['32'],
    status: 'blacklist',
    reason: 'Unpaid invoices since March',
  } satisfies z.input<typeof counterpartStatusBody>,
  contracts: {
    records: [
      {
        id: '1024',
        number: 'HT202611240001',
        name: 'Framework purchase agreement 2027',
        status: 'completed',
        parties: ['B'],
        initiated: false,
        createdAt: '2026-11-24 08:30:12',
      },
    ] satisfies CounterpartContract[],
    total: 1,
    current: 1,
    size: 10,
  },
  importReport: {
    kind: 'person',
    committed: false,
    total: 3,
    accepted: 1,
    refused: 2,
    rows: [
      { row: 2, values: { name: 'Zhao Lei', phone: '13700000007' }, errors: [] },
      {
        row: 3,
        values: { name: 'Qian Yu', phone: '1234' },
        errors: ['Phone: Incorrect phone number'],
      },
      {
        row: 4,
        values: { name: '', phone: '13700000008' },
        errors: ['Name: This field is required'],
      },
    ],
  } satisfies CounterpartImportReport,
} as const;
