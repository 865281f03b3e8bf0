import type { Queryable } from './db';

/**
 * Sliding-window rate limits kept in the database (`rate_events`: one row per counted event), so
 * that every server process on one database counts the same events. A bucket names what is
 * counted, e.g. `sms:phone:13800000001` or `login-failure:ip:203.0.113.7`.
 */

/** Anything that runs SQL: the database, or a transaction. */
type Sql = Pick<Queryable, 'query'>;

/** At most `max` events of `bucket` in the last `windowS` seconds. */
export interface Limit {
  bucket: string;
  max: number;
  windowS: number;
}

/** Events are kept one day: no limit may look further back. */
export const LONGEST_WINDOW_S = 24 * 60 * 60;

/** The limits, of `limits`, whose window already holds `max` events: one query for them all. */
export async function reachedLimits(db: Sql, limits: readonly Limit[]): Promise<Limit[]> {
  if (limits.length === 0) return [];
  const rows = await db.query<{ i: string | number }>(
    `SELECT l.i FROM unnest($1::text[], $2::int[], $3::int[])
       WITH ORDINALITY AS l(bucket, max_events, window_s, i)
     WHERE (SELECT count(*) FROM rate_events e
            WHERE e.bucket = l.bucket AND e.at > now() - make_interval(secs => l.window_s))
           >= l.max_events
     ORDER BY l.i`,
    [
      limits.map((limit) => limit.bucket),
      limits.map((limit) => limit.max),
      limits.map((limit) => Math.min(limit.windowS, LONGEST_WINDOW_S)),
    ],
  );
  return rows.map((row) => limits[Number(row.i) - 1]!);
}

/** The first of `limits` that is reached, if any. */
export async function firstReached(db: Sql, limits: readonly Limit[]): Promise<Limit | undefined> {
  return (await reachedLimits(db, limits))[0];
}

/**
 * Seconds until `limit`'s window has room for one more event: until the oldest event it counts
 * leaves it (at least 1). Sent as Retry-After with the 429 that the reached limit answers.
 */
export async function secondsUntilRoom(db: Sql, limit: Limit): Promise<number> {
  const windowS = Math.min(limit.windowS, LONGEST_WINDOW_S);
  const [row] = await db.query<{ wait: number | string | null }>(
    `SELECT ceil(extract(epoch FROM min(at) + make_interval(secs => $2) - now()))::int AS wait
     FROM rate_events WHERE bucket = $1 AND at > now() - make_interval(secs => $2)`,
    [limit.bucket, windowS],
  );
  return Math.max(1, Number(row?.wait ?? 1));
}

/** Counts one event in each bucket, and drops events older than any window. */
export async function recordEvents(db: Sql, buckets: readonly string[]): Promise<void> {
  await db.query('DELETE FROM rate_events WHERE at < now() - make_interval(secs => $1)', [
    LONGEST_WINDOW_S,
  ]);
  await db.query('INSERT INTO rate_events (bucket) SELECT unnest($1::text[])', [[...buckets]]);
}

/** Forgets a bucket's events (a successful login clears the account's failures). */
export async function clearEvents(db: Sql, bucket: string): Promise<void> {
  await db.query('DELETE FROM rate_events WHERE bucket = $1', [bucket]);
}

/**
 * Takes transaction-scoped locks on buckets, so that checking a limit and recording an event is one
 * step even when several processes do it at once. Locks are taken in one order, so two
 * transactions never wait for each other.
 */
export async function lockBuckets(tx: Sql, buckets: readonly string[]): Promise<void> {
  for (const bucket of [...buckets].sort()) {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [bucket]);
  }
}
