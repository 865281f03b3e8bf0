/**
 * A signer on a phone (390 × 844, touch) starts from the contract list: the contract is a card
 * whose move is one tap away (Fill in), the fill page shows Start in the first screen without
 * scrolling, and after Finish the signing takes one tap per step (Send code, Sign). Each step
 * leaves a screenshot (test-results/screenshots/phone-list-*.png).
 */
import type { EditorStore } from '@esign/template-editor/core';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { administrator, screenshot, signIn } from './browser';
import { enabledTemplate, initiateFromTemplate } from './contractSetup';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage, platform } = endToEnd();

const PHONE = { width: 390, height: 844 };
const PHONE_DEVICE = {
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/131.0.0.0 Mobile Safari/537.36',
};

const TEMPLATE = 'Parking space rental';
const ROLES = [
  { party: 'A', name: 'Owner', sign: false, fill: true },
  { party: 'B', name: 'Renter', sign: true, fill: true },
] as const;

function placeFields(store: EditorStore, pageId: string): void {
  const { addElement } = store.getState();
  addElement(pageId, 'text', {
    title: 'Space number',
    config: { party: 'A', required: true },
    commonStyle: { left: 60, top: 110, width: 200, height: 28 },
  });
  addElement(pageId, 'text', {
    title: 'Licence plate',
    config: { party: 'B', required: true },
    commonStyle: { left: 60, top: 180, width: 200, height: 28 },
  });
  addElement(pageId, 'signature', { config: { party: 'B' }, commonStyle: { left: 360, top: 640 } });
}

/** Whether an element lies wholly within the first screen, the page not scrolled. */
async function inFirstScreen(page: Page, box: { y: number; height: number } | null) {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
}

describe('the contract list on a phone', () => {
  it('B finds the contract as a card, fills it in from Start in the first screen and signs, one tap a step', async () => {
    const person = await newPage(PHONE, PHONE_DEVICE);
    const { admin, context } = await administrator(person, platform().base);
    try {
      await enabledTemplate(admin, TEMPLATE, ROLES, placeFields);
      const contract = await initiateFromTemplate(admin, TEMPLATE, { 'Space number': 'P-17' });

      await signIn(person, DEMO.person, DEMO.password);
      await person.goto('/agency-contract/index');
      const card = person.getByRole('listitem', { name: TEMPLATE }).filter({
        hasText: contract.number,
      });
      await card.waitFor();
      // No table scrolling sideways: the card's move is on the screen.
      expect(await person.locator('table').count()).toBe(0);
      const fill = card.getByRole('button', { name: 'Fill in' });
      const fillBox = (await fill.boundingBox())!;
      expect(fillBox.x + fillBox.width).toBeLessThanOrEqual(PHONE.width);
      await screenshot(person, 'phone-list-cards');
      await fill.tap();

      await person.waitForURL(`**/agency-contract/contractDetails?id=${contract.id}&action=fill`);
      const sheet = person.getByRole('region', { name: 'Fill in' });
      const start = sheet.getByRole('button', { name: 'Start' });
      await start.waitFor();
      await inFirstScreen(person, await start.boundingBox());
      await screenshot(person, 'phone-list-fill-start');
      await start.tap();
      const plate = sheet.getByRole('textbox', { name: 'Licence plate' });
      await plate.tap();
      await plate.pressSequentially('沪A12345');
      await sheet.getByRole('button', { name: 'Finish' }).tap();

      await person.waitForURL(`**/agency-contract/contractedit?id=${contract.id}`);
      const seals = person.getByRole('radiogroup', { name: 'Seal to sign with' });
      await seals.getByRole('radio').first().waitFor();
      if (!(await seals.getByRole('radio', { checked: true }).count())) {
        await seals.getByRole('radio').first().check();
      }
      const sms = person.getByRole('form', { name: 'Confirm with an SMS code' });
      await sms.getByRole('button', { name: 'Send code' }).tap();
      await sms.getByRole('button', { name: /Again in \d+ s/ }).waitFor();
      const code = sms.getByRole('textbox', { name: 'Verification code' });
      await code.tap();
      await code.pressSequentially(await platform().smsCode(DEMO.person, 'sign'));
      await sms.getByRole('button', { name: 'Sign', exact: true }).tap();
      await person.getByRole('heading', { name: 'The contract is completed', level: 1 }).waitFor();
      await screenshot(person, 'phone-list-signed');
    } finally {
      await context.close();
    }
  });
});
