/**
 * A contract's life as the issue asks it of the platform, end to end: the demo company's
 * administrator initiates a contract from an enabled template through directly-template, filling
 * its own field and naming the demo person as party B; B opens it from the list, fills in its field, signs
 * with its seal and an SMS code from the development outbox; the administrator signs with the
 * company's seal, confirmed by the development face check; both download the PDF, which poppler's
 * pdfsig reports signed and unmodified and qpdf --check accepts, and the contractSignature screen
 * shows every signature valid. In a second contract B refuses with a reason, and the initiator
 * sees 'Signing refused' in the list and the details, then removes it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiPath, type ContractDetail } from '@esign/platform';
import type { EditorStore, TemplateProject } from '@esign/template-editor/core';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { administrator, screenshot, signIn, typeInto } from './browser';
import { endToEnd } from './harness';
import { enabledTemplate, initiate, initiateFromTemplate } from './contractSetup';
import { DEMO } from './server';

const run = promisify(execFile);
const { newPage, platform } = endToEnd();

const VIEWPORT = { width: 1366, height: 900 };

/**
 * The supply template: A, the company, fills in its address and seals; B fills in its full name
 * and signs.
 */
const SUPPLY_ROLES = [
  { party: 'A', name: 'Supplier', sign: true, fill: true },
  { party: 'B', name: 'Buyer', sign: true, fill: true },
] as const;

function placeSupplyFields(store: EditorStore, pageId: string): void {
  const { addElement } = store.getState();
  addElement(pageId, 'text', {
    title: 'Supplier address',
    config: { party: 'A', required: true },
    commonStyle: { left: 60, top: 200, width: 260, height: 30 },
  });
  addElement(pageId, 'seal', { config: { party: 'A' }, commonStyle: { left: 60, top: 620 } });
  addElement(pageId, 'text', {
    title: 'Buyer full name',
    config: { party: 'B', required: true },
    commonStyle: { left: 360, top: 540, width: 180, height: 28 },
  });
  addElement(pageId, 'signature', { config: { party: 'B' }, commonStyle: { left: 360, top: 620 } });
}

/** Clicks a download button and keeps the file in `dir`. */
async function download(page: Page, button: string, dir: string, name: string): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).first().click(),
  ]);
  const target = path.join(dir, name);
  await file.saveAs(target);
  return target;
}

/**
 * pdfsig's report of a file, with the platform's authority trusted: the certificates the
 * signatures carry are dumped, and the self-signed one among them (the platform's root, when the
 * signatures carry their chain) is trusted in an NSS database of the test's own.
 */
async function pdfsig(file: string): Promise<{ report: string; rootTrusted: boolean }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'esign-e2e-pdfsig-'));
  try {
    const nss = `sql:${dir}`;
    await run('certutil', ['-N', '-d', nss, '--empty-password']);
    const copy = path.join(dir, 'contract.pdf');
    await writeFile(copy, await readFile(file));
    await run('pdfsig', ['-dump', copy], { cwd: dir }).catch(() => undefined);
    let rootTrusted = false;
    for (const dumped of (await readdir(dir)).filter((name) => /\.sig\d+$/.test(name))) {
      const { stdout } = await run('openssl', [
        'pkcs7',
        '-inform',
        'DER',
        '-print_certs',
        '-in',
        path.join(dir, dumped),
      ]).catch(() => ({ stdout: '' }));
      const pems = stdout.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
      for (const [index, pem] of (pems ?? []).entries()) {
        const pemFile = path.join(dir, `${dumped}-${index}.pem`);
        await writeFile(pemFile, `${pem}\n`);
        const { stdout: names } = await run('openssl', [
          'x509',
          '-noout',
          '-subject',
          '-issuer',
          '-in',
          pemFile,
        ]);
        const [subject, issuer] = names
          .trim()
          .split('\n')
          .map((line) => line.replace(/^(subject|issuer)=\s*/, ''));
        if (subject === issuer && !rootTrusted) {
          await run('certutil', [
            '-A',
            '-d',
            nss,
            '-n',
            'platform-root',
            '-t',
            'CT,C,C',
            '-i',
            pemFile,
          ]);
          rootTrusted = true;
        }
      }
    }
    const { stdout } = await run('pdfsig', ['-nssdir', nss, copy]);
    return { report: stdout, rootTrusted };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a contract’s life, end to end', () => {
  it('B fills in and signs with an SMS code, the administrator seals after a face check, and both download a PDF every reader verifies', async () => {
    const person = await newPage(VIEWPORT);
    const { admin, context } = await administrator(person, platform().base);
    const downloads = await mkdtemp(path.join(tmpdir(), 'esign-e2e-downloads-'));
    try {
      await enabledTemplate(admin, 'Supply agreement', SUPPLY_ROLES, placeSupplyFields);
      const contract = await initiateFromTemplate(admin, 'Supply agreement', {
        'Supplier address': '8 Harbour Road, Qingdao',
      });
      expect(contract.status).toBe('filling');
      expect(contract.participants.map((p) => [p.party, p.phone])).toEqual([
        ['A', DEMO.admin],
        ['B', DEMO.person],
      ]);

      // B opens it from the list and fills in its field; empty, Submit names it.
      await signIn(person, DEMO.person, DEMO.password);
      await person.goto('/agency-contract/index');
      const row = person.getByRole('row').filter({ hasText: contract.number });
      await row.getByRole('link', { name: 'Fill in' }).click();
      await person.waitForURL(`**/agency-contract/contractDetails?id=${contract.id}&action=fill`);
      await person.getByRole('heading', { name: /Supply agreement/, level: 1 }).waitFor();
      const field = person
        .getByRole('application', { name: 'Template editor' })
        .getByRole('textbox', { name: 'Buyer full name' });
      await field.waitFor();
      const submit = person.getByRole('button', { name: 'Submit', exact: true });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await submit.click();
      await person.getByText('Please check 1 field before submitting').waitFor();
      await typeInto(field, 'Demo Perso');
      // Out of the field (its last one): the value is stored, and kept as a draft.
      await field.press('Tab');
      await person.getByText(/What you filled in is kept/).waitFor();
      await screenshot(person, 'contract-journey-fill');
      // The last letter, then Enter: the guided fill finishes and sends what was just typed.
      await field.click();
      await field.press('End');
      await field.pressSequentially('n');
      await field.press('Enter');

      // Filled, B signs next: its seal, where it lands, and an SMS code from the outbox.
      await person.waitForURL(`**/agency-contract/contractedit?id=${contract.id}`);
      // What was sent is what was on the screen, the letter typed just before Enter included.
      const filled = await api<ContractDetail<TemplateProject>>(
        person,
        `${apiPath('contractDetail')}?id=${contract.id}`,
      );
      const buyer = filled.project.pages
        .flatMap((page) => page.elements)
        .find((element) => element.title === 'Buyer full name');
      expect(buyer?.value).toBe('Demo Person');
      await person.getByRole('heading', { name: '1. Pick your seal' }).waitFor();
      const seals = person.getByRole('radiogroup', { name: 'Seal to sign with' });
      await seals.getByRole('radio').first().waitFor();
      if (!(await seals.getByRole('radio', { checked: true }).count())) {
        await seals.getByRole('radio').first().check();
      }
      await person.getByText('Signature on page 1').waitFor();
      const sms = person.getByRole('form', { name: 'Confirm with an SMS code' });
      await sms.getByRole('button', { name: 'Send code' }).click();
      await sms.getByRole('button', { name: /Again in \d+ s/ }).waitFor();
      const personCode = await platform().smsCode(DEMO.person, 'sign');
      await typeInto(sms.getByRole('textbox', { name: 'Verification code' }), personCode);
      await screenshot(person, 'contract-journey-sign');
      await sms.getByRole('button', { name: 'Sign', exact: true }).click();
      await person.getByRole('heading', { name: 'You signed', level: 1 }).waitFor();
      await person.getByText(/Waiting for the others to sign: A · Demo Admin/).waitFor();
      await screenshot(person, 'contract-journey-signed-waiting');

      // The administrator signs with the company's seal, confirming with the development face
      // check: its page opens in a new tab, says it checks no face, and reports Pass.
      await admin.goto(`/agency-contract/contractedit?id=${contract.id}`);
      const companySeals = admin.getByRole('radiogroup', { name: 'Seal to sign with' });
      await companySeals.getByRole('radio').first().waitFor();
      await companySeals.getByRole('radio', { name: /合同专用章/ }).check();
      await admin.getByText('Seal on page 1').waitFor();
      await admin.getByRole('tab', { name: 'Face check' }).click();
      await admin.getByRole('button', { name: 'Start the face check' }).click();
      const [facePage] = await Promise.all([
        context.waitForEvent('page'),
        admin.getByRole('link', { name: 'Open the face check' }).click(),
      ]);
      await admin.getByText(/Development face check: this provider checks nobody’s face/).waitFor();
      await facePage.getByRole('heading', { name: /Development face check/ }).waitFor();
      await facePage.getByRole('button', { name: /Pass/ }).click();
      await facePage.getByText(/Answered/).waitFor();
      await facePage.close();
      await admin.getByText('Face check passed').waitFor();
      await screenshot(admin, 'contract-journey-face-check');
      await admin.getByRole('tabpanel').getByRole('button', { name: 'Sign', exact: true }).click();
      await admin.getByRole('heading', { name: 'The contract is completed', level: 1 }).waitFor();
      await screenshot(admin, 'contract-journey-completed');

      // Both download the completed contract.
      const adminFile = await download(admin, 'Download', downloads, 'admin.pdf');
      await person.goto(`/agency-contract/contractDetails?id=${contract.id}`);
      await person.getByText('Completed', { exact: true }).first().waitFor();
      const personFile = await download(person, 'Download', downloads, 'person.pdf');
      const [adminBytes, personBytes] = await Promise.all([
        readFile(adminFile),
        readFile(personFile),
      ]);
      expect(personBytes.equals(adminBytes)).toBe(true);
      expect(adminBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // Every reader verifies it: two signatures, each valid, the last over the whole file.
      const { report, rootTrusted } = await pdfsig(adminFile);
      expect(rootTrusted, 'the signatures carry the platform authority’s certificate').toBe(true);
      const blocks = report.split(/^Signature #\d+:$/m).slice(1);
      expect(blocks, report).toHaveLength(2);
      for (const block of blocks) {
        expect(block, report).toContain('Signature Validation: Signature is Valid.');
        expect(block, report).toContain('Certificate Validation: Certificate is Trusted.');
      }
      expect(blocks[1], report).toContain('Total document signed');
      await run('qpdf', ['--check', adminFile]);

      // The signatures screen says they are intact (the server verifies with its authority trusted).
      await admin.getByRole('button', { name: 'View signatures' }).click();
      await admin.waitForURL(`**/agency-contract/contractSignature?id=${contract.id}`);
      await admin.getByText('All 2 signatures are intact').waitFor({ timeout: 60_000 });
      expect(await admin.getByRole('table').getByText('Intact', { exact: true }).count()).toBe(2);
      await screenshot(admin, 'contract-journey-signatures');

      // The evidence: the trail of what happened, its chain intact.
      await admin.goto(`/agency-contract/online-attestation?id=${contract.id}`);
      await admin.getByText(/The audit trail is intact/).waitFor();
      for (const action of ['Created', 'Filled in', 'Signed', 'Downloaded']) {
        await admin.getByRole('table').getByText(action, { exact: true }).first().waitFor();
      }
      await screenshot(admin, 'contract-journey-attestation');

      // The administrator asks to rescind it (a reason, an SMS code); B finds it to agree to.
      await admin.goto(`/agency-contract/contractDetails?id=${contract.id}`);
      await admin.getByRole('button', { name: 'Rescind', exact: true }).click();
      const rescind = admin.getByRole('dialog', { name: 'Rescind this contract' });
      await typeInto(
        rescind.getByRole('textbox', { name: 'Reason for rescinding' }),
        'The goods were never delivered',
      );
      await rescind.getByRole('button', { name: 'Send code' }).click();
      await rescind.getByText('A code was sent to').waitFor();
      const rescindCode = await platform().smsCode(DEMO.admin, 'sign');
      await typeInto(rescind.getByRole('textbox', { name: 'Verification code' }), rescindCode);
      await rescind.getByRole('button', { name: 'Ask to rescind' }).click();
      await admin.getByText(/Your agreement was recorded/).waitFor();

      await person.goto('/agency-contract/index');
      await person
        .getByRole('row')
        .filter({ hasText: contract.number })
        .getByRole('link', { name: 'Rescind' })
        .click();
      await person.waitForURL(`**/agency-contract/contractDetails?id=${contract.id}`);
      await person.getByRole('button', { name: 'Rescind', exact: true }).click();
      const agree = person.getByRole('dialog', { name: 'Rescind this contract' });
      await agree.getByText(/Rescinding was asked for on/).waitFor();
      await agree.getByText('Reason: The goods were never delivered').waitFor();
      await agree.getByRole('button', { name: 'Agree to rescind' }).waitFor();
      await screenshot(person, 'contract-journey-rescind-asked');
      await person.keyboard.press('Escape');
      await agree.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
      await rm(downloads, { recursive: true, force: true });
    }
  });

  it('B refuses with a reason, and the initiator sees the contract refused in the list and the details', async () => {
    const person = await newPage(VIEWPORT);
    const { admin, context } = await administrator(person, platform().base);
    try {
      const contract = await initiate(admin, 'Warehouse rental');

      await signIn(person, DEMO.person, DEMO.password);
      await person.goto('/agency-contract/index');
      await person
        .getByRole('row')
        .filter({ hasText: contract.number })
        .getByRole('link', { name: 'View' })
        .click();
      await person.waitForURL(`**/agency-contract/contractDetails?id=${contract.id}`);
      await person.getByRole('button', { name: 'Refuse', exact: true }).click();
      const dialog = person.getByRole('dialog', { name: 'Refuse to sign' });
      const reason = dialog.getByRole('textbox', { name: 'Reason for refusing' });
      await reason.press('Enter');
      await dialog.getByText('Please give a reason for refusing').waitFor();
      await typeInto(reason, 'The rent is higher than agreed');
      await reason.press('Enter');
      await person.getByText('You refused to sign this contract').waitFor();
      await person
        .getByRole('alert')
        .getByText(/refused: The rent is higher than agreed/)
        .waitFor();
      await screenshot(person, 'contract-journey-refused');

      // The same details in Chinese.
      await person.getByRole('button', { name: 'Language' }).click();
      await person.getByRole('menuitem', { name: '中文' }).click();
      await person.getByRole('alert').getByText('已拒签').waitFor();
      await person.getByText('原因：The rent is higher than agreed').waitFor();
      await screenshot(person, 'contract-journey-refused-zh');

      // The initiator sees it in its list and in the details, with the reason.
      await admin.goto('/agency-contract/index?tab=initiated');
      const row = admin.getByRole('row').filter({ hasText: contract.number });
      await row.getByText('Signing refused', { exact: true }).waitFor();
      await row.getByRole('link', { name: 'View' }).click();
      await admin.waitForURL(`**/agency-contract/contractDetails?id=${contract.id}`);
      await admin.getByRole('heading', { name: /Warehouse rental/, level: 1 }).waitFor();
      await admin.getByRole('alert').getByText('Signing refused').waitFor();
      await admin.getByText('Reason: The rent is higher than agreed').waitFor();
      const detail = await api<ContractDetail>(
        admin,
        `${apiPath('contractDetail')}?id=${contract.id}`,
      );
      expect(detail.status).toBe('refused');
      await screenshot(admin, 'contract-journey-refused-initiator');

      // Ended unsigned, the initiator may remove it from the lists, once it confirms.
      await admin.getByRole('button', { name: 'Remove', exact: true }).click();
      const confirm = admin.getByRole('dialog', { name: 'Remove this contract?' });
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await admin.waitForURL('**/agency-contract/index');
      await admin.getByText('The contract was removed').waitFor();
      await admin.getByRole('tab', { name: 'I initiated' }).click();
      await admin.getByRole('tab', { name: 'I initiated', selected: true }).waitFor();
      await expect
        .poll(() => admin.getByRole('row').filter({ hasText: contract.number }).count())
        .toBe(0);

      // A contract the session may not see: a page that says so (in the language B chose).
      await person.goto('/agency-contract/contractDetails?id=999999');
      await person.getByRole('heading', { name: '合同不存在或无权查看' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
