import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, LOCK_FILE, type DataDirLockResult } from './data-dir-lock';

/**
 * Takes the lock in a process of its own (argv: data dir, port), prints the result as one JSON
 * line, and holds the lock until it is killed.
 */
const TAKE_SCRIPT = `
import { acquireDataDirLock } from './data-dir-lock.mjs';
const result = acquireDataDirLock(process.argv[2], { port: Number(process.argv[3]) });
console.log(JSON.stringify(result));
if (result.ok) setInterval(() => undefined, 1 << 30);
`;

/** Where `tool` is on this machine's PATH, if anywhere. */
const installed = (tool: string) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, tool))
    .find((file) => existsSync(file));

describe('the DATA_DIR lock', () => {
  let work: string;
  let takeScript: string;
  const children: ChildProcess[] = [];

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'esign-lock-'));
    // The child processes run the module as JavaScript: bundle it as the server build does.
    buildSync({
      entryPoints: [fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url))],
      outfile: path.join(work, 'data-dir-lock.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
    });
    takeScript = path.join(work, 'take.mjs');
    writeFileSync(takeScript, TAKE_SCRIPT);
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const freshDataDir = () => mkdtempSync(path.join(work, 'data-'));

  /** A PATH on which of the lock helpers only `tools` are found. */
  const pathWith = (...tools: string[]) => {
    const dir = mkdtempSync(path.join(work, 'bin-'));
    for (const tool of tools) symlinkSync(installed(tool)!, path.join(dir, tool));
    return dir;
  };

  /** Runs TAKE_SCRIPT in a child process; gives it and the result it printed. */
  const take = (dataDir: string, searchPath: string, port = 8080) => {
    const child = spawn(process.execPath, [takeScript, dataDir, String(port)], {
      env: { PATH: searchPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    const result = new Promise<DataDirLockResult>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const end = output.indexOf('\n');
        if (end >= 0) resolve(JSON.parse(output.slice(0, end)) as DataDirLockResult);
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    return { child, result };
  };

  const killed = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });

  describe.each(['flock', 'perl'])('through %s', (tool) => {
    it.skipIf(!installed(tool))(
      'refuses a second process with the holder’s pid, host and port, and is free again once the holder is killed with SIGKILL',
      async () => {
        const dataDir = freshDataDir();
        const searchPath = pathWith(tool);
        const holder = take(dataDir, searchPath, 8123);
        expect(await holder.result).toMatchObject({ ok: true });
        const written = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as object;
        expect(written).toMatchObject({ pid: holder.child.pid, host: hostname(), port: 8123 });

        for (const contender of [
          await take(dataDir, searchPath).result, // through the same helper
          acquireDataDirLock(dataDir, { port: 8124 }), // through the first one on this PATH
        ]) {
          expect(contender).toMatchObject({
            ok: false,
            refusal: { reason: 'held', dataDir, holder: { pid: holder.child.pid, port: 8123 } },
          });
          if (contender.ok) continue;
          expect(contender.refusal.message).toContain(`DATA_DIR ${dataDir} is in use`);
          expect(contender.refusal.message).toContain(
            `pid ${holder.child.pid} on host ${hostname()}`,
          );
          expect(contender.refusal.message).toContain('DATABASE_URL');
        }

        await killed(holder.child);
        const next = take(dataDir, searchPath, 8125);
        expect(await next.result).toMatchObject({ ok: true });
        expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({
          pid: next.child.pid,
          port: 8125,
        });
      },
    );
  });

  it('refuses, saying what to install or to set DATABASE_URL, when neither flock nor perl is found', async () => {
    const { result } = take(freshDataDir(), pathWith());
    const refused = await result;
    expect(refused).toMatchObject({ ok: false, refusal: { reason: 'no-lock-tool' } });
    if (refused.ok) return;
    expect(refused.refusal.message).toMatch(/flock.*perl.*DATABASE_URL/);
  });

  it('holds against another open of the same file in the same process, until released', () => {
    const dataDir = freshDataDir();
    const first = acquireDataDirLock(dataDir, { port: 1 });
    if (!first.ok) throw new Error(first.refusal.message);
    expect(acquireDataDirLock(dataDir, { port: 2 })).toMatchObject({
      ok: false,
      refusal: { reason: 'held', holder: { pid: process.pid, port: 1 } },
    });
    first.lock.release();
    const again = acquireDataDirLock(dataDir, { port: 3 });
    expect(again.ok).toBe(true);
    if (again.ok) again.lock.release();
  });
});
