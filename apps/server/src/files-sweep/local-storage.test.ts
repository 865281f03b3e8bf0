import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStorage, type Storage } from '../storage';

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
}

// What the sweep asks of storage: listing finished files by prefix with their times, and the
// writes a crash left unfinished.
describe('local storage listings', () => {
  let root: string;
  let storage: Storage;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'esign-storage-'));
    storage = localStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const put = (key: string, text: string) => storage.put(key, Readable.from([Buffer.from(text)]));

  it('lists the finished files under a prefix with their size and modification time', async () => {
    await put('contracts/000000/1/v0-a.pdf', 'version 0');
    await put('contracts/000000/2/v1-b.pdf', 'v1');
    await put('contracts-archive/x.pdf', 'not under contracts/');
    await put('seals/000000/s.png', 'seal');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(path.join(root, 'contracts/000000/1/v0-a.pdf'), old, old);

    const listed = await all(storage.list('contracts/'));
    expect(listed.map((file) => file.key).sort()).toEqual([
      'contracts/000000/1/v0-a.pdf',
      'contracts/000000/2/v1-b.pdf',
    ]);
    const first = listed.find((file) => file.key.endsWith('v0-a.pdf'))!;
    expect(first.size).toBe('version 0'.length);
    expect(Math.abs(first.modifiedAt.getTime() - old.getTime())).toBeLessThan(1000);
    expect((await all(storage.list('contracts/000000/2/'))).map((file) => file.key)).toEqual([
      'contracts/000000/2/v1-b.pdf',
    ]);
    expect(await all(storage.list('nothing-here/'))).toEqual([]);
    expect((await all(storage.list(''))).length).toBe(4);
  });

  it('keeps an upload under way out of the listing and lists it as a partial write', async () => {
    const body = new PassThrough();
    const writing = storage.put('uploads/000000/big', body);
    body.write(Buffer.alloc(1000, 1));
    // The partial file appears when opened, its bytes once written.
    let partials = await all(storage.listPartial());
    for (let tries = 0; partials[0]?.size !== 1000 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      partials = await all(storage.listPartial());
    }
    expect(partials).toHaveLength(1);
    expect(partials[0]!.id).toMatch(/^uploads\/000000\/big\.[0-9a-f-]{36}\.part$/);
    expect(partials[0]!.size).toBe(1000);
    expect(await all(storage.list('uploads/'))).toEqual([]);
    body.end();
    await writing;
    expect(await all(storage.listPartial())).toEqual([]);
    expect((await all(storage.list('uploads/'))).map((file) => file.key)).toEqual([
      'uploads/000000/big',
    ]);
  });

  it('lists and removes what a killed write left: its .part file and a health probe', async () => {
    mkdirSync(path.join(root, 'uploads/000000'), { recursive: true });
    const part = `uploads/000000/${randomUUID()}.${randomUUID()}.part`;
    writeFileSync(path.join(root, part), 'half an upload');
    const probe = `.health-${randomUUID()}`;
    writeFileSync(path.join(root, probe), 'ok');
    await put('uploads/000000/kept', 'finished');

    const partials = await all(storage.listPartial());
    expect(partials.map((partial) => partial.id).sort()).toEqual([probe, part].sort());
    for (const partial of partials) await storage.removePartial(partial.id);
    expect(await all(storage.listPartial())).toEqual([]);
    expect((await all(storage.list('uploads/'))).map((file) => file.key)).toEqual([
      'uploads/000000/kept',
    ]);
    // Only what a write leaves can go this way, never a finished file.
    await expect(storage.removePartial('uploads/000000/kept')).rejects.toThrow(/partial/);
    await expect(storage.removePartial(`../outside.${randomUUID()}.part`)).rejects.toThrow(
      /partial/,
    );
  });
});
