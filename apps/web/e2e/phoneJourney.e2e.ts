/**
 * A signer on a phone (390 × 844, touch): party B finds the contract in its messages, opens it,
 * fills in five fields with the guided fill's bottom sheet — a name, a number, an address, a date
 * in the contract's Chinese format and an ID-card photo — signs with an SMS code, and downloads
 * the completed PDF, in which every value stands where the screen showed it. Nothing on the way
 * is wider than the phone; each step leaves a screenshot (test-results/screenshots/phone-*.png).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiPath, type ContractDetail } from '@esign/platform';
import type { EditorStore, TemplateProject } from '@esign/template-editor/core';
import type { Locator, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { api } from './api';
import { administrator, fitsTheScreen, screenshot, signIn } from './browser';
import { enabledTemplate, initiateFromTemplate } from './contractSetup';
import { endToEnd } from './harness';
import { DEMO } from './server';

const run = promisify(execFile);
const { newPage, platform } = endToEnd();

const PHONE = { width: 390, height: 844 };
/** What the phone is to the browser: a touch screen, a phone's pixel ratio, a mobile browser. */
const PHONE_DEVICE = {
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  acceptDownloads: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/131.0.0.0 Mobile Safari/537.36',
};

const TEMPLATE = 'Tenancy registration';
const ROLES = [
  { party: 'A', name: 'Landlord', sign: false, fill: true },
  { party: 'B', name: 'Tenant', sign: true, fill: true },
] as const;

/** B's five fields (and where they are on the page, in PDF points), then B's signature. */
const FIELDS = {
  name: { title: 'Full name', left: 60, top: 180, width: 220, height: 28 },
  mobile: { title: 'Mobile number', left: 320, top: 180, width: 200, height: 28 },
  address: { title: 'Home address', left: 60, top: 240, width: 460, height: 28 },
  moveIn: { title: 'Move-in date', left: 60, top: 300, width: 220, height: 28 },
  idCard: { title: 'ID card (front)', left: 60, top: 360, width: 199, height: 126.15 },
} as const;

type Field = (typeof FIELDS)[keyof typeof FIELDS];

function placeFields(store: EditorStore, pageId: string): void {
  const { addElement } = store.getState();
  /** One of B's fields, required, its text at 12 pt from the left. */
  const forB = (
    kind: 'text' | 'date' | 'image',
    { title, left, top, width, height }: Field,
    config: Record<string, unknown> = {},
    extra: Record<string, unknown> = {},
  ) =>
    addElement(pageId, kind, {
      title,
      config: { party: 'B', required: true, ...config },
      commonStyle: { left, top, width, height, fontSize: 12, textAlign: 'left' },
      ...extra,
    });
  addElement(pageId, 'text', {
    title: 'Landlord address',
    config: { party: 'A', required: true },
    commonStyle: { left: 60, top: 110, width: 460, height: 28 },
  });
  forB('text', FIELDS.name);
  forB('text', FIELDS.mobile, { isNumber: true }, { previewConfig: { limitNum: 11 } });
  forB('text', FIELDS.address);
  forB('date', FIELDS.moveIn, { dateFormat: 'yyyy年MM月dd日' });
  forB('image', FIELDS.idCard, { imageType: 'idCardLandscape' });
  addElement(pageId, 'signature', { config: { party: 'B' }, commonStyle: { left: 360, top: 640 } });
}

/** A screenshot of the step, once the page fits the phone. */
async function step(page: Page, name: string): Promise<void> {
  await fitsTheScreen(page);
  await screenshot(page, `phone-${name}`);
}

/** Types as a phone's keyboard does, key by key, into a control tapped first. */
async function tapAndType(field: Locator, text: string): Promise<void> {
  await field.tap();
  await field.pressSequentially(text);
}

/** The colour of the ID-card photo: a blue no other mark on the page has. */
const PHOTO_RGB = [24, 119, 201] as const;

/**
 * A phone camera's photo of an ID card: 1,600 × 1,200 (wider than the card's shape, so the
 * editor cuts it), drawn by the browser as a JPEG.
 */
async function idCardPhoto(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async ([r, g, b]) => {
    const canvas = new OffscreenCanvas(1600, 1200);
    const context = canvas.getContext('2d')!;
    context.fillStyle = `rgb(${r} ${g} ${b})`;
    context.fillRect(0, 0, 1600, 1200);
    context.fillStyle = 'white';
    // A line of text near the top left, away from where the test samples the colour.
    context.font = 'bold 60px sans-serif';
    context.fillText('RESIDENT ID', 160, 300);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    return [...new Uint8Array(await blob.arrayBuffer())];
  }, PHOTO_RGB);
  return Buffer.from(bytes);
}

/** The words pdftotext finds on the first page, each with its box in PDF points (top down). */
async function wordsOf(file: string): Promise<{ text: string; x: number; y: number }[]> {
  const { stdout } = await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-']);
  return [
    ...stdout.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map(([, xMin, yMin, xMax, yMax, text]) => ({
    text: text!.replace(/&amp;/g, '&'),
    x: (Number(xMin) + Number(xMax)) / 2,
    y: (Number(yMin) + Number(yMax)) / 2,
  }));
}

/** The first page drawn at 72 dpi (one pixel per point) as PPM: its size and a pixel reader. */
async function pagePixels(file: string, dir: string) {
  const prefix = path.join(dir, 'page');
  await run('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-singlefile', file, prefix]);
  const ppm = await readFile(`${prefix}.ppm`);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const start = header[0].length;
  return {
    width,
    height,
    at(x: number, y: number): [number, number, number] {
      const offset = start + (Math.round(y) * width + Math.round(x)) * 3;
      return [ppm[offset]!, ppm[offset + 1]!, ppm[offset + 2]!];
    },
  };
}

describe('signing on a phone', () => {
  it('B opens the contract from its message, fills five fields with the bottom sheet, signs with an SMS code, and the PDF shows what the screen did', async () => {
    const person = await newPage(PHONE, PHONE_DEVICE);
    const { admin, context } = await administrator(person, platform().base);
    const downloads = await mkdtemp(path.join(tmpdir(), 'esign-e2e-phone-'));
    try {
      await enabledTemplate(admin, TEMPLATE, ROLES, placeFields);
      const contract = await initiateFromTemplate(admin, TEMPLATE, {
        'Landlord address': '8 Harbour Road, Qingdao',
      });
      expect(contract.status).toBe('filling');

      // B, on its phone, finds the contract among its unread messages.
      await signIn(person, DEMO.person, DEMO.password);
      const bell = person.getByRole('button', { name: /^Messages, [1-9]\d* unread$/ });
      await bell.tap();
      const unread = person.getByRole('region', { name: 'Unread messages' });
      const message = unread.getByRole('button', { name: new RegExp(contract.number) });
      await message.waitFor();
      // The panel lies within the screen, whole.
      const panel = (await unread.boundingBox())!;
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(PHONE.width);
      await step(person, 'message');
      const unreadBefore = Number(/\d+/.exec((await bell.getAttribute('aria-label'))!)![0]);
      await message.tap();

      // The message leads to the contract's details; B starts filling in.
      await person.waitForURL(`**/agency-contract/contractDetails?id=${contract.id}`);
      await person.getByRole('heading', { name: new RegExp(TEMPLATE), level: 1 }).waitFor();
      // Opened, the message is read.
      await person
        .getByRole('button', { name: `Messages, ${unreadBefore - 1} unread`, exact: true })
        .waitFor();
      await step(person, 'details');
      await person.getByRole('button', { name: 'Fill in', exact: true }).tap();
      await person.waitForURL(`**/agency-contract/contractDetails?id=${contract.id}&action=fill`);

      // The guided fill: a bottom sheet, one field at a time, in reading order.
      const sheet = person.getByRole('region', { name: 'Fill in' });
      await sheet.getByRole('button', { name: 'Start' }).tap();
      await sheet.getByText('0 of 5 required').waitFor();
      await tapAndType(sheet.getByRole('textbox', { name: FIELDS.name.title }), 'Demo Person');
      await step(person, 'fill-name');
      await sheet.getByRole('button', { name: 'Next' }).tap();

      const mobile = sheet.getByRole('textbox', { name: FIELDS.mobile.title });
      await tapAndType(mobile, '138000000');
      // A letter is refused as typed, and the sheet says why: the field keeps digits only.
      await mobile.pressSequentially('x');
      await sheet.getByText('Digits only').waitFor();
      await expect.poll(() => mobile.inputValue()).toBe('138000000');
      await mobile.pressSequentially('01');
      await expect.poll(() => mobile.inputValue()).toBe('13800000001');
      await step(person, 'fill-mobile');
      await sheet.getByRole('button', { name: 'Next' }).tap();

      await tapAndType(
        sheet.getByRole('textbox', { name: FIELDS.address.title }),
        'Room 1203, 18 Century Avenue, Shanghai',
      );
      await sheet.getByRole('button', { name: 'Next' }).tap();

      // The date: the phone's wheels (selects), shown and stored in the contract's own format.
      const date = sheet.getByRole('group', { name: FIELDS.moveIn.title });
      // The draft is kept a moment after the last change: the reload below comes once the date is.
      const dateKept = person.waitForResponse(
        (answer) =>
          answer.url().includes(apiPath('contractSaveDraft')) &&
          /2026\D{1,3}12\D{1,3}01/.test(answer.request().postData() ?? '') &&
          answer.ok(),
      );
      await date.getByRole('combobox', { name: 'Year' }).selectOption('2026');
      await date.getByRole('combobox', { name: 'Month' }).selectOption('12');
      await date.getByRole('combobox', { name: 'Day' }).selectOption('1');
      await sheet.getByText('On the contract: 2026年12月01日').waitFor();
      await step(person, 'fill-date');
      await sheet.getByRole('button', { name: 'Next' }).tap();
      await sheet.getByText('4 of 5 required').waitFor();

      // The phone drops the page halfway (the browser reloads it): what B filled in was kept, and
      // Start goes on at the field still missing.
      await person.getByText(/What you filled in is kept \(at/).waitFor();
      await dateKept;
      await person.reload();
      await sheet.getByText('4 of 5 required').waitFor();
      await sheet.getByRole('button', { name: 'Start' }).tap();
      await sheet.getByText(`Field 5 of 5`).waitFor();
      await sheet.getByRole('button', { name: 'Previous' }).tap();
      await sheet.getByText('On the contract: 2026年12月01日').waitFor();
      await sheet.getByRole('button', { name: 'Next' }).tap();

      // The ID card: a photo from the phone, cut to the card's shape.
      const [chooser] = await Promise.all([
        person.waitForEvent('filechooser'),
        sheet.getByRole('button', { name: 'Choose a photo' }).tap(),
      ]);
      await chooser.setFiles({
        name: 'IMG_0042.jpg',
        mimeType: 'image/jpeg',
        buffer: await idCardPhoto(person),
      });
      await sheet.getByRole('img', { name: `Photo for ${FIELDS.idCard.title}` }).waitFor();
      await sheet.getByText('5 of 5 required').waitFor();
      await person.getByText(/What you filled in is kept/).waitFor();
      await step(person, 'fill-photo');

      // Finish sends the values; B signs next.
      await sheet.getByRole('button', { name: 'Finish' }).tap();
      await person.waitForURL(`**/agency-contract/contractedit?id=${contract.id}`);
      const seals = person.getByRole('radiogroup', { name: 'Seal to sign with' });
      await seals.getByRole('radio').first().waitFor();
      if (!(await seals.getByRole('radio', { checked: true }).count())) {
        await seals.getByRole('radio').first().check();
      }
      await step(person, 'sign-seal');
      // Where the signature lands: the document comes back into view with the place in its middle.
      await person.getByRole('button', { name: 'Show on the document: Signature on page 1' }).tap();
      const shown = person.getByRole('region', { name: 'The document with your stamps' });
      // Just below the app's sticky header, not under it.
      const header = (await person.locator('.app-header').boundingBox())!;
      await expect
        .poll(async () => ((await shown.boundingBox())?.y ?? -1) - (header.y + header.height))
        .toBeGreaterThanOrEqual(0);
      expect((await shown.boundingBox())!.y).toBeLessThan(header.y + header.height + 16);
      await step(person, 'sign-where');
      // Before any code is sent, B's signature box shows the signature B picked, in place.
      const markInBox = () =>
        person.evaluate(() => {
          type Stage = { container(): HTMLElement; findOne(selector: string): unknown };
          const stages = (window as unknown as { Konva: { stages: Stage[] } }).Konva.stages;
          for (const stage of stages) {
            const mark = stage.findOne('.signature-mark') as
              { image(): HTMLImageElement } | undefined;
            if (mark) return mark.image().src;
          }
          return null;
        });
      const picked = await person.locator('.contract-sign-chosen img').getAttribute('src');
      expect(picked).toMatch(/^blob:/);
      await expect.poll(markInBox).toBe(picked);
      const sms = person.getByRole('form', { name: 'Confirm with an SMS code' });
      await sms.getByRole('button', { name: 'Send code' }).tap();
      await sms.getByRole('button', { name: /Again in \d+ s/ }).waitFor();
      const code = sms.getByRole('textbox', { name: 'Verification code' });
      expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
      await tapAndType(code, await platform().smsCode(DEMO.person, 'sign'));
      await step(person, 'sign-code');
      await sms.getByRole('button', { name: 'Sign', exact: true }).tap();
      // B was the only one to sign: the contract is completed.
      await person.getByRole('heading', { name: 'The contract is completed', level: 1 }).waitFor();
      await step(person, 'signed');

      // The PDF B downloads on the phone.
      const [download] = await Promise.all([
        person.waitForEvent('download'),
        person.getByRole('button', { name: 'Download', exact: true }).tap(),
      ]);
      const file = path.join(downloads, 'contract.pdf');
      await download.saveAs(file);
      await run('qpdf', ['--check', file]);
      const { stdout: signatures } = await run('pdfsig', [file]).catch(
        (error: { stdout: string }) => error,
      );
      expect(signatures).toContain('Signature Validation: Signature is Valid.');

      // The signatures page says what holds, and offers the authority's certificate that makes
      // pdfsig, outside the platform, trust the signature too.
      await person.getByRole('button', { name: 'View signatures' }).tap();
      await person.getByText('The signature is intact', { exact: true }).waitFor();
      await person.getByText(/^The signature is intact: the document is unchanged/).waitFor();
      expect(await person.getByText(/Certificate is Trusted/).count()).toBe(0);
      const trust = person.getByRole('region', { name: 'Check the signatures in your own reader' });
      const [certificate] = await Promise.all([
        person.waitForEvent('download'),
        trust.getByRole('link', { name: 'Authority certificate (.pem)' }).tap(),
      ]);
      const pem = path.join(downloads, 'authority.pem');
      await certificate.saveAs(pem);
      expect(signatures).not.toContain('Certificate is Trusted.');
      const nss = path.join(downloads, 'nss');
      await mkdir(nss);
      await run('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
      await run('certutil', ['-A', '-d', `sql:${nss}`, '-n', 'esign', '-t', 'CT,C,C', '-i', pem]);
      const { stdout: trusted } = await run('pdfsig', ['-nssdir', `sql:${nss}`, file]);
      expect(trusted).toContain('Certificate Validation: Certificate is Trusted.');
      await step(person, 'signatures');

      // The audit trail as cards, saying B confirmed with an SMS code.
      await person.goto(`/agency-contract/online-attestation?id=${contract.id}`);
      const trail = person.getByRole('list', { name: 'Online attestation' });
      await trail.getByText('Confirmed with an SMS code').waitFor();
      await step(person, 'audit-trail');

      // What the server stored is what the screen showed…
      const stored = await api<ContractDetail<TemplateProject>>(
        person,
        `${apiPath('contractDetail')}?id=${contract.id}`,
      );
      const valueOf = (title: string) =>
        stored.project.pages[0]!.elements.find((element) => element.title === title)?.value;
      expect(valueOf(FIELDS.name.title)).toBe('Demo Person');
      expect(valueOf(FIELDS.mobile.title)).toBe('13800000001');
      expect(valueOf(FIELDS.moveIn.title)).toBe('2026年12月01日');
      expect(valueOf(FIELDS.idCard.title)).toMatch(/^(data:image\/jpeg|\/api\/)/);

      // …and the PDF prints each value inside its field's box.
      const words = await wordsOf(file);
      const inside = (field: Field, text: string) => {
        const found = words.filter((word) => text.includes(word.text) && word.text.length > 0);
        expect(found.length, `“${text}” is printed`).toBeGreaterThan(0);
        for (const word of found.filter((one) => text.split(/\s+/).includes(one.text))) {
          expect(word.x, `${word.text} across ${field.title}`).toBeGreaterThanOrEqual(field.left);
          expect(word.x).toBeLessThanOrEqual(field.left + field.width);
          expect(word.y, `${word.text} down ${field.title}`).toBeGreaterThanOrEqual(field.top);
          expect(word.y).toBeLessThanOrEqual(field.top + field.height);
        }
      };
      inside(FIELDS.name, 'Demo Person');
      inside(FIELDS.mobile, '13800000001');
      inside(FIELDS.address, 'Room 1203, 18 Century Avenue, Shanghai');
      inside(FIELDS.moveIn, '2026年12月01日');

      // The photo fills the ID card's box (its blue at the box's middle and near its corners).
      const pixels = await pagePixels(file, downloads);
      const box = FIELDS.idCard;
      for (const [x, y] of [
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + 6, box.top + 6],
        [box.left + box.width - 6, box.top + box.height - 6],
      ] as const) {
        const [r, g, b] = pixels.at(x, y);
        expect(Math.abs(r - PHOTO_RGB[0]), `red at ${x},${y}`).toBeLessThan(24);
        expect(Math.abs(g - PHOTO_RGB[1]), `green at ${x},${y}`).toBeLessThan(24);
        expect(Math.abs(b - PHOTO_RGB[2]), `blue at ${x},${y}`).toBeLessThan(24);
      }
      // Outside the box, no photo.
      const [r, g, b] = pixels.at(box.left + box.width + 12, box.top + box.height / 2);
      expect(r + g + b).toBeGreaterThan(600);
    } finally {
      await context.close();
      await rm(downloads, { recursive: true, force: true });
    }
  });
});
