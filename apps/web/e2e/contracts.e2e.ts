/**
 * The contract list as the issue asks it of the platform, end to end: the demo company's
 * administrator initiates two contracts through the API (the web app cannot initiate yet), naming
 * the demo person as party B; the demo person opens the list from the sidebar, finds them under
 * "Handled by me" with Sign, searches by number (kept in the address across a reload), and goes
 * through the tabs, each with its own empty state.
 */
import { apiPath, type ContractCreated } from '@esign/platform';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { screenshot, signIn, typeInto } from './browser';
import { sealAndSignature, uploadedDocument } from './contractSetup';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage, platform } = endToEnd();

/** Initiates a contract from an uploaded PDF in the page's console, naming the demo person B. */
async function initiate(page: Page, name: string): Promise<ContractCreated> {
  const document = await uploadedDocument(page, name);
  return api<ContractCreated>(page, apiPath('contractCreate'), {
    name,
    participants: [
      { party: 'A', name: 'Demo Admin', phone: DEMO.admin },
      { party: 'B', name: 'Demo Person', phone: DEMO.person },
    ],
    documentId: document.id,
    project: sealAndSignature(),
  });
}

/** The administrator's contracts, initiated in a browser profile of their own. */
async function initiatedByAdministrator(page: Page, names: string[]) {
  const context = await page.context().browser()!.newContext({ baseURL: platform().base });
  try {
    const admin = await context.newPage();
    await signIn(admin, DEMO.admin, DEMO.password);
    const created: ContractCreated[] = [];
    for (const name of names) created.push(await initiate(admin, name));
    return created;
  } finally {
    await context.close();
  }
}

describe('the contract list, end to end', () => {
  it('the demo person signs from Handled by me, searches by number across a reload, and goes through the tabs', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    const [lease, service] = await initiatedByAdministrator(page, [
      'Office lease',
      'Service agreement',
    ]);
    expect(lease!.status).toBe('signing');

    await signIn(page, DEMO.person, DEMO.password);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('menuitem', { name: 'Contracts' }).click();
    await navigation.getByRole('menuitem', { name: 'Contract list' }).click();
    await page.waitForURL('**/agency-contract/index');
    await page.getByRole('heading', { name: 'Contract list', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Handled by me', selected: true }).waitFor();

    const rowOf = (number: string) => page.getByRole('row').filter({ hasText: number });
    const leaseRow = rowOf(lease!.number);
    await leaseRow.getByText('Office lease', { exact: true }).waitFor();
    await leaseRow.getByText('Signing', { exact: true }).waitFor();
    expect(
      await leaseRow.getByRole('link', { name: 'Sign', exact: true }).getAttribute('href'),
    ).toBe(`/agency-contract/contractedit?id=${lease!.id}`);
    expect(await leaseRow.getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      `/agency-contract/contractDetails?id=${lease!.id}`,
    );
    await rowOf(service!.number).getByRole('link', { name: 'Sign', exact: true }).waitFor();
    await page.getByText('Total: 2').waitFor();
    await screenshot(page, 'contract-list');

    // Searched by number: the address keeps it, and a reload shows the same search.
    await typeInto(page.getByRole('textbox', { name: 'Contract number' }), service!.number);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('number') === service!.number);
    await page.getByText('Total: 1').waitFor();
    expect(await leaseRow.count()).toBe(0);
    await page.reload();
    await rowOf(service!.number).getByRole('link', { name: 'Sign', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Contract number' }).inputValue()).toBe(
      service!.number,
    );
    expect(await leaseRow.count()).toBe(0);

    // Another tab keeps the search: nothing of it is handled by others.
    await page.getByRole('tab', { name: 'Handled by others' }).click();
    await page.getByText('No contracts match').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('waiting');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('Nothing waiting for others').waitFor();
    expect(new URL(page.url()).search).toBe('?tab=waiting');

    await page.getByRole('tab', { name: 'I received' }).click();
    await rowOf(lease!.number).waitFor();
    await rowOf(service!.number).waitFor();
    await page.getByRole('tab', { name: 'My contracts' }).click();
    await rowOf(lease!.number).getByText('Demo Admin').first().waitFor();
    for (const [tab, empty] of [
      ['Completed', 'No completed contracts yet'],
      ['I initiated', 'You have not initiated a contract yet'],
      ['Copied to me', 'Nothing copied to you'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByText(empty).waitFor();
    }
    await screenshot(page, 'contract-list-empty-tab');
  });
});
