import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { CONTRACT_TABLE_MARKERS, renderContractTable } from './contract-table';

const DOCUMENT = fileURLToPath(new URL('../CONTRACTS.md', import.meta.url));

/** CONTRACTS.md with the table drawn afresh from the data, formatted as the repository's prettier does. */
async function documentWithFreshTable(): Promise<{ written: string; fresh: string }> {
  const written = readFileSync(DOCUMENT, 'utf8');
  const { start, end } = CONTRACT_TABLE_MARKERS;
  const from = written.indexOf(start);
  const to = written.indexOf(end);
  if (from < 0 || to < from) throw new Error(`CONTRACTS.md lost its markers ${start} … ${end}`);
  const replaced = `${written.slice(0, from + start.length)}\n\n${renderContractTable()}\n\n${written.slice(to)}`;
  const options = (await prettier.resolveConfig(DOCUMENT)) ?? {};
  return { written, fresh: await prettier.format(replaced, { ...options, filepath: DOCUMENT }) };
}

describe('CONTRACTS.md', () => {
  it('draws the transition table as the data has it (UPDATE_CONTRACT_TABLE=1 redraws it)', async () => {
    const { written, fresh } = await documentWithFreshTable();
    if (process.env.UPDATE_CONTRACT_TABLE === '1' && written !== fresh)
      writeFileSync(DOCUMENT, fresh);
    else expect(written).toBe(fresh);
  });
});
