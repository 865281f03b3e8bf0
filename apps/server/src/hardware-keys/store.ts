import type { HardwareKey, LoginKeySource } from '@esign/platform';
import type { Queryable } from '../db';

type Sql = Pick<Queryable, 'query'>;

/** A row of `hardware_keys` as the queries here read it. */
export interface HardwareKeyRow {
  id: string | number;
  tenant_id: string;
  user_id: string | number;
  name: string;
  source: LoginKeySource;
  serial: string;
  fingerprint: string;
  public_key: string;
  subject: string;
  issuer: string;
  /** DER, base64. */
  certificate: string;
  not_before: Date | string;
  not_after: Date | string;
  registered_at: Date | string;
  last_used_at: Date | string | null;
}

const COLUMNS = `id, tenant_id, user_id, name, source, serial, fingerprint, public_key, subject,
  issuer, certificate, not_before, not_after, registered_at, last_used_at`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A row as the user center shows it; `expired` once `now` is past the certificate's end. */
export function hardwareKeyOf(row: HardwareKeyRow, now: Date): HardwareKey {
  return {
    id: String(row.id),
    name: row.name,
    serial: row.serial,
    fingerprint: row.fingerprint,
    algorithm: 'SM2/SM3',
    subject: row.subject,
    issuer: row.issuer,
    source: row.source,
    status: new Date(row.not_after).getTime() <= now.getTime() ? 'expired' : 'active',
    notBefore: iso(row.not_before),
    notAfter: iso(row.not_after),
    registeredAt: iso(row.registered_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  };
}

/** The live (not removed) registration of a certificate in a tenant, if any. */
export async function liveKeyByFingerprint(
  db: Sql,
  tenantId: string,
  fingerprint: string,
): Promise<HardwareKeyRow | undefined> {
  const [row] = await db.query<HardwareKeyRow>(
    `SELECT ${COLUMNS} FROM hardware_keys
     WHERE tenant_id = $1 AND fingerprint = $2 AND removed_at IS NULL`,
    [tenantId, fingerprint],
  );
  return row;
}

/** The user's live keys, newest first. */
export async function liveKeysOf(db: Sql, userId: number): Promise<HardwareKeyRow[]> {
  return db.query<HardwareKeyRow>(
    `SELECT ${COLUMNS} FROM hardware_keys WHERE user_id = $1 AND removed_at IS NULL
     ORDER BY registered_at DESC, id DESC`,
    [userId],
  );
}

/** What registering a key stores. */
export interface NewHardwareKey {
  tenantId: string;
  userId: number;
  name: string;
  source: LoginKeySource;
  serial: string;
  fingerprint: string;
  publicKey: string;
  subject: string;
  issuer: string;
  certificateDer: Buffer;
  notBefore: Date;
  notAfter: Date;
  registeredAt: Date;
}

export async function insertKey(db: Sql, key: NewHardwareKey): Promise<HardwareKeyRow> {
  const [row] = await db.query<HardwareKeyRow>(
    `INSERT INTO hardware_keys (tenant_id, user_id, name, source, serial, fingerprint, public_key,
       subject, issuer, certificate, not_before, not_after, registered_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     RETURNING ${COLUMNS}`,
    [
      key.tenantId,
      key.userId,
      key.name,
      key.source,
      key.serial,
      key.fingerprint,
      key.publicKey,
      key.subject,
      key.issuer,
      key.certificateDer.toString('base64'),
      key.notBefore,
      key.notAfter,
      key.registeredAt,
    ],
  );
  return row!;
}

/** Removes one of the user's live keys at `now`; false when there is no such key. */
export async function removeKey(
  db: Sql,
  userId: number,
  id: string | number,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE hardware_keys SET removed_at = $3, removed_reason = 'user'
     WHERE id = $1 AND user_id = $2 AND removed_at IS NULL RETURNING 1`,
    [id, userId, now],
  );
  return rows.length === 1;
}

/** Records a login with the key. */
export async function markUsed(db: Sql, id: string | number, now: Date): Promise<void> {
  await db.query('UPDATE hardware_keys SET last_used_at = $2 WHERE id = $1', [id, now]);
}
