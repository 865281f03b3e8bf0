/**
 * Taking, settling and giving back the units a console spends (packages/platform `fees.ts` says
 * when a contract takes its signing and why). Every function runs inside the caller's
 * transaction, so a unit is taken together with what takes it (a contract, a report) or not at
 * all.
 *
 * Concurrency: a unit is taken by a conditional UPDATE of its source (`used < total`, still in
 * effect, not expired at `now`). Under PostgreSQL's READ COMMITTED a second transaction taking
 * the same last unit waits for the first's row lock, then re-reads the condition, finds nothing
 * left and moves to the next source — so two initiations never take one unit twice, on any number
 * of server processes.
 */
import { PACKAGE_VALID_DAYS, type FeeUnit } from '@esign/platform';
import type { Queryable } from '../db';
import { applyClock } from '../orders/orders';
import { SqlParams } from '../templates/access';
import type { FeeSettings } from './settings';

export { DEFAULT_FEE_SETTINGS, type FeeSettings } from './settings';

type Sql = Pick<Queryable, 'query'>;

/** Whose units: a console (`c<company>` / `u<user>`, as counterparts and orders key them). */
export interface FeeOwner {
  tenantId: string;
  consoleKey: string;
  companyId: number | null;
  userId: number;
}

/** Whether the tenant counts fees at all: a tenant of system type 1 shows no fee screens. */
export async function feesApply(sql: Sql, tenantId: string): Promise<boolean> {
  const [tenant] = await sql.query<{ sys_type: number }>(
    'SELECT sys_type FROM tenants WHERE id = $1',
    [tenantId],
  );
  return tenant?.sys_type !== 1;
}

/**
 * Gives the console its welcome gift of each unit, once (a unique index keeps one a unit and
 * console, whichever process or request gets here first), valid one year from now.
 */
export async function ensureWelcomeGifts(
  sql: Sql,
  owner: Pick<FeeOwner, 'tenantId' | 'consoleKey'>,
  settings: FeeSettings,
  now: Date,
): Promise<void> {
  const expiresAt = new Date(now.getTime() + PACKAGE_VALID_DAYS * 86_400_000);
  for (const [unit, total] of Object.entries(settings.welcome) as [FeeUnit, number][]) {
    if (!(total > 0)) continue;
    await sql.query(
      `INSERT INTO fee_gifts (tenant_id, console_key, unit, reason, total, granted_at, expires_at)
       VALUES ($1, $2, $3, 'welcome', $4, $5, $6) ON CONFLICT DO NOTHING`,
      [owner.tenantId, owner.consoleKey, unit, total, now, expiresAt],
    );
  }
}

/** What takes a unit. */
export interface TakeInput {
  unit: FeeUnit;
  /** Held until settled (`settleUnit`, or the contract trigger) or given back (`returnUnit`). */
  hold: boolean;
  contractId?: number | null;
  contractNumber?: string;
  reportId?: number | null;
  /** What the consume records show: the contract's (or the report's) name. */
  label: string;
}

/**
 * Takes one unit for the console from the source that expires first (a gift before a package
 * on the same instant), in the caller's transaction. Null when nothing remains (the caller
 * refuses with `noSigningsLeft` / `noEvidenceCopiesLeft` and writes nothing);
 * `{ consumptionId: null }` when the tenant counts no fees (system type 1). With `settings`, the
 * console's welcome gifts are ensured first.
 */
export async function takeUnit(
  tx: Sql,
  owner: FeeOwner,
  input: TakeInput,
  now: Date,
  settings?: FeeSettings,
): Promise<{ consumptionId: number | null } | null> {
  if (!(await feesApply(tx, owner.tenantId))) return { consumptionId: null };
  if (settings) await ensureWelcomeGifts(tx, owner, settings, now);
  const params = new SqlParams();
  await applyClock(
    tx,
    now,
    `o.tenant_id = ${params.add(owner.tenantId)} AND o.console_key = ${params.add(owner.consoleKey)}`,
    params,
  );
  for (let round = 0; round < 5; round += 1) {
    const candidates = await tx.query<{ kind: 'order' | 'gift'; id: string }>(
      `SELECT kind, id FROM (
         SELECT 'gift' AS kind, g.id, g.expires_at FROM fee_gifts g
         WHERE g.tenant_id = $1 AND g.console_key = $2 AND g.unit = $3 AND g.expires_at > $4
           AND g.used < g.total
         UNION ALL
         SELECT 'order' AS kind, o.id, o.expires_at FROM orders o
         WHERE o.tenant_id = $1 AND o.console_key = $2 AND o.unit = $3 AND o.status = 'inEffect'
           AND o.expires_at > $4 AND o.signings_used < o.signings_total
       ) s ORDER BY expires_at, kind DESC, id LIMIT 5`,
      [owner.tenantId, owner.consoleKey, input.unit, now],
    );
    if (candidates.length === 0) return null;
    for (const candidate of candidates) {
      const [taken] =
        candidate.kind === 'gift'
          ? await tx.query(
              `UPDATE fee_gifts SET used = used + 1
               WHERE id = $1 AND used < total AND expires_at > $2 RETURNING id`,
              [candidate.id, now],
            )
          : await tx.query(
              `UPDATE orders SET signings_used = signings_used + 1
               WHERE id = $1 AND signings_used < signings_total AND status = 'inEffect'
                 AND expires_at > $2 RETURNING id`,
              [candidate.id, now],
            );
      if (!taken) continue;
      const [record] = await tx.query<{ id: string }>(
        `INSERT INTO fee_consumptions (tenant_id, console_key, unit, source_kind, source_id, state,
           contract_id, contract_number, contract_name, report_id, user_id, user_name, taken_at,
           settled_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, u.id, coalesce(u.name, ''),
           $12, CASE WHEN $6 = 'held' THEN NULL ELSE $12::timestamptz END
         FROM (SELECT $11::bigint AS id) w LEFT JOIN users u ON u.id = w.id
         RETURNING id`,
        [
          owner.tenantId,
          owner.consoleKey,
          input.unit,
          candidate.kind,
          candidate.id,
          input.hold ? 'held' : 'consumed',
          input.contractId ?? null,
          input.contractNumber ?? '',
          input.label,
          input.reportId ?? null,
          owner.userId,
          now,
        ],
      );
      return { consumptionId: Number(record!.id) };
    }
  }
  return null;
}

/** A held unit becomes consumed (an evidence report issued). Nothing for any other state. */
export async function settleUnit(tx: Sql, consumptionId: number, now: Date): Promise<void> {
  await tx.query(
    `UPDATE fee_consumptions SET state = 'consumed', settled_at = $2 WHERE id = $1 AND state = 'held'`,
    [consumptionId, now],
  );
}

/**
 * A held unit goes back to its source (a report that could not be issued); a source that has
 * expired meanwhile gets it back too, but cannot be spent any more. Nothing for any other state.
 */
export async function returnUnit(tx: Sql, consumptionId: number, now: Date): Promise<void> {
  const [record] = await tx.query<{ source_kind: 'order' | 'gift'; source_id: string }>(
    `UPDATE fee_consumptions SET state = 'returned', settled_at = $2
     WHERE id = $1 AND state = 'held' RETURNING source_kind, source_id`,
    [consumptionId, now],
  );
  if (!record) return;
  await tx.query(
    record.source_kind === 'gift'
      ? 'UPDATE fee_gifts SET used = used - 1 WHERE id = $1'
      : 'UPDATE orders SET signings_used = signings_used - 1 WHERE id = $1',
    [record.source_id],
  );
}
