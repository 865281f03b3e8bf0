/**
 * The contract archive (/management/index, issue 30), end to end: the demo company's
 * administrator has three completed contracts (made and signed through the API: the company is
 * their only party, signed with its seal and a development face check). On the archive page the
 * administrator makes a category, files the two leases into it at once, finds one by the
 * category and a name search, renames the category, and downloads the contract's signed PDF and
 * its evidence (the PDF and its audit trail in one ZIP). Screenshots at 1,366 and 390 px, in
 * English and Chinese.
 */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { adminIntoCompany, screenshot, typeInto } from './browser';
import { completedCompanyContract as completedContract } from './contractSetup';
import { endToEnd } from './harness';

const { newPage } = endToEnd();
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

describe('the contract archive', () => {
  it('files a company’s completed contracts into a new category, finds, renames and downloads', async () => {
    const page = await newPage(DESKTOP, { acceptDownloads: true });
    await adminIntoCompany(page);
    const north = await completedContract(page, 'Warehouse lease North');
    await completedContract(page, 'Warehouse lease South');
    await completedContract(page, 'Paper supply 2026');

    await page.goto('/management/index');
    await page.getByRole('heading', { name: 'Contract management', level: 1 }).waitFor();
    await rowOf(page, 'Warehouse lease North').waitFor();
    await expect.poll(() => rowOf(page, 'Unfiled').count()).toBe(3);

    // A new category, named by the rule of template categories.
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const naming = page.getByRole('dialog', { name: 'New category' });
    await typeInto(naming.getByLabel('Category name'), 'Leases of warehouses in the north');
    await naming.getByRole('button', { name: 'Save' }).click();
    await naming
      .getByText('Category name length is too long, not more than 20 characters')
      .waitFor();
    await naming.getByLabel('Category name').fill('Leases');
    await naming.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Category “Leases” created').waitFor();

    // Both leases filed at once.
    await page.getByRole('checkbox', { name: 'Select “Warehouse lease North”' }).check();
    await page.getByRole('checkbox', { name: 'Select “Warehouse lease South”' }).check();
    await page.getByRole('button', { name: 'File or move' }).click();
    const filing = page.getByRole('dialog', { name: 'File 2 contracts' });
    await filing.getByRole('combobox').click();
    await page.locator('.ant-select-item-option', { hasText: 'Leases' }).click();
    await filing.getByRole('button', { name: 'File', exact: true }).click();
    await page.getByText('2 contracts filed in “Leases”').waitFor();
    await expect.poll(() => rowOf(page, 'Leases').count()).toBe(2);
    await screenshot(page, 'contract-archive-en-1366');

    // Found by its category and a name search, kept in the address.
    await page.getByRole('button', { name: /^Leases\s*2$/ }).click();
    await page.getByRole('heading', { name: 'Leases', level: 2 }).waitFor();
    await expect.poll(() => rowOf(page, 'Paper supply 2026').count()).toBe(0);
    await typeInto(page.getByLabel('Contract name'), 'south');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rowOf(page, 'Warehouse lease North').count()).toBe(0);
    await rowOf(page, 'Warehouse lease South').waitFor();
    expect(new URL(page.url()).searchParams.get('name')).toBe('south');

    // Renamed: the list says the new name.
    await page.getByRole('button', { name: 'Actions of the category “Leases”' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const renaming = page.getByRole('dialog', { name: 'Rename the category' });
    await renaming.getByLabel('Category name').fill('Warehouse leases');
    await renaming.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Category renamed to “Warehouse leases”').waitFor();
    await rowOf(page, 'Warehouse lease South').getByText('Warehouse leases').waitFor();

    // The signed PDF, and the evidence.
    await page.getByRole('button', { name: 'Reset' }).click();
    const row = rowOf(page, 'Warehouse lease North');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download “Warehouse lease North”' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`Warehouse lease North ${north.number}.pdf`);
    const [evidence] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download the evidence of “Warehouse lease North”' }).click(),
    ]);
    expect(evidence.suggestedFilename()).toMatch(/evidence\.zip$/);
    const zip = await evidence.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of zip) chunks.push(chunk as Buffer);
    // A ZIP (PK) holding the PDF and the audit trail by name.
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('audit-trail.json'))).toBe(true);

    // Both leases at once: one ZIP, streamed by the server (contract/getZipTicket).
    await page.getByRole('checkbox', { name: 'Select “Warehouse lease North”' }).check();
    await page.getByRole('checkbox', { name: 'Select “Warehouse lease South”' }).check();
    const [both] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('toolbar', { name: 'Actions on the selected contracts' })
        .getByRole('button', { name: 'Download' })
        .click(),
    ]);
    expect(both.suggestedFilename()).toMatch(/\.zip$/);

    // The same screen in Chinese, and on a phone: cards, the categories behind a button.
    await page.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await page.reload();
    await page.getByRole('heading', { name: '合同管理', level: 1 }).waitFor();
    await rowOf(page, 'Warehouse lease North').waitFor();
    await screenshot(page, 'contract-archive-zh-1366');
    await page.setViewportSize(PHONE);
    await page.getByRole('listitem', { name: 'Warehouse lease North' }).waitFor();
    await screenshot(page, 'contract-archive-zh-390');
    await page.evaluate(() => window.localStorage.setItem('locale', 'en'));
    await page.reload();
    await page.getByRole('listitem', { name: 'Warehouse lease North' }).waitFor();
    await screenshot(page, 'contract-archive-en-390');
    // On a phone the categories are behind a button: back to all, then the category again.
    const chooseOnPhone = async (name: RegExp) => {
      await page.getByRole('button', { name: 'Categories' }).click();
      await page.getByRole('dialog', { name: 'Categories' }).getByRole('button', { name }).click();
    };
    await chooseOnPhone(/^All completed$/);
    await page.getByRole('listitem', { name: 'Paper supply 2026' }).waitFor();
    await chooseOnPhone(/^Warehouse leases\s*2$/);
    await page.getByRole('heading', { name: 'Warehouse leases', level: 2 }).waitFor();
    await expect
      .poll(() => page.getByRole('listitem', { name: 'Paper supply 2026' }).count())
      .toBe(0);
    await screenshot(page, 'contract-archive-category-en-390');
  });
});
