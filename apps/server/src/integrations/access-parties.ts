/**
 * API access parties (spec 001 §3, §7 systemAccess; issue 34): a company's business channels that
 * call the open API. What the open API needs of them is `findAccessPartyByKey`; the rest serves the
 * systemAccess calls (routes.ts). See CONTEXT.md for the secrets, their rotation and the companies.
 */
import {
  ACCESS_SECRET_OVERLAP_HOURS,
  type AccessCompany,
  type AccessParty,
  type AccessPartySaved,
  type Page,
} from '@esign/platform';
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import type { SecretBox } from '../secret-box';
import { listTime } from '../templates/access';

type Db = Pick<Queryable, 'query'>;

/** The secret box label of an access party's API secret (and of its previous one). */
export const ACCESS_SECRET_LABEL = 'access-party-secret';

const HOUR_MS = 3_600_000;

/** A new public app key: `ak_` and 24 hex digits. */
export const newAppKey = () => `ak_${randomBytes(12).toString('hex')}`;
/** A new API secret: `sk_` and 32 random bytes in base64url. */
export const newApiSecret = () => `sk_${randomBytes(32).toString('base64url')}`;

/** Who changes the company's access parties: its tenant, company and user, from the session. */
export interface AccessOwner {
  tenantId: string;
  companyId: number;
  userId: number;
}

/** What the open API knows of the party whose app key a request carries. */
export interface FoundAccessParty {
  id: number;
  tenantId: string;
  companyId: number;
  name: string;
  enabled: boolean;
  /**
   * The secrets a request may be signed with, opened: the current API secret and, during the
   * overlap after a rotation, the previous one.
   */
  secrets: string[];
  /** The main company and the associated companies still affiliated to it. */
  companyIds: number[];
}

interface PartyRow {
  id: string;
  tenant_id: string;
  company_id: string;
  name: string;
  app_key: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: Date | string | null;
  secret_rotated_at: Date | string | null;
  enabled: boolean;
  create_time: string;
  update_time: string;
  callback_id: string | null;
  callback_url: string | null;
  callback_enabled: boolean | null;
}

const PARTY_COLUMNS = `p.id, p.tenant_id, p.company_id, p.name, p.app_key, p.secret_sealed,
  p.previous_secret_sealed, p.previous_secret_until, p.secret_rotated_at, p.enabled,
  ${listTime('p.created_at')} AS create_time, ${listTime('p.updated_at')} AS update_time,
  cb.id AS callback_id, cb.url AS callback_url, cb.enabled AS callback_enabled`;
const PARTY_FROM = `access_parties p LEFT JOIN access_callbacks cb ON cb.party_id = p.id`;

/**
 * The associated companies of parties that count: those still affiliated to the party's main
 * company (a link removed on the affiliated companies screen takes the company away from the
 * party at once), main company first.
 */
async function companiesOf(db: Db, partyIds: number[]): Promise<Map<number, AccessCompany[]>> {
  const rows = await db.query<{ party_id: string; id: string; full_name: string; main: boolean }>(
    `SELECT p.id AS party_id, c.id, c.full_name, true AS main
       FROM access_parties p JOIN companies c ON c.id = p.company_id
      WHERE p.id = ANY($1::bigint[])
     UNION ALL
     SELECT p.id, c.id, c.full_name, false
       FROM access_parties p
       JOIN access_party_companies a ON a.party_id = p.id
       JOIN sub_companies s ON s.main_company_id = p.company_id AND s.sub_company_id = a.company_id
       JOIN companies c ON c.id = a.company_id
      WHERE p.id = ANY($1::bigint[])
     ORDER BY 1, 4 DESC, 2`,
    [partyIds],
  );
  const byParty = new Map<number, AccessCompany[]>();
  for (const row of rows) {
    const list = byParty.get(Number(row.party_id)) ?? [];
    list.push({ id: String(row.id), fullName: row.full_name, main: row.main });
    byParty.set(Number(row.party_id), list);
  }
  return byParty;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The previous secret's end, when it is still accepted at `now`. */
function overlapUntil(row: PartyRow, now: Date): string | null {
  if (row.previous_secret_until === null) return null;
  const until = new Date(row.previous_secret_until);
  return until > now ? until.toISOString() : null;
}

function toParty(row: PartyRow, companies: AccessCompany[], now: Date): AccessParty {
  return {
    id: String(row.id),
    name: row.name,
    appKey: row.app_key,
    enabled: row.enabled,
    companies,
    secretRotatedAt: iso(row.secret_rotated_at),
    previousSecretUntil: overlapUntil(row, now),
    callback:
      row.callback_id === null
        ? null
        : { id: String(row.callback_id), url: row.callback_url!, enabled: row.callback_enabled! },
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

async function toParties(db: Db, rows: PartyRow[], now: Date): Promise<AccessParty[]> {
  const companies = await companiesOf(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => toParty(row, companies.get(Number(row.id)) ?? [], now));
}

/**
 * The party an open API request names by its app key, with its secrets opened and the companies
 * it acts for; null for an unknown key. A disabled party is found (`enabled: false`) so that the
 * caller can say so; the caller refuses it.
 */
export async function findAccessPartyByKey(
  db: Db,
  secrets: SecretBox,
  appKey: string,
  now: Date = new Date(),
): Promise<FoundAccessParty | null> {
  const [row] = await db.query<PartyRow>(
    `SELECT ${PARTY_COLUMNS} FROM ${PARTY_FROM} WHERE p.app_key = $1`,
    [appKey],
  );
  if (!row) return null;
  const opened = [secrets.openText(ACCESS_SECRET_LABEL, row.secret_sealed)];
  if (row.previous_secret_sealed !== null && overlapUntil(row, now) !== null) {
    opened.push(secrets.openText(ACCESS_SECRET_LABEL, row.previous_secret_sealed));
  }
  const companies = (await companiesOf(db, [Number(row.id)])).get(Number(row.id)) ?? [];
  return {
    id: Number(row.id),
    tenantId: row.tenant_id,
    companyId: Number(row.company_id),
    name: row.name,
    enabled: row.enabled,
    secrets: opened,
    companyIds: companies.map((company) => Number(company.id)),
  };
}

/** The companies a party of the session's company may act for: it, then its affiliates. */
export async function accessCompanies(db: Db, companyId: number): Promise<AccessCompany[]> {
  const rows = await db.query<{ id: string; full_name: string; main: boolean }>(
    `SELECT c.id, c.full_name, true AS main FROM companies c WHERE c.id = $1
     UNION ALL
     SELECT c.id, c.full_name, false FROM sub_companies s
       JOIN companies c ON c.id = s.sub_company_id
      WHERE s.main_company_id = $1
     ORDER BY 3 DESC, 2, 1`,
    [companyId],
  );
  return rows.map((row) => ({ id: String(row.id), fullName: row.full_name, main: row.main }));
}

/**
 * Checks the associated companies a request names: never the main company (spec 001 §5, its
 * message), only the main company's affiliates.
 */
async function checkCompanies(db: Db, companyId: number, companyIds: number[]): Promise<void> {
  if (companyIds.includes(companyId)) {
    throw new ApiError('subCompanySelf', 400, 400, { field: 'companyIds' });
  }
  if (companyIds.length === 0) return;
  const [linked] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sub_companies
      WHERE main_company_id = $1 AND sub_company_id = ANY($2::bigint[])`,
    [companyId, companyIds],
  );
  if (linked!.n !== companyIds.length) {
    throw new ApiError('accessCompanyNotAffiliated', 400, 400, { field: 'companyIds' });
  }
}

/** One party of the owner's company, or 404 (another company's is not found, whatever it is). */
async function partyRow(db: Db, owner: AccessOwner, id: number, lock = false): Promise<PartyRow> {
  const [row] = await db.query<PartyRow>(
    lock
      ? `SELECT ${PARTY_COLUMNS} FROM access_parties p
           LEFT JOIN access_callbacks cb ON cb.party_id = p.id
         WHERE p.id = $1 AND p.tenant_id = $2 AND p.company_id = $3 FOR UPDATE OF p`
      : `SELECT ${PARTY_COLUMNS} FROM ${PARTY_FROM}
         WHERE p.id = $1 AND p.tenant_id = $2 AND p.company_id = $3`,
    [id, owner.tenantId, owner.companyId],
  );
  if (!row) throw new ApiError('notFound', 404);
  return row;
}

/** One party of the owner's company, as the detail shows it. */
export async function accessPartyDetail(
  db: Db,
  owner: AccessOwner,
  id: number,
  now: Date,
): Promise<AccessParty> {
  const [party] = await toParties(db, [await partyRow(db, owner, id)], now);
  return party!;
}

/** A page of the owner's company's parties, newest first, optionally by name. */
export async function listAccessParties(
  database: Database,
  owner: AccessOwner,
  query: { current: number; size: number; name?: string | undefined },
  now: Date,
): Promise<Page<AccessParty>> {
  const params: unknown[] = [owner.tenantId, owner.companyId];
  let where = 'p.tenant_id = $1 AND p.company_id = $2';
  if (query.name) {
    params.push(`%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where += ` AND p.name ILIKE $${params.length}`;
  }
  const rows = await database.query<PartyRow>(
    `SELECT ${PARTY_COLUMNS} FROM ${PARTY_FROM} WHERE ${where}
     ORDER BY p.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.size, (query.current - 1) * query.size],
  );
  const [count] = await database.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM access_parties p WHERE ${where}`,
    params,
  );
  return {
    records: await toParties(database, rows, now),
    total: count!.total,
    current: query.current,
    size: query.size,
  };
}

/** Every party of the owner's company, for choosing one. */
export async function accessPartyOptions(db: Db, owner: AccessOwner) {
  const rows = await db.query<{
    id: string;
    name: string;
    app_key: string;
    enabled: boolean;
    callback_id: string | null;
  }>(
    `SELECT p.id, p.name, p.app_key, p.enabled, cb.id AS callback_id
       FROM ${PARTY_FROM} WHERE p.tenant_id = $1 AND p.company_id = $2 ORDER BY p.id DESC`,
    [owner.tenantId, owner.companyId],
  );
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    appKey: row.app_key,
    enabled: row.enabled,
    callbackId: row.callback_id === null ? null : String(row.callback_id),
  }));
}

async function setCompanies(tx: Db, partyId: number, companyIds: number[]): Promise<void> {
  await tx.query('DELETE FROM access_party_companies WHERE party_id = $1', [partyId]);
  if (companyIds.length === 0) return;
  await tx.query(
    `INSERT INTO access_party_companies (party_id, company_id)
     SELECT $1, unnest($2::bigint[])`,
    [partyId, companyIds],
  );
}

/**
 * Makes a party (no `id`) with a new app key and API secret — the secret is in the answer, and
 * never again — or changes one's name, associated companies and (when given) whether it is enabled.
 */
export async function saveAccessParty(
  database: Database,
  secrets: SecretBox,
  owner: AccessOwner,
  body: {
    id?: number | undefined;
    name: string;
    companyIds: number[];
    enabled?: boolean | undefined;
  },
  now: Date,
): Promise<AccessPartySaved> {
  return database.transaction(async (tx) => {
    await checkCompanies(tx, owner.companyId, body.companyIds);
    let id = body.id;
    let secret: string | null = null;
    if (id === undefined) {
      secret = newApiSecret();
      const [made] = await tx.query<{ id: string }>(
        `INSERT INTO access_parties (tenant_id, company_id, name, app_key, secret_sealed, enabled,
           created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
        [
          owner.tenantId,
          owner.companyId,
          body.name,
          newAppKey(),
          secrets.seal(ACCESS_SECRET_LABEL, secret),
          body.enabled ?? true,
          owner.userId,
          now.toISOString(),
        ],
      );
      id = Number(made!.id);
    } else {
      await partyRow(tx, owner, id, true);
      await tx.query(
        `UPDATE access_parties SET name = $2, enabled = COALESCE($3, enabled), updated_at = $4
         WHERE id = $1`,
        [id, body.name, body.enabled ?? null, now.toISOString()],
      );
    }
    await setCompanies(tx, id, body.companyIds);
    const [party] = await toParties(tx, [await partyRow(tx, owner, id)], now);
    return { ...party!, secret };
  });
}

/** Enables or disables a party of the owner's company. */
export async function setAccessPartyEnabled(
  database: Database,
  owner: AccessOwner,
  id: number,
  enabled: boolean,
  now: Date,
): Promise<AccessParty> {
  return database.transaction(async (tx) => {
    await partyRow(tx, owner, id, true);
    await tx.query('UPDATE access_parties SET enabled = $2, updated_at = $3 WHERE id = $1', [
      id,
      enabled,
      now.toISOString(),
    ]);
    return accessPartyDetail(tx, owner, id, now);
  });
}

/**
 * A new API secret for a party, in the answer only. The secret it replaces stays valid for
 * `ACCESS_SECRET_OVERLAP_HOURS`, so that the party's software can be given the new one without a
 * gap; a second rotation within that time ends the first one's old secret at once (only the
 * secret just replaced overlaps).
 */
export async function rotateAccessSecret(
  database: Database,
  secrets: SecretBox,
  owner: AccessOwner,
  id: number,
  now: Date,
): Promise<AccessPartySaved> {
  return database.transaction(async (tx) => {
    const row = await partyRow(tx, owner, id, true);
    const secret = newApiSecret();
    const until = new Date(now.getTime() + ACCESS_SECRET_OVERLAP_HOURS * HOUR_MS);
    await tx.query(
      `UPDATE access_parties SET secret_sealed = $2, previous_secret_sealed = $3,
         previous_secret_until = $4, secret_rotated_at = $5, updated_at = $5
       WHERE id = $1`,
      [
        id,
        secrets.seal(ACCESS_SECRET_LABEL, secret),
        row.secret_sealed,
        until.toISOString(),
        now.toISOString(),
      ],
    );
    return { ...(await accessPartyDetail(tx, owner, id, now)), secret };
  });
}
