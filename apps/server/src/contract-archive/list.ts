/**
 * The archive list (GET contractclassifyrefarchive/page): the console's completed contracts, filed
 * or not, searched, newest first. As the contract lists do, the page's ids are chosen first (a
 * name or party search reads the trigram indexes of migration 33 instead of every row), beside
 * the total up to `CONTRACT_LIST_COUNT_CAP`; then the page's rows with their parties and category.
 * A name or party search gathers its matches once for both (the trigram scans were most of its
 * time, and PGlite ran them twice, one after the other: issue 30's 20 ms target for a party
 * search); an unsearched list keeps the ordered page and the capped count side by side.
 */
import {
  CONTRACT_LIST_COUNT_CAP,
  type ArchivePage,
  type ArchivePageQuery,
  type ArchivedContract,
  type CategoryRight,
} from '@esign/platform';
import { consoleContractRows } from '../contracts/console-contracts';
import type { Database } from '../db';
import { containsPattern } from '../templates/access';
import { archiveRightSql, findArchiveCategory, type ArchiveActor } from './access';

/** SQL parameters numbered as they are added, after the given ones. */
class Parameters {
  readonly values: unknown[];
  constructor(initial: readonly unknown[]) {
    this.values = [...initial];
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The conditions on `contracts c` (with its filing `f` in the console's archive) of a search: the
 * console's completed contracts, those filed in a category the member has no right on left out.
 */
function archiveConditions(actor: ArchiveActor, query: ArchivePageQuery, onlyId?: number) {
  const visible = consoleContractRows(actor.session, actor.keys);
  const params = new Parameters(visible.params);
  const consoleKey = params.add(actor.consoleKey);
  const conditions = [visible.where, `c.status = 'completed'`];
  if (onlyId !== undefined) conditions.push(`c.id = ${params.add(onlyId)}`);
  if (!actor.keeper) {
    conditions.push(`(f.category_id IS NULL OR EXISTS (SELECT 1 FROM contract_archive_grants g
      WHERE g.category_id = f.category_id AND g.user_id = ${params.add(actor.userId)}))`);
  }
  if (query.classifyId !== undefined)
    conditions.push(`f.category_id = ${params.add(query.classifyId)}`);
  else if (query.scope === 'unfiled') conditions.push('f.category_id IS NULL');
  if (query.number) {
    conditions.push(`c.number ILIKE ${params.add(`${query.number.replace(/[\\%_]/g, '\\$&')}%`)}`);
  }
  if (query.name) conditions.push(`c.name ILIKE ${params.add(containsPattern(query.name))}`);
  if (query.participant) {
    const like = params.add(containsPattern(query.participant));
    // IN rather than a correlated EXISTS: the parties' trigram indexes answer it in one pass.
    conditions.push(`c.id IN (SELECT s.contract_id FROM contract_participants s
      WHERE s.name ILIKE ${like} OR s.phone ILIKE ${like} OR s.company_name ILIKE ${like})`);
  }
  if (query.signFrom) conditions.push(`c.signing_started_at >= ${params.add(query.signFrom)}`);
  if (query.signTo) conditions.push(`c.signing_started_at <= ${params.add(query.signTo)}`);
  const from = `contracts c LEFT JOIN contract_archive_filings f
    ON f.tenant_id = c.tenant_id AND f.console_key = ${consoleKey} AND f.contract_id = c.id`;
  return { from, where: conditions.map((condition) => `(${condition})`).join(' AND '), params };
}

interface ArchivedRow {
  id: string | number;
  number: string;
  name: string;
  initiator_name: string;
  initiator_company: string | null;
  signing_started_at: Date | string | null;
  completed_at: Date | string | null;
  category_id: string | number | null;
  category_name: string | null;
  access: CategoryRight | null;
  participants: ArchivedContract['participants'] | string;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** One page of the archive list of the actor's console (`onlyId`: that contract alone, if listed). */
export async function listArchive(
  database: Database,
  actor: ArchiveActor,
  query: ArchivePageQuery,
  onlyId?: number,
): Promise<ArchivePage & { totalCapped: boolean }> {
  if (query.classifyId !== undefined) {
    await findArchiveCategory(database, actor, query.classifyId, 'use');
  }
  const { from, where, params } = archiveConditions(actor, query, onlyId);
  const offset = (query.current - 1) * query.size;
  const pageSql = `SELECT c.id FROM ${from} WHERE ${where}
       ORDER BY c.created_at DESC, c.id DESC LIMIT ${Number(query.size)} OFFSET ${offset}`;
  let page: { id: string | number }[];
  let counted: { total: number };
  if (query.name || query.participant) {
    // A name or party search reads the trigram indexes once, not twice (page, then count): the
    // matches up to the cap are gathered once, then counted and ordered. On PGlite, whose one
    // connection runs the page and the count one after the other, that halves the search.
    // Matches past the cap leave the newest page unknown among the gathered: it is read as a
    // list's page is (below).
    const [both] = await database.query<{ total: number; ids: (string | number)[] | string }>(
      `WITH matching AS MATERIALIZED (
         SELECT c.id, c.created_at FROM ${from} WHERE ${where}
         LIMIT ${CONTRACT_LIST_COUNT_CAP + 1})
       SELECT (SELECT count(*)::int FROM matching) AS total,
         (SELECT COALESCE(json_agg(p.id ORDER BY p.created_at DESC, p.id DESC), '[]'::json)
          FROM (SELECT id, created_at FROM matching ORDER BY created_at DESC, id DESC
                LIMIT ${Number(query.size)} OFFSET ${offset}) p) AS ids`,
      params.values,
    );
    counted = { total: both!.total };
    const ids = typeof both!.ids === 'string' ? (JSON.parse(both!.ids) as number[]) : both!.ids;
    page =
      counted.total > CONTRACT_LIST_COUNT_CAP
        ? await database.query<{ id: string | number }>(pageSql, params.values)
        : ids.map((id) => ({ id }));
  } else {
    // The page and the count together (on PostgreSQL, over two connections at once). The count
    // stops at the cap, as the contract lists' does.
    const [rows, [total]] = await Promise.all([
      database.query<{ id: string | number }>(pageSql, params.values),
      database.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM (
           SELECT 1 FROM ${from} WHERE ${where} LIMIT ${CONTRACT_LIST_COUNT_CAP + 1}) matching`,
        params.values,
      ),
    ]);
    page = rows;
    counted = total!;
  }
  const totalCapped = counted.total > CONTRACT_LIST_COUNT_CAP;
  const total = Math.min(counted.total, CONTRACT_LIST_COUNT_CAP);
  const records = page.length === 0 ? [] : await readArchived(database, actor, page);
  return { records, total, totalCapped, current: query.current, size: query.size };
}

async function readArchived(
  database: Database,
  actor: ArchiveActor,
  page: { id: string | number }[],
): Promise<ArchivedContract[]> {
  const params = new Parameters([actor.tenantId, actor.consoleKey]);
  const ids = params.add(page.map((row) => Number(row.id)));
  const rows = await database.query<ArchivedRow>(
    `SELECT c.id, c.number, c.name, i.name AS initiator_name, k.full_name AS initiator_company,
       c.signing_started_at,
       (SELECT max(p.signed_at) FROM contract_participants p WHERE p.contract_id = c.id) AS completed_at,
       f.category_id, a.name AS category_name,
       CASE WHEN f.category_id IS NULL THEN 'manage'
         ELSE ${archiveRightSql(actor, params, 'f.category_id')} END AS access,
       COALESCE((SELECT json_agg(json_build_object('party', p.party, 'name', p.name,
           'phone', p.phone, 'companyName', p.company_name, 'signedAt', p.signed_at)
           ORDER BY p.party)
         FROM contract_participants p WHERE p.contract_id = c.id), '[]'::json) AS participants
     FROM contracts c JOIN users i ON i.id = c.initiator_user_id
     LEFT JOIN companies k ON k.id = c.company_id
     LEFT JOIN contract_archive_filings f
       ON f.tenant_id = c.tenant_id AND f.console_key = $2 AND f.contract_id = c.id
     LEFT JOIN contract_archive_categories a ON a.id = f.category_id
     WHERE c.tenant_id = $1 AND c.id = ANY(${ids}::bigint[])`,
    params.values,
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return page.flatMap(({ id }) => {
    const row = byId.get(Number(id));
    if (!row) return [];
    const parties =
      typeof row.participants === 'string'
        ? (JSON.parse(row.participants) as ArchivedContract['participants'])
        : row.participants;
    return [
      {
        id: String(row.id),
        number: row.number,
        name: row.name,
        initiatorName: row.initiator_name,
        initiatorCompany: row.initiator_company,
        participants: parties.map((party) => ({ ...party, signedAt: iso(party.signedAt) })),
        signingStartedAt: iso(row.signing_started_at),
        completedAt: iso(row.completed_at),
        classifyId: row.category_id === null ? null : String(row.category_id),
        classifyName: row.category_name,
        right: row.access ?? 'use',
      },
    ];
  });
}
