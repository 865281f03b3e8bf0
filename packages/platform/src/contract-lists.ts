/**
 * The contract lists (spec 000 §2: the contract list's tabs and its search), shared by the server
 * and the web app: GET contract/quickPage (the tabs of work: handled by me, handled by others,
 * completed) and GET contract/myPage (my contracts, I initiated, I received, copied to me).
 */
import * as z from 'zod/mini';
import type { Page } from './api';
import { CONTRACT_STATUSES, type ContractStatus } from './contracts';
import { pageQuery } from './paging';

/**
 * The tabs of the contract list, in the session's console:
 * - `todo` (handled by me): the console has a party whose move it is — fill while the contract is
 *   being filled, sign while it is being signed (in a sequential order, when every signing party
 *   before it has signed);
 * - `waiting` (handled by others): under way (filling, approving, signing), nothing for the
 *   console to do now;
 * - `completed`: every party signed;
 * - `all` (my contracts): every contract the console sees;
 * - `initiated`: those the console sent;
 * - `received`: those another console sent, naming this one as a party;
 * - `copied`: those the signed-in user is a copy recipient of (by account or phone).
 */
export const QUICK_TABS = ['todo', 'waiting', 'completed'] as const;
export const MY_TABS = ['all', 'initiated', 'received', 'copied'] as const;
export type ContractTab = (typeof QUICK_TABS)[number] | (typeof MY_TABS)[number];

const invalid = { error: 'invalidValue' } as const;
const text = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, invalid)));
const isoDateTime = () => z.optional(z.iso.datetime({ offset: true, error: 'invalidValue' }));

/** The search of both lists: every given criterion must hold. */
const searchFields = {
  ...pageQuery,
  /** The contract number, or its beginning. */
  number: text(64),
  /** Part of the contract's name. */
  name: text(100),
  /** Signing started within [from, to] (ISO 8601). */
  signFrom: isoDateTime(),
  signTo: isoDateTime(),
  /** Part of the initiator's name or phone. */
  initiator: text(50),
  /** Part of a party's name, phone or company name. */
  participant: text(100),
  status: z.optional(z.enum(CONTRACT_STATUSES, invalid)),
};

export const contractQuickPageQuery = z.object({
  ...searchFields,
  tab: z._default(z.enum(QUICK_TABS, invalid), 'todo'),
});
export const contractMyPageQuery = z.object({
  ...searchFields,
  tab: z._default(z.enum(MY_TABS, invalid), 'all'),
});
export type ContractListQuery =
  z.output<typeof contractQuickPageQuery> | z.output<typeof contractMyPageQuery>;

/** A party as the lists show it. */
export interface ContractListParty {
  party: string;
  name: string;
  phone: string;
  /** The company it signs for; null for a person. */
  companyName: string | null;
  signs: boolean;
  fills: boolean;
  /** ISO 8601 times of what it did; null until then. */
  filledAt: string | null;
  signedAt: string | null;
  refusedAt: string | null;
}

/** A row of contract/quickPage and contract/myPage. */
export interface ContractListItem {
  id: string;
  number: string;
  name: string;
  status: ContractStatus;
  agreementType: string;
  initiatorName: string;
  initiatorPhone: string;
  /** The initiating company; null for a personal contract. */
  initiatorCompany: string | null;
  signingOrder: 'parallel' | 'sequential';
  participants: ContractListParty[];
  /**
   * What the console has to do now (for `todo`): fill, sign, or agree to rescind a completed
   * contract another party asked to rescind; else null.
   */
  myAction: 'fill' | 'sign' | 'rescind' | null;
  /** ISO 8601 */
  createdAt: string;
  signingStartedAt: string | null;
  signingDeadline: string | null;
}

/**
 * The lists count a tab's contracts up to this many; beyond it the answer says "more than"
 * (`totalCapped`) instead of counting every one, so that the first page of a console with 100,000
 * contracts costs what a page costs. Nobody pages past a thousand pages: the search narrows.
 */
export const CONTRACT_LIST_COUNT_CAP = 10_000;

export interface ContractListPage extends Page<ContractListItem> {
  /**
   * More contracts match than `total` says: the count stopped at `CONTRACT_LIST_COUNT_CAP`. The
   * server always sends it.
   */
  totalCapped?: boolean;
}
