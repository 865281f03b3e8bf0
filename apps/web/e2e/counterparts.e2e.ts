/**
 * Counterparts, end to end (issue 32): the demo company's administrator imports people from an
 * xlsx with one bad row (template downloaded, preview with the refused row and its reason, then
 * the import and its report), blacklists one with a reason and is refused at that party's row when
 * initiating with it, picks another from the book by typing two characters and initiates, then
 * finds that contract on the counterpart's details. The list at 390 px in Chinese and at 1366 px
 * in English. Screenshots: test-results/screenshots/counterparts-*.png.
 */
import { PATHS, type Counterpart, type Page as ApiPage } from '@esign/platform';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { adminIntoCompany, fitsTheScreen, screenshot, typeInto } from './browser';
import { confirmed, enabledTemplate, sendFromSummary, type TemplateRole } from './contractSetup';
import { endToEnd } from './harness';

const { newPage } = endToEnd();

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const CAROL = { name: 'Carol Blake', phone: '13900000021' };
const DANIEL = { name: 'Daniel Fox', phone: '13900000022' };
const REASON = 'Unpaid invoices since March';
/** The phone test's own people (the file's tests share one platform). */
const ERIN = { name: 'Erin Wolfe', phone: '13900000031' };
const FRANK = { name: 'Frank Moss', phone: '13900000032' };

/** A people sheet as the template names its columns: two good rows and one with a bad phone. */
async function peopleSheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Counterparts');
  sheet.addRow(['Name *', 'Phone', 'Email', 'Company', 'Note']);
  sheet.addRow([CAROL.name, CAROL.phone, 'carol@example.com', 'Blake Paper', '']);
  sheet.addRow(['Wrong Number', '1234', '', '', '']);
  sheet.addRow([DANIEL.name, DANIEL.phone, '', 'Fox Freight', 'Signs the freight contracts']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A template: A (the company) seals, B signs. */
const ROLES: TemplateRole[] = [
  { party: 'A', name: 'Supplier', sign: true, fill: false },
  { party: 'B', name: 'Client', sign: true, fill: false },
];

/** The open dialog titled `name`. */
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

describe('counterparts', () => {
  it('imports with a preview, blacklists, refuses the blacklisted party, picks another and lists the contract', async () => {
    const admin = await newPage(DESKTOP, { acceptDownloads: true });
    await adminIntoCompany(admin);

    await admin
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('menuitem', { name: 'Counterparts' })
      .click();
    await admin.getByRole('menuitem', { name: 'Personal customers' }).click();
    await admin.getByRole('heading', { name: 'Personal customers', level: 1 }).waitFor();
    await admin.getByText('No people in the book yet').waitFor();
    // Nothing chosen: the moves on a selection are out of use.
    expect(await admin.getByRole('button', { name: 'Remove' }).isDisabled()).toBe(true);

    // The import: the template first, then the file, previewed row by row.
    await admin.getByRole('button', { name: 'Import' }).first().click();
    const importing = dialog(admin, 'Import people');
    await importing.waitFor();
    const [template] = await Promise.all([
      admin.waitForEvent('download'),
      importing.getByRole('button', { name: 'Download the template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('counterparts-people-template.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await streamBytes(await template.createReadStream()));
    expect(book.worksheets[0]!.getRow(1).getCell(1).text).toMatch(/^Name/);

    // A file that is not a spreadsheet is refused at once, saying what to choose.
    await importing.locator('input[type=file]').setInputFiles({
      name: 'people.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await importing.getByText('This is not a spreadsheet: upload an .xlsx or .csv file').waitFor();

    await importing.locator('input[type=file]').setInputFiles({
      name: 'people.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await peopleSheet(),
    });
    await importing.getByText('3 rows: 2 can be imported, 1 refused').waitFor();
    await importing.getByRole('cell', { name: CAROL.name }).waitFor();
    await importing.getByText('Phone: Incorrect phone number').waitFor();
    await importing.getByRole('checkbox', { name: 'Refused rows only' }).check();
    await importing.getByRole('cell', { name: 'Wrong Number' }).waitFor();
    expect(await importing.getByRole('cell', { name: CAROL.name }).count()).toBe(0);
    await screenshot(admin, 'counterparts-import-preview');
    // The preview wrote nothing.
    const before = await api<ApiPage<Counterpart>>(admin, `/api${PATHS.counterpartSearch}`, {
      kind: 'person',
      current: 1,
      size: 10,
    });
    expect(before.total).toBe(0);

    await importing.getByRole('button', { name: 'Import 2 rows' }).click();
    await importing.getByText('Import finished').waitFor();
    await importing
      .getByText('2 imported, 1 refused (listed below: correct them and import again).')
      .waitFor();
    await screenshot(admin, 'counterparts-import-report');
    await importing.getByRole('button', { name: 'Close' }).last().click();
    const carolRow = admin.getByRole('row', { name: new RegExp(CAROL.name) });
    await carolRow.getByText('Imported').waitFor();
    await admin.getByRole('row', { name: new RegExp(DANIEL.name) }).waitFor();

    // The export: the book as the list shows it, an xlsx with the import's columns and more.
    const [exported] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/^counterparts-people-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = new ExcelJS.Workbook();
    await sheet.xlsx.load(await streamBytes(await exported.createReadStream()));
    const names = sheet.worksheets[0]!.getColumn(1).values.slice(2);
    expect(names.sort()).toEqual([CAROL.name, DANIEL.name]);

    // The blacklist needs a reason.
    await carolRow.getByRole('button', { name: `Blacklist ${CAROL.name}` }).click();
    const blacklisting = dialog(admin, `Blacklist ${CAROL.name}`);
    await blacklisting.getByRole('button', { name: 'Blacklist' }).click();
    await blacklisting.getByText('Please give the reason for the blacklist').waitFor();
    await typeInto(blacklisting.getByRole('textbox', { name: 'Reason' }), REASON);
    await blacklisting.getByRole('button', { name: 'Blacklist' }).click();
    await admin.getByText('1 counterpart blacklisted').waitFor();
    await carolRow.getByText('Blacklisted').hover();
    await admin.getByRole('tooltip').getByText(`Reason: ${REASON}`).waitFor();
    await admin
      .getByRole('tooltip')
      .getByText(/^Blacklisted by Demo Admin on /)
      .waitFor();
    await screenshot(admin, 'counterparts-list-1366');

    // Initiating with the blacklisted person is refused at party B's row.
    await enabledTemplate(admin, 'Freight agreement', ROLES, (store, pageId) => {
      const { addElement } = store.getState();
      addElement(pageId, 'seal', { config: { party: 'A' }, commonStyle: { left: 60, top: 620 } });
      addElement(pageId, 'signature', {
        config: { party: 'B' },
        commonStyle: { left: 360, top: 620 },
      });
    });
    await admin.goto('/agency-contract/directly-template');
    await admin.getByRole('button', { name: 'Use Freight agreement' }).click();
    await admin.getByText('Template: Freight agreement').waitFor();
    await typeInto(admin.getByRole('textbox', { name: 'Name of party B' }), CAROL.name);
    await typeInto(admin.getByRole('textbox', { name: 'Phone of party B' }), CAROL.phone);
    await admin.getByRole('button', { name: 'Next', exact: true }).click();
    const partyB = admin.getByRole('listitem', { name: /^Party B/ });
    await partyB
      .getByText(`“${CAROL.name}” is on the counterpart blacklist and cannot be a party: ${REASON}`)
      .waitFor();
    await screenshot(admin, 'counterparts-launch-refused');

    // Two characters find the other one; the blacklisted one is offered out of use, with why.
    const picker = partyB.getByRole('combobox', { name: 'Pick party B from counterparts' });
    await picker.click();
    await picker.pressSequentially('13');
    const open = admin.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await open
      .locator('.ant-select-item-option-disabled', { hasText: CAROL.name })
      .getByText(`Blacklisted: ${REASON}`)
      .waitFor();
    await picker.fill('');
    await picker.pressSequentially('Da');
    await open.locator('.ant-select-item-option', { hasText: DANIEL.name }).click();
    // Closed (its motion ended), so that it covers nothing the next click aims at.
    await open.waitFor({ state: 'detached' });
    expect(await admin.getByRole('textbox', { name: 'Name of party B' }).inputValue()).toBe(
      DANIEL.name,
    );
    expect(await admin.getByRole('textbox', { name: 'Phone of party B' }).inputValue()).toBe(
      DANIEL.phone,
    );
    await admin.getByRole('button', { name: 'Next', exact: true }).click();
    await admin.getByText('This template has no fields for you to fill in').waitFor();
    await admin.getByRole('button', { name: 'Send for signing' }).click();
    await sendFromSummary(admin);
    const contract = await confirmed(admin);

    // The contract is listed on Daniel's details, to its own details.
    await admin.goto('/relative/personal');
    await admin
      .getByRole('row', { name: new RegExp(DANIEL.name) })
      .getByRole('link', { name: DANIEL.name, exact: true })
      .click();
    await admin.getByRole('heading', { name: DANIEL.name, level: 1 }).waitFor();
    await admin.getByText('Fox Freight').waitFor();
    const listed = admin.getByRole('row', { name: /Freight agreement/ });
    await listed.getByText(contract.number).waitFor();
    await listed.getByText('Party B').waitFor();
    await screenshot(admin, 'counterparts-detail-1366');
    // "Initiate a contract with them" opens the initiating screen with them as party B.
    await admin.getByRole('button', { name: 'Initiate a contract with them' }).click();
    await admin.waitForURL('**/agency-contract/directly-launch');
    const nameB = admin.getByRole('textbox', { name: 'Name of party B' });
    await nameB.waitFor();
    expect(await nameB.inputValue()).toBe(DANIEL.name);
    expect(await admin.getByRole('textbox', { name: 'Phone of party B' }).inputValue()).toBe(
      DANIEL.phone,
    );
    await admin.goBack();
    await admin.getByRole('heading', { name: DANIEL.name, level: 1 }).waitFor();
    await listed.getByRole('link', { name: 'Freight agreement' }).click();
    await admin.waitForURL(`**/agency-contract/contractDetails?id=${contract.id}`);
  });

  it('shows the book as cards on a phone in Chinese', async () => {
    const phone = await newPage(PHONE, {
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    // Signed in at a desktop's width (the console switcher sits in the top bar there), then a phone.
    await phone.setViewportSize(DESKTOP);
    await adminIntoCompany(phone);
    await phone.setViewportSize(PHONE);
    for (const person of [ERIN, FRANK]) {
      await api(phone, `/api${PATHS.counterpartSave}`, { kind: 'person', ...person });
    }
    const [erin] = (
      await api<ApiPage<Counterpart>>(phone, `/api${PATHS.counterpartSearch}`, {
        kind: 'person',
        current: 1,
        size: 10,
        keyword: ERIN.phone,
      })
    ).records;
    await api(phone, `/api${PATHS.counterpartSetStatus}`, {
      ids: [erin!.id],
      status: 'blacklist',
      reason: REASON,
    });
    await phone.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await phone.goto('/relative/personal');
    await phone.getByRole('heading', { name: '个人客户', level: 1 }).waitFor();
    const card = phone.getByRole('listitem', { name: ERIN.name });
    await card.getByText('黑名单').waitFor();
    await phone.getByRole('listitem', { name: FRANK.name }).getByText('手动添加').waitFor();
    await fitsTheScreen(phone);
    await screenshot(phone, 'counterparts-list-390-zh');
  });
});

/** The bytes of a download's stream. */
async function streamBytes(stream: NodeJS.ReadableStream): Promise<ArrayBuffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  const bytes = Buffer.concat(chunks);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
