/**
 * The contract lists (GET contract/quickPage and contract/myPage): a tab of the session's console
 * and the search, a page at a time, newest first. The page's ids are chosen first and only those
 * rows are then read with their parties, so that a console with 100,000 contracts answers its first
 * page without reading them all.
 */
import {
  CONTRACT_LIST_COUNT_CAP,
  PERSONAL_CONSOLE_ID,
  type ContractListItem,
  type ContractListPage,
  type ContractListParty,
  type ContractListQuery,
} from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import type { Database } from '../db';
import {
  CONTRACT_HEAD_COLUMNS,
  CONTRACT_HEAD_JOINS,
  contractHead,
  iso,
  type ContractHeadRow,
} from './contract-head';
import { consoleContractRows, copiedTo } from './console-contracts';
import { consoleKeys } from './turn';

/** SQL parameters numbered as they are added. */
class Parameters {
  readonly values: unknown[];
  constructor(initial: readonly unknown[]) {
    this.values = [...initial];
  }
  /** Adds a value and gives its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The pattern characters of `LIKE`, taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `LIKE` text for "contains". */
const containing = (text: string) => `%${literal(text)}%`;

/**
 * Conditions on `contracts c` for the session's console, given `consoleContractRows`' $1 (tenant),
 * $2 (the company, or the user in the personal console) and $3 (the console's keys). Whose move it
 * is comes from `c.awaiting` (kept by `refreshTurns`: a party to fill while filling, to sign while
 * signing, in a sequential order only at its turn), so that no tab joins the parties' rows.
 */
function consoleConditions(session: AccessClaims, keys = '$3') {
  const company = session.companyId !== PERSONAL_CONSOLE_ID;
  const awaits = `c.awaiting && ${keys}::text[]`;
  const initiated = company
    ? 'c.company_id = $2'
    : 'c.company_id IS NULL AND c.initiator_user_id = $2';
  return {
    todo: `(c.status IN ('filling', 'signing', 'completed') AND ${awaits})`,
    myAction: `CASE WHEN ${awaits} THEN CASE c.status WHEN 'filling' THEN 'fill'
      WHEN 'signing' THEN 'sign' WHEN 'completed' THEN 'rescind' END END`,
    initiated,
    received: `NOT (${initiated}) AND c.party_consoles && ${keys}::text[]`,
  };
}

/**
 * Which contracts of the tenant the tab shows, as conditions on `contracts c`, with the
 * parameters they number from $1.
 */
function tabConditions(
  session: AccessClaims,
  keys: readonly string[],
  tab: ContractListQuery['tab'],
): { conditions: string[]; params: Parameters } {
  if (tab === 'copied') {
    // Whatever the console: the signed-in user is the one copied.
    const params = new Parameters([session.tenantId, session.userId]);
    return {
      params,
      conditions: ['c.tenant_id = $1', copiedTo('$2')],
    };
  }
  const visible = consoleContractRows(session, keys);
  const params = new Parameters(visible.params);
  const rules = consoleConditions(session);
  const conditions = [visible.where];
  if (tab === 'todo') conditions.push(rules.todo);
  if (tab === 'waiting') {
    conditions.push(`c.status IN ('filling', 'approving', 'signing')`, `NOT ${rules.todo}`);
  }
  if (tab === 'completed') conditions.push(`c.status = 'completed'`);
  if (tab === 'initiated') conditions.push(rules.initiated);
  if (tab === 'received') conditions.push(rules.received);
  return { conditions, params };
}

/** The search's criteria, as conditions on `contracts c`. */
function searchConditions(query: ContractListQuery, params: Parameters): string[] {
  const conditions: string[] = [];
  if (query.number) conditions.push(`c.number ILIKE ${params.add(`${literal(query.number)}%`)}`);
  if (query.name) conditions.push(`c.name ILIKE ${params.add(containing(query.name))}`);
  if (query.signFrom) conditions.push(`c.signing_started_at >= ${params.add(query.signFrom)}`);
  if (query.signTo) conditions.push(`c.signing_started_at <= ${params.add(query.signTo)}`);
  if (query.status) conditions.push(`c.status = ${params.add(query.status)}`);
  if (query.initiator) {
    const like = params.add(containing(query.initiator));
    conditions.push(`EXISTS (SELECT 1 FROM users i WHERE i.id = c.initiator_user_id
      AND (i.name ILIKE ${like} OR i.phone ILIKE ${like}))`);
  }
  if (query.participant) {
    const like = params.add(containing(query.participant));
    conditions.push(`EXISTS (SELECT 1 FROM contract_participants s WHERE s.contract_id = c.id
      AND (s.name ILIKE ${like} OR s.phone ILIKE ${like} OR s.company_name ILIKE ${like}))`);
  }
  return conditions;
}

interface ContractRow extends ContractHeadRow {
  my_action: ContractListItem['myAction'];
  participants: ContractListParty[] | string;
}

/** One page of a tab of the session's console's contracts, searched. */
export async function listContracts(
  database: Database,
  session: AccessClaims,
  query: ContractListQuery,
): Promise<ContractListPage> {
  const keys = await consoleKeys(database, session);
  const { conditions, params } = tabConditions(session, keys, query.tab);
  const where = [...conditions, ...searchConditions(query, params)]
    .map((condition) => `(${condition})`)
    .join(' AND ');
  const offset = (query.current - 1) * query.size;
  // The page first: newest first down an index, it stops as soon as it has its rows.
  const page = await database.query<{ id: string | number }>(
    `SELECT c.id FROM contracts c WHERE ${where}
     ORDER BY c.created_at DESC, c.id DESC LIMIT ${Number(query.size)} OFFSET ${offset}`,
    params.values,
  );
  // Then the count, up to the cap (a short first page needs none): a console with 100,000
  // contracts is told "more than 10,000" rather than have every one counted on each request.
  let total = offset + page.length;
  let totalCapped = false;
  if (page.length === query.size || offset > 0) {
    const [counted] = await database.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (
         SELECT 1 FROM contracts c WHERE ${where} LIMIT ${CONTRACT_LIST_COUNT_CAP + 1}) matching`,
      params.values,
    );
    totalCapped = counted!.total > CONTRACT_LIST_COUNT_CAP;
    total = Math.min(counted!.total, CONTRACT_LIST_COUNT_CAP);
  }
  const records =
    page.length === 0
      ? []
      : await readContracts(
          database,
          session,
          keys,
          page.map((row) => Number(row.id)),
        );
  return { records, total, totalCapped, current: query.current, size: query.size };
}

/** The list rows of these contracts, in the order given. */
async function readContracts(
  database: Database,
  session: AccessClaims,
  keys: readonly string[],
  ids: number[],
): Promise<ContractListItem[]> {
  const params = new Parameters([session.tenantId]);
  const { myAction } = consoleConditions(session, params.add(keys));
  const list = params.add(ids);
  const rows = await database.query<ContractRow>(
    `SELECT ${CONTRACT_HEAD_COLUMNS},
            ${myAction} AS my_action,
            COALESCE((SELECT json_agg(json_build_object(
                'party', p.party, 'name', p.name, 'phone', p.phone, 'companyName', p.company_name,
                'signs', p.signs, 'fills', p.fills, 'filledAt', p.filled_at,
                'signedAt', p.signed_at, 'refusedAt', p.refused_at) ORDER BY p.party)
              FROM contract_participants p WHERE p.contract_id = c.id), '[]'::json) AS participants
     FROM contracts c ${CONTRACT_HEAD_JOINS}
     WHERE c.tenant_id = $1 AND c.id = ANY(${list}::bigint[])`,
    params.values,
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toItem(row)] : [];
  });
}

function toItem(row: ContractRow): ContractListItem {
  const parties =
    typeof row.participants === 'string'
      ? (JSON.parse(row.participants) as ContractListParty[])
      : row.participants;
  return {
    ...contractHead(row),
    participants: parties.map((party) => ({
      ...party,
      filledAt: iso(party.filledAt),
      signedAt: iso(party.signedAt),
      refusedAt: iso(party.refusedAt),
    })),
    myAction: row.my_action,
  };
}
