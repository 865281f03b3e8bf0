import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';

/** Where files go: a local directory by default; an object store plugs in behind the same calls. */
export interface Storage {
  /** Streams a file in; a failed write leaves nothing behind. */
  put(key: string, body: Readable): Promise<void>;
  get(key: string): Readable;
  remove(key: string): Promise<void>;
  /** Whether files can be written now. */
  health(): Promise<boolean>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}$/;

export function localStorage(root: string): Storage {
  const file = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
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
