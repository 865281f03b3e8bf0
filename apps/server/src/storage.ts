import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { access, constants, mkdir, opendir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';

/** A finished file as a listing gives it. */
export interface StoredFile {
  key: string;
  size: number;
  /** When it was last written in full (its bytes became readable under `key`). */
  modifiedAt: Date;
}

/**
 * A write that never finished (a process killed mid-upload): bytes that are not, and will never
 * be, a file. `id` is opaque; give it back to `removePartial`.
 */
export interface PartialWrite {
  id: string;
  size: number;
  /** When its last byte arrived: a write still under way keeps this recent. */
  modifiedAt: Date;
}

/**
 * Where files go: a local directory by default; an object store plugs in behind the same calls.
 *
 * Every file the app stores is named by a row: a column listed in `files-sweep/references.ts`
 * holds its key. Writers store the file first and commit the row that names it after (in the
 * same transaction or right after it), always under a new random key, never naming an existing
 * file. Files no row names an hour after they were written, and partial writes idle for an hour,
 * are removed by the storage sweep (files-sweep/), which relies on those two rules.
 */
export interface Storage {
  /** Streams a file in; a failed write leaves nothing behind unless the process dies mid-write. */
  put(key: string, body: Readable): Promise<void>;
  /** Streams a file out; a missing one fails the stream with an error whose code is 'ENOENT'. */
  get(key: string): Readable;
  remove(key: string): Promise<void>;
  /**
   * The finished files whose key starts with `prefix`, in no set order (an object store's
   * "list objects with a prefix"; their last-modified time). An object store must give the time
   * the object became readable: a multipart upload's object carries its initiation time, older
   * than that, so such a store gives its own time (kept in the object's metadata) instead.
   */
  list(prefix: string): AsyncIterable<StoredFile>;
  /**
   * The writes left unfinished (here, `<key>.<uuid>.part` files and health probes; in an object
   * store, its incomplete multipart uploads with the time of their last part, and health probes).
   */
  listPartial(): AsyncIterable<PartialWrite>;
  /** Removes what an unfinished write left (here, the file; in an object store, aborts the upload). */
  removePartial(id: string): Promise<void>;
  /** Whether files can be written now. */
  health(): Promise<boolean>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}$/;
/** What `put` writes before renaming it to the key. */
const PARTIAL = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/;
/**
 * What `health` writes and removes at once, at the root (`.health-<uuid>`, every storage); left
 * behind only by a crash. No key can have this name: a key starts with a letter or digit.
 */
export const HEALTH_PROBE = /^\.health-[0-9a-f-]{36}$/;

/** Whether `key` may name a stored file, in every storage: the same rule for all. */
export const isStorageKey = (key: string): boolean => KEY.test(key) && !key.includes('..');

/** Refuses a key no storage may hold. */
export function checkStorageKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The files under `dir`, depth first; a directory or file removed meanwhile is skipped. */
async function* walk(dir: string): AsyncGenerator<string> {
  let entries: AsyncIterable<Dirent>;
  try {
    entries = await opendir(dir);
  } catch (error) {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
    throw error;
  }
  for await (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

export function localStorage(root: string): Storage {
  const file = (key: string) => path.join(root, checkStorageKey(key));
  const keyOf = (full: string) => path.relative(root, full).split(path.sep).join('/');
  /** Size and time of a listed file; undefined when it was removed since. */
  const statOf = async (full: string) => {
    try {
      const stats = await stat(full);
      return { size: stats.size, modifiedAt: stats.mtime };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };
  return {
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    get: (key) => createReadStream(file(key)),
    remove: (key) => rm(file(key), { force: true }),
    async *list(prefix) {
      // Only the directory that can hold the prefix is walked: `contracts/` walks `contracts`.
      const slash = prefix.lastIndexOf('/');
      const dir = slash < 0 ? root : path.join(root, prefix.slice(0, slash));
      for await (const full of walk(dir)) {
        const key = keyOf(full);
        if (!key.startsWith(prefix) || !KEY.test(key) || PARTIAL.test(key)) continue;
        const stats = await statOf(full);
        if (stats) yield { key, ...stats };
      }
    },
    async *listPartial() {
      for await (const full of walk(root)) {
        const id = keyOf(full);
        if (!PARTIAL.test(id) && !HEALTH_PROBE.test(id)) continue;
        const stats = await statOf(full);
        if (stats) yield { id, ...stats };
      }
    },
    async removePartial(id) {
      if (
        (!PARTIAL.test(id) && !HEALTH_PROBE.test(id)) ||
        id.split('/').includes('..') ||
        path.isAbsolute(id)
      ) {
        throw new Error(`Not a partial write: ${id}`);
      }
      await rm(path.join(root, id), { force: true });
    },
    async health() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
        const probe = path.join(root, `.health-${randomUUID()}`);
        await writeFile(probe, 'ok');
        await rm(probe, { force: true });
        return true;
      } catch {
        return false;
      }
    },
  };
}
