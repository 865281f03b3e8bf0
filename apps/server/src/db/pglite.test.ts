import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, PGLITE_SETTINGS } from '.';

describe('the embedded database', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'esign-pglite-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is made in DATA_DIR on first open, runs with its memory settings, and keeps its data', async () => {
    const dir = fresh();
    const first = await openDatabase({ dataDir: dir });
    expect(existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
    for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
      const [row] = await first.query<Record<string, string>>(`SHOW ${name}`);
      expect(row![name], name).toBe(value);
    }
    await migrate(first);
    await first.query("INSERT INTO tenants (id, name) VALUES ('123456', 'Kept')");
    await first.close();

    const again = await openDatabase({ dataDir: dir });
    expect(await again.query('SELECT name FROM tenants WHERE id = $1', ['123456'])).toEqual([
      { name: 'Kept' },
    ]);
    expect(await migrate(again)).toEqual([]);
    const [row] = await again.query<{ shared_buffers: string }>('SHOW shared_buffers');
    expect(row!.shared_buffers).toBe(PGLITE_SETTINGS.shared_buffers);
    await again.close();
  }, 120_000);

  it('says where it could not be made', async () => {
    const dir = fresh();
    // initdb cannot make its base directory where a file is.
    mkdirSync(path.join(dir, 'pglite'));
    writeFileSync(path.join(dir, 'pglite', 'base'), '');
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      `The embedded database could not be created in ${path.join(dir, 'pglite')}`,
    );
  }, 120_000);
});
