import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { CONTRACT_TABLE_MARKERS, renderContractTable } from './contract-table';
import { INVOICE_TABLE_MARKERS, renderInvoiceTable } from './invoice-table';
import { ORDER_TABLE_MARKERS, renderOrderTable } from './order-table';
import { PERMISSION_TABLE_MARKERS, renderPermissionTable } from './permission-table';

/**
 * A document with its generated part drawn afresh from the data, formatted as the repository's
 * prettier does.
 */
async function withFreshTable(
  name: string,
  markers: { start: string; end: string },
  render: () => string,
): Promise<{ path: string; written: string; fresh: string }> {
  const path = fileURLToPath(new URL(`../${name}`, import.meta.url));
  const written = readFileSync(path, 'utf8');
  const from = written.indexOf(markers.start);
  const to = written.indexOf(markers.end);
  if (from < 0 || to < from) {
    throw new Error(`${name} lost its markers ${markers.start} … ${markers.end}`);
  }
  const replaced = `${written.slice(0, from + markers.start.length)}\n\n${render()}\n\n${written.slice(to)}`;
  const options = (await prettier.resolveConfig(path)) ?? {};
  return { path, written, fresh: await prettier.format(replaced, { ...options, filepath: path }) };
}

// UPDATE_DOC_TABLES=1 redraws them (`npm run doc-tables -w @esign/platform`).
describe.each([
  ['CONTRACTS.md', CONTRACT_TABLE_MARKERS, renderContractTable],
  ['PERMISSIONS.md', PERMISSION_TABLE_MARKERS, renderPermissionTable],
  ['ORDERS.md', ORDER_TABLE_MARKERS, renderOrderTable],
  ['INVOICES.md', INVOICE_TABLE_MARKERS, renderInvoiceTable],
] as const)('%s', (name, markers, render) => {
  it('draws its tables as the data has them', async () => {
    const { path, written, fresh } = await withFreshTable(name, markers, render);
    if (process.env.UPDATE_DOC_TABLES === '1' && written !== fresh) writeFileSync(path, fresh);
    else expect(written).toBe(fresh);
  });
});
