/**
 * A person's own seals (issue 14; spec 001 §3 Seal): the rules the personal-seal calls, the phone
 * handwriting and signing share. A personal seal belongs to one user of one tenant
 * (`seals.owner_user_id`), whatever console the session is in; at most `PERSONAL_SEAL_LIMIT` of
 * them (disused ones included), exactly one default among those in normal use once there is one.
 *
 * Every change of a person's seals first locks the person's `users` row: counting for the limit,
 * choosing the default and the partial unique index `seals_one_default` then never race.
 */
import {
  PERSONAL_SEAL_LIMIT,
  SEAL_NAME_MAX,
  type PersonalSeal,
  type PersonalSealShape,
  type SealMakeWay,
} from '@esign/platform';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { ApiError } from '../http/route';
import { sealImageUrl, storeSealImage, type SealPng, type StoredSealImage } from './store';
import { drawSealTemplate } from './templates';

/** Anything that runs SQL: the database, or a transaction. */
export type Sql = Pick<Queryable, 'query'>;

/** Whose seals: a user of a tenant (from the session, never from a body). */
export interface SealOwner {
  tenantId: string;
  userId: number;
}

/** A personal seal's row, as the calls read it. */
export interface PersonalSealRow {
  id: string;
  name: string;
  make_way: SealMakeWay;
  shape: PersonalSealShape | null;
  status: 'normal' | 'disuse';
  is_default: boolean;
  image_id: string;
  storage_key: string;
  image_sha256: string;
  width: number;
  height: number;
  used_count: number;
  created_at: string;
}

const COLUMNS = `s.id, s.name, s.make_way, s.shape, s.status, s.is_default, s.image_id,
  s.storage_key, s.image_sha256, s.width, s.height, s.used_count,
  to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS created_at`;

/** PostgreSQL's SQLSTATE for a row still referred to. */
const FOREIGN_KEY_VIOLATION = '23503';

/** The person's seals, the default first, then the newest. */
const ORDER = 's.is_default DESC, s.created_at DESC, s.id DESC';

/** A row as the calls answer it. */
export function toPersonalSeal(row: PersonalSealRow): PersonalSeal {
  return {
    id: String(row.id),
    name: row.name,
    makeWay: row.make_way,
    shape: row.shape,
    status: row.status,
    default: row.is_default,
    imageUrl: sealImageUrl(row.image_id),
    width: Number(row.width),
    height: Number(row.height),
    usedCount: Number(row.used_count),
    createdAt: row.created_at,
  };
}

/** Every seal of the person (disused ones too), the default first, then the newest. */
export async function personalSeals(db: Sql, owner: SealOwner): Promise<PersonalSeal[]> {
  const rows = await db.query<PersonalSealRow>(
    `SELECT ${COLUMNS} FROM seals s
     WHERE s.owner_user_id = $1 AND s.tenant_id = $2
     ORDER BY ${ORDER}`,
    [owner.userId, owner.tenantId],
  );
  return rows.map(toPersonalSeal);
}

/**
 * One of the person's seals; 404 `sealNotFound` for another person's, a company's or a made-up
 * id alike, so that a seal's existence is never revealed.
 */
export async function ownSeal(db: Sql, owner: SealOwner, id: number): Promise<PersonalSealRow> {
  const [row] = await db.query<PersonalSealRow>(
    `SELECT ${COLUMNS} FROM seals s
     WHERE s.id = $1 AND s.owner_user_id = $2 AND s.tenant_id = $3`,
    [id, owner.userId, owner.tenantId],
  );
  if (!row) throw new ApiError('sealNotFound', 404);
  return row;
}

/**
 * Locks the person's row for the rest of the transaction (see the module's note); gives their
 * verified name, or throws 403 `realNameRequired` when they are not (or no longer) verified.
 */
export async function lockOwner(tx: Sql, owner: SealOwner): Promise<string> {
  const [user] = await tx.query<{ name: string; real_name_verified: boolean }>(
    'SELECT name, real_name_verified FROM users WHERE id = $1 AND tenant_id = $2 FOR UPDATE',
    [owner.userId, owner.tenantId],
  );
  if (!user?.real_name_verified) throw new ApiError('realNameRequired', 403);
  return user.name.trim();
}

/** The person's verified name; 403 `realNameRequired` before verification. */
export async function verifiedName(db: Sql, owner: SealOwner): Promise<string> {
  const [user] = await db.query<{ name: string; real_name_verified: boolean }>(
    'SELECT name, real_name_verified FROM users WHERE id = $1 AND tenant_id = $2',
    [owner.userId, owner.tenantId],
  );
  if (!user?.real_name_verified || !user.name.trim()) throw new ApiError('realNameRequired', 403);
  return user.name.trim();
}

/**
 * Whether a name fits a square name seal: 2 to 4 characters, none of them Latin (a Latin name
 * does not read in the seal's grid of columns).
 */
export function fitsSquareSeal(name: string): boolean {
  const length = [...name].length;
  return length >= 2 && length <= 4 && !/[A-Za-z]/.test(name);
}

/** The template a person's default name seal takes: square when the name fits one, else oblong. */
export function defaultPersonalShape(name: string): PersonalSealShape {
  return fitsSquareSeal(name) ? 'square' : 'oblong';
}

/**
 * The PNG of a personal template seal of `name`: a square one needs a name of 2–4 characters
 * (not Latin), an oblong one at most `SEAL_NAME_MAX`; else 400 `sealTemplateNameLength`.
 */
export async function drawPersonalTemplate(
  name: string,
  shape: PersonalSealShape,
): Promise<SealPng> {
  const fits =
    shape === 'square'
      ? fitsSquareSeal(name)
      : [...name].length >= 1 && [...name].length <= SEAL_NAME_MAX;
  if (!fits) throw new ApiError('sealTemplateNameLength');
  return drawSealTemplate({ kind: 'personal', shape, name });
}

/** What a new personal seal is made of (its image already checked or drawn). */
export interface NewPersonalSeal {
  name: string;
  makeWay: SealMakeWay;
  shape: PersonalSealShape | null;
  image: SealPng;
  /** Make it the default even when there is one already. */
  makeDefault: boolean;
}

/**
 * Inserts a seal of the person whose image is stored, in a transaction that has locked the
 * person (`lockOwner`): refuses beyond `PERSONAL_SEAL_LIMIT` (`sealLimit`); the first seal in
 * normal use, or one made with `makeDefault`, becomes the default (the old one cleared first).
 */
export async function insertPersonalSeal(
  tx: Sql,
  owner: SealOwner,
  stored: StoredSealImage,
  seal: NewPersonalSeal,
): Promise<PersonalSealRow> {
  const [counts] = await tx.query<{ seals: string | number; defaults: string | number }>(
    `SELECT count(*) AS seals, count(*) FILTER (WHERE is_default) AS defaults
     FROM seals WHERE owner_user_id = $1`,
    [owner.userId],
  );
  if (Number(counts!.seals) >= PERSONAL_SEAL_LIMIT) throw new ApiError('sealLimit');
  const isDefault = seal.makeDefault || Number(counts!.defaults) === 0;
  if (isDefault) {
    await tx.query(
      'UPDATE seals SET is_default = false, updated_at = now() WHERE owner_user_id = $1 AND is_default',
      [owner.userId],
    );
  }
  const [inserted] = await tx.query<{ id: string }>(
    `INSERT INTO seals (tenant_id, owner_user_id, name, make_way, shape, is_default, image_id,
                        storage_key, image_sha256, width, height, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $2)
     RETURNING id`,
    [
      owner.tenantId,
      owner.userId,
      seal.name,
      seal.makeWay,
      seal.shape,
      isDefault,
      stored.imageId,
      stored.storageKey,
      seal.image.sha256,
      seal.image.width,
      seal.image.height,
    ],
  );
  return ownSeal(tx, owner, Number(inserted!.id));
}

/**
 * Stores the image, then runs `inTransaction` (which locks the person and inserts through
 * `insertPersonalSeal`); the stored file is removed again when the transaction fails, so that a
 * refused seal leaves nothing behind.
 */
export async function withStoredImage<T>(
  context: AppContext,
  owner: SealOwner,
  image: SealPng,
  inTransaction: (tx: Sql, stored: StoredSealImage) => Promise<T>,
): Promise<T> {
  const stored = await storeSealImage(context.storage, owner.tenantId, image);
  try {
    return await context.database.transaction((tx) => inTransaction(tx, stored));
  } catch (error) {
    await context.storage.remove(stored.storageKey).catch(() => undefined);
    throw error;
  }
}

/** Makes a seal of the person (see `insertPersonalSeal`) and answers it. */
export async function createPersonalSeal(
  context: AppContext,
  owner: SealOwner,
  seal: NewPersonalSeal,
): Promise<PersonalSeal> {
  const row = await withStoredImage(context, owner, seal.image, async (tx, stored) => {
    await lockOwner(tx, owner);
    return insertPersonalSeal(tx, owner, stored, seal);
  });
  return toPersonalSeal(row);
}

/**
 * Makes a verified person who has no seal at all a default name seal from their verified name
 * (square when it fits, else oblong), so that they always have one to sign with. Safe when called
 * at once by several requests: the person's row is locked and the check made again before the
 * insert (a drawing made in vain is removed). Does nothing for a person not verified.
 */
export async function ensureDefaultPersonalSeal(
  context: AppContext,
  tenantId: string,
  userId: number,
): Promise<void> {
  const owner = { tenantId, userId };
  const { database } = context;
  const hasSeal = async (db: Sql) =>
    (await db.query('SELECT 1 FROM seals WHERE owner_user_id = $1 LIMIT 1', [userId])).length > 0;
  if (await hasSeal(database)) return;
  const [user] = await database.query<{ name: string; real_name_verified: boolean }>(
    'SELECT name, real_name_verified FROM users WHERE id = $1 AND tenant_id = $2',
    [userId, tenantId],
  );
  const name = user?.name.trim() ?? '';
  if (!user?.real_name_verified || !name) return;
  const shape = defaultPersonalShape(name);
  // An oblong seal holds at most a seal name's length; a longer name is cut rather than refused.
  const drawn = [...name].slice(0, SEAL_NAME_MAX).join('');
  const image = await drawSealTemplate({ kind: 'personal', shape, name: drawn });
  const stored = await storeSealImage(context.storage, tenantId, image);
  let made = false;
  try {
    made = await database.transaction(async (tx) => {
      await lockOwner(tx, owner);
      if (await hasSeal(tx)) return false;
      await insertPersonalSeal(tx, owner, stored, {
        name: drawn,
        makeWay: 'template',
        shape,
        image,
        makeDefault: true,
      });
      return true;
    });
  } finally {
    if (!made) await context.storage.remove(stored.storageKey).catch(() => undefined);
  }
}

/** Renames one of the person's seals (a disused one too: it is still listed). */
export async function renamePersonalSeal(
  db: Sql,
  owner: SealOwner,
  id: number,
  name: string,
): Promise<PersonalSeal> {
  await ownSeal(db, owner, id);
  await db.query('UPDATE seals SET name = $2, updated_at = now() WHERE id = $1', [id, name]);
  return toPersonalSeal(await ownSeal(db, owner, id));
}

/** Makes one of the person's seals in normal use the default (`sealDisused` for a disused one). */
export async function setDefaultPersonalSeal(
  context: AppContext,
  owner: SealOwner,
  id: number,
): Promise<PersonalSeal> {
  const row = await context.database.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const seal = await ownSeal(tx, owner, id);
    if (seal.status !== 'normal') throw new ApiError('sealDisused');
    if (!seal.is_default) {
      await tx.query(
        `UPDATE seals SET is_default = false, updated_at = now()
         WHERE owner_user_id = $1 AND is_default`,
        [owner.userId],
      );
      await tx.query('UPDATE seals SET is_default = true, updated_at = now() WHERE id = $1', [id]);
    }
    return ownSeal(tx, owner, id);
  });
  return toPersonalSeal(row);
}

/**
 * Removes one of the person's seals: a seal that signed (used, or named by a contract party) is
 * kept as disused for those contracts; any other is deleted with its file. When it was the
 * default, the newest remaining seal in normal use becomes the default.
 */
export async function removePersonalSeal(
  context: AppContext,
  owner: SealOwner,
  id: number,
): Promise<{ outcome: 'deleted' | 'disused'; storageKey: string }> {
  const removed = await context.database.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const seal = await ownSeal(tx, owner, id);
    const [signed] = await tx.query(
      'SELECT 1 FROM contract_participants WHERE seal_id = $1 LIMIT 1',
      [id],
    );
    let outcome: 'deleted' | 'disused' =
      Number(seal.used_count) > 0 || signed ? 'disused' : 'deleted';
    if (outcome === 'deleted') {
      // A signing that names the seal at this very moment makes the delete fail on the foreign
      // key: the seal is then kept as disused, as if it had signed before.
      await tx.query('SAVEPOINT seal_delete');
      try {
        await tx.query('DELETE FROM seals WHERE id = $1', [id]);
      } catch (error) {
        if ((error as { code?: unknown }).code !== FOREIGN_KEY_VIOLATION) throw error;
        await tx.query('ROLLBACK TO SAVEPOINT seal_delete');
        outcome = 'disused';
      }
    }
    if (outcome === 'disused') {
      await tx.query(
        `UPDATE seals SET status = 'disuse', is_default = false, updated_at = now() WHERE id = $1`,
        [id],
      );
    }
    if (seal.is_default) {
      await tx.query(
        `UPDATE seals SET is_default = true, updated_at = now()
         WHERE id = (SELECT id FROM seals
                     WHERE owner_user_id = $1 AND status = 'normal'
                     ORDER BY created_at DESC, id DESC LIMIT 1)`,
        [owner.userId],
      );
    }
    return { outcome, storageKey: seal.storage_key } as const;
  });
  if (removed.outcome === 'deleted') {
    // After the commit: a file removed for a seal whose deletion rolled back would be lost.
    await context.storage.remove(removed.storageKey).catch(() => undefined);
  }
  return removed;
}
