import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Database } from '../db';
import { BACKENDS } from '../test-support/server';
import { NOT_STORAGE_KEYS, STORAGE_REFERENCES, unreferencedKeys } from './references';

const columnId = ({ table, column }: { table: string; column: string }) => `${table}.${column}`;

// A file named by a column the sweep does not know would be removed an hour after it was stored:
// a new column that names files must be listed, or said not to be a file.
describe.each(BACKENDS)('the columns that name stored files, on $name', (backend) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    await migrate(database);
  });
  afterAll(async () => {
    await database.close();
    await cleanup();
  });

  it('accounts for every text column of the schema named like a key, a path, a file or storage', async () => {
    const columns = await database.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND data_type = 'text'
         AND (column_name ~ '(^|_)(key|path|file)(_|$)' OR column_name LIKE '%storage%')
       ORDER BY table_name, column_name`,
    );
    expect(columns.length).toBeGreaterThan(0);
    const known = new Set([...STORAGE_REFERENCES, ...NOT_STORAGE_KEYS].map(columnId));
    const unknown = columns
      .map((row) => `${row.table_name}.${row.column_name}`)
      .filter((column) => !known.has(column));
    expect(unknown, 'columns to add to STORAGE_REFERENCES or NOT_STORAGE_KEYS').toEqual([]);
  });

  it('names only columns that exist, each once, with a prefix ending in a slash', async () => {
    for (const reference of [...STORAGE_REFERENCES, ...NOT_STORAGE_KEYS]) {
      const [found] = await database.query(
        `SELECT data_type FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1 AND column_name = $2`,
        [reference.table, reference.column],
      );
      expect(found, columnId(reference)).toEqual({ data_type: 'text' });
    }
    const ids = STORAGE_REFERENCES.map(columnId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { prefix } of STORAGE_REFERENCES) expect(prefix).toMatch(/^[a-z-]+\/$/);
  });

  it('finds no reference for keys no row holds, in one statement', async () => {
    const keys = ['contracts/000000/1/v0-a.pdf', 'uploads/000000/b', "seals/o'quote.png"];
    expect([...(await unreferencedKeys(database, keys))].sort()).toEqual([...keys].sort());
    expect(await unreferencedKeys(database, [])).toEqual(new Set());
  });
});
