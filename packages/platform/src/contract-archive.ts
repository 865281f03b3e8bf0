/**
 * The contract archive (spec 000 §1–§2 /management/index: archive, categories, download; issue
 * 30): each console's categories for its completed contracts, the filing of contracts in them and
 * the members' rights on them. Paths, schemas, shapes and messages shared by the server and the
 * web app.
 *
 * The spec names the template categories' calls (templateclassify, templateclassifyrefarchive,
 * templateClassifyAuth) but none for the archive: these follow them, under `contractclassify`,
 * `contractclassifyrefarchive` and `contractClassifyAuth`, and take the same shapes (./categories:
 * a category's name is `categoryNameSchema`, not empty, at most 20 characters).
 */
import * as z from 'zod/mini';
import type { Page } from './api';
import type { ContractListParty } from './contract-lists';
import type { MessageKey } from './messages';
import { pageQuery, positiveInt, recordIdSchema, recordIdsSchema } from './paging';
import {
  categoryGrantBody,
  categoryGrantsQuery,
  categoryRemoveBody,
  categoryRenameBody,
  categorySaveBody,
  type CategoryGrant,
  type CategoryRight,
  type CategorySaved,
} from './categories';
import type { StaffMember } from './templates';

const err = (key: MessageKey) => ({ error: key });
const invalid = err('invalidValue');

/** The calls of this area, under /api (joined into `PATHS`). */
export const CONTRACT_ARCHIVE_PATHS = {
  /** POST `ArchiveCategorySaveBody`: a new category of the console (`ArchiveCategorySaved`). */
  archiveCategorySave: '/sicpay-contract/contractclassify/save',
  /** POST `ArchiveCategoryRenameBody` (`ArchiveCategorySaved`). */
  archiveCategoryRename: '/sicpay-contract/contractclassify/rename',
  /** POST `{ id }`: removes a category; its contracts return to the unfiled list. */
  archiveCategoryRemove: '/sicpay-contract/contractclassify/remove',
  /** GET ?current&size&name: the categories the member has a right on (`Page<ArchiveCategory>`). */
  archiveCategoryPage: '/sicpay-contract/contractclassify/userPage',
  /** GET `ArchivePageQuery`: completed contracts, filed or not, searched (`Page<ArchivedContract>`). */
  archivePage: '/sicpay-contract/contractclassifyrefarchive/page',
  /** POST `{ classifyId, contractIds }`: files completed contracts in a category (moving them). */
  archiveFile: '/sicpay-contract/contractclassifyrefarchive/save',
  /** POST `{ contractIds }`: takes contracts out of their category. */
  archiveUnfile: '/sicpay-contract/contractclassifyrefarchive/remove',
  /**
   * GET ?id: a contract's evidence as one ZIP — the signed PDF as it stands and its audit trail
   * (the attestation's entries and the chain's verdict, as JSON and as text).
   */
  archiveEvidence: '/sicpay-contract/contractclassifyrefarchive/evidence',
  /** GET ?classifyId&current&size: the members granted a right on a category (`Page<CategoryGrant>`). */
  archiveGrants: '/sicpay-contract/contractClassifyAuth/page',
  /** GET ?classifyId&keyword: members without a right there yet (`StaffMember[]`, ≤ 100). */
  archiveGrantableMembers: '/sicpay-contract/contractClassifyAuth/getBeAuthList',
  /** POST `{ grants: [{ classifyId, userId, right: use | manage | none }] }`. */
  archiveGrant: '/sicpay-contract/contractClassifyAuth/addOrUpdateAuth',
} as const;

/** Messages of the archive, in English and Chinese. */
export const CONTRACT_ARCHIVE_MESSAGES = {
  archiveOnlyCompleted: {
    en: 'Only completed contracts can be filed',
    zh: '只有已完成的合同可以归档',
  },
} as const;

/** POST contractclassify/save */
export const archiveCategorySaveBody = categorySaveBody;
/** POST contractclassify/rename */
export const archiveCategoryRenameBody = categoryRenameBody;
/** POST contractclassify/remove */
export const archiveCategoryRemoveBody = categoryRemoveBody;
/** GET contractclassify/userPage */
export const archiveCategoryPageQuery = z.object({
  ...pageQuery,
  name: z.optional(z.string().check(z.trim(), z.maxLength(20, invalid))),
});

const text = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, invalid)));
const isoDateTime = () => z.optional(z.iso.datetime({ offset: true, error: 'invalidValue' }));

/**
 * Which of the console's completed contracts the archive list shows: every one the member may see
 * (`all`), those in no category (`unfiled`), or those of one category (`classifyId`, which then
 * decides).
 */
export const ARCHIVE_SCOPES = ['all', 'unfiled'] as const;

/** GET contractclassifyrefarchive/page: every given criterion must hold. */
export const archivePageQuery = z.object({
  ...pageQuery,
  scope: z._default(z.enum(ARCHIVE_SCOPES, invalid), 'all'),
  /** One category's contracts (a right on it needed). */
  classifyId: z.optional(positiveInt()),
  /** Part of the contract's name. */
  name: text(100),
  /** Part of a party's name, phone or company. */
  participant: text(100),
  /** The contract number, or its beginning. */
  number: text(64),
  /** Signing started within [from, to] (ISO 8601). */
  signFrom: isoDateTime(),
  signTo: isoDateTime(),
});
export type ArchivePageQuery = z.output<typeof archivePageQuery>;

/** POST contractclassifyrefarchive/save */
export const archiveFileBody = z.object({
  classifyId: recordIdSchema,
  contractIds: recordIdsSchema(),
});
/** POST contractclassifyrefarchive/remove */
export const archiveUnfileBody = z.object({ contractIds: recordIdsSchema() });
/** GET contractclassifyrefarchive/evidence */
export const archiveEvidenceQuery = z.object({ id: positiveInt() });
/** GET contractClassifyAuth/page */
export const archiveGrantsQuery = categoryGrantsQuery;
/** GET contractClassifyAuth/getBeAuthList */
export const archiveGrantableMembersQuery = z.object({
  classifyId: positiveInt(),
  keyword: text(50),
});
/** POST contractClassifyAuth/addOrUpdateAuth: sets rights; 'none' takes a grant away. */
export const archiveGrantBody = categoryGrantBody;

/** A row of contractclassify/userPage. */
export interface ArchiveCategory {
  id: string;
  name: string;
  /** The member's right: `use` sees it and its contracts, `manage` also files in and out. */
  right: CategoryRight;
  /** How many contracts are filed in it. */
  contractCount: number;
  /** yyyy-MM-dd HH:mm:ss UTC */
  createTime: string;
}

/** contractclassify/save and rename */
export type ArchiveCategorySaved = CategorySaved;

/** A row of contractclassifyrefarchive/page: a completed contract and where it is filed. */
export interface ArchivedContract {
  id: string;
  number: string;
  name: string;
  initiatorName: string;
  /** The initiating company; null for a personal contract. */
  initiatorCompany: string | null;
  participants: Pick<ContractListParty, 'party' | 'name' | 'phone' | 'companyName' | 'signedAt'>[];
  /** ISO 8601: when signing started, and when the last party signed. */
  signingStartedAt: string | null;
  completedAt: string | null;
  /** Its category in this console; null when unfiled. */
  classifyId: string | null;
  classifyName: string | null;
  /** The member's right on its category (`manage` on an unfiled one: any member may file it). */
  right: CategoryRight;
}

export type ArchivePage = Page<ArchivedContract>;

const LEASES: ArchiveCategory = {
  id: '3',
  name: 'Leases',
  right: 'manage',
  contractCount: 1,
  createTime: '2026-11-24 09:00:00',
};
const SUPPLY: ArchiveCategory = {
  id: '4',
  name: 'Supply',
  right: 'use',
  contractCount: 0,
  createTime: '2026-11-24 09:05:00',
};

const party = (letter: string, name: string, phone: string, companyName: string | null) => ({
  party: letter,
  name,
  phone,
  companyName,
  signedAt: '2026-11-24T08:40:00.000Z',
});

const ARCHIVED: ArchivePage = {
  records: [
    {
      id: '1024',
      number: 'HT20261124083012',
      name: 'Service agreement 2026',
      initiatorName: 'Wang Fang',
      initiatorCompany: 'Demo Technology Co., Ltd.',
      participants: [
        party('A', 'Wang Fang', '13800000002', 'Demo Technology Co., Ltd.'),
        party('B', 'Li Ming', '13800000001', null),
      ],
      signingStartedAt: '2026-11-24T08:30:12.000Z',
      completedAt: '2026-11-24T08:40:00.000Z',
      classifyId: LEASES.id,
      classifyName: LEASES.name,
      right: 'manage',
    },
    {
      id: '1025',
      number: 'HT20261124091544',
      name: 'Office lease, floor 3',
      initiatorName: 'Wang Fang',
      initiatorCompany: 'Demo Technology Co., Ltd.',
      participants: [
        party('A', 'Wang Fang', '13800000002', 'Demo Technology Co., Ltd.'),
        party('B', 'Zhao Lei', '13900000003', 'Sunrise Property Ltd.'),
      ],
      signingStartedAt: '2026-11-24T09:15:44.000Z',
      completedAt: '2026-11-24T10:02:00.000Z',
      classifyId: null,
      classifyName: null,
      right: 'manage',
    },
  ],
  total: 2,
  current: 1,
  size: 10,
};

/**
 * The archive calls' OpenAPI examples, which the web app's story answers with: the demo company's
 * archive keeper files the contract the contract examples follow (`apps/server/src/contracts/
 * examples.ts`: 1024, 'Service agreement 2026') in a "Leases" category. Each query and body
 * example passes its route's schema (the server's `describeRoute` refuses it otherwise).
 */
export const CONTRACT_ARCHIVE_EXAMPLES = {
  categorySave: { body: { name: 'Leases' }, answer: { id: LEASES.id, name: LEASES.name } },
  categoryRename: { body: { id: LEASES.id, name: 'Office leases' } },
  categoryRemove: { body: { id: LEASES.id } },
  categoryPage: {
    query: { current: '1', size: '100' },
    answer: {
      records: [LEASES, SUPPLY],
      total: 2,
      current: 1,
      size: 100,
    } satisfies Page<ArchiveCategory>,
  },
  page: {
    query: { current: '1', size: '10', scope: 'all' as const, name: 'agreement' },
    answer: ARCHIVED,
  },
  file: { body: { classifyId: LEASES.id, contractIds: ['1024', '1025'] } },
  unfile: { body: { contractIds: ['1025'] } },
  evidence: { query: { id: '1024' } },
  grants: {
    query: { current: '1', size: '10', classifyId: LEASES.id },
    answer: {
      records: [
        {
          userId: '7',
          name: 'Zhao Lei',
          phone: '13900000003',
          right: 'use',
          createTime: '2026-11-24 09:10:00',
        },
      ],
      total: 1,
      current: 1,
      size: 10,
    } satisfies Page<CategoryGrant>,
  },
  grantableMembers: {
    query: { classifyId: LEASES.id, keyword: 'Zhao' },
    answer: [
      { id: '7', name: 'Zhao Lei', phone: '13900000003', role: 'employee' },
    ] satisfies StaffMember[],
  },
  grant: { body: { grants: [{ classifyId: LEASES.id, userId: '7', right: 'use' as const }] } },
};
