/**
 * Personal real-name verification, end to end (issue 13): a new user registers, is stopped at
 * 'Initiate a contract' and sent to /real-name/index?isPerson=true, verifies by phone
 * three-element with the development identity provider and an SMS code, and then initiates; a
 * second new user asks for a manual review with photos of an ID card, the demo platform operator
 * rejects it with a reason, and the applicant reads that reason; a third new user, verified, creates
 * a company, fails the micro-payment backfill three times, starts again, passes, and switches into
 * the new company as its system administrator.
 */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { screenshot, signIn, typeInto } from './browser';
import { endToEnd } from './harness';
import { DEMO } from './server';

const { newPage, platform } = endToEnd();

const PASSWORD = 'Newuser2025';
/** The demo platform operator of the seed. */
const OPERATOR = '13800000003';

/** A 1 × 1 PNG: what a phone's photo of an ID card is, as far as the server's checks go. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Registers `phone` with the code from the development outbox; lands on the home page. */
async function register(page: Page, phone: string): Promise<void> {
  await page.goto('/register');
  await typeInto(page.getByRole('textbox', { name: 'Phone number' }), phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
  const code = await platform().smsCode(phone, 'register');
  await typeInto(page.getByRole('textbox', { name: 'Verification code' }), code);
  await typeInto(page.getByRole('textbox', { name: 'Password', exact: true }), PASSWORD);
  await typeInto(page.getByRole('textbox', { name: 'Confirm the password' }), PASSWORD);
  await page.getByRole('checkbox', { name: /I have read and accept/ }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/dashboard');
}

/** Verifies the signed-in `phone` by phone three-element, from /real-name/index. */
async function verifyByPhone(page: Page, phone: string, name: string, idNumber: string) {
  await chooseMethod(page, 'Phone three-element');
  await page.waitForURL('**/real-name/person?method=phone*');
  await typeInto(page.getByRole('textbox', { name: 'Name' }), name);
  await typeInto(page.getByRole('textbox', { name: 'ID number' }), idNumber);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
  const code = await platform().smsCode(phone, 'real-name');
  await typeInto(page.getByRole('textbox', { name: 'Verification code' }), code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText('Your real name is verified').waitFor();
}

/** Chooses a method on /real-name/index, accepts the agreement and goes on. */
async function chooseMethod(page: Page, method: string): Promise<void> {
  await page.getByRole('radio', { name: new RegExp(method) }).check();
  await page.getByRole('checkbox', { name: /Real-name Verification Agreement/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

describe('personal real-name verification', () => {
  it('stops a new user at initiating, verifies them by phone three-element, and lets them initiate', async () => {
    const phone = '13912340001';
    const page = await newPage();
    await register(page, phone);

    // Stopped at 'Initiate a contract' and sent to verify.
    await page.getByRole('button', { name: /Initiate a contract/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Authenticate' }).click();
    await page.waitForURL('**/real-name/index?isPerson=true');

    await verifyByPhone(page, phone, 'Chen Xiaoming', '110101199003070011');
    await screenshot(page, 'real-name-verified');

    // Verified everywhere at once, without logging out: initiating opens now.
    await page.getByRole('button', { name: 'Back to home' }).click();
    await page.waitForURL('**/dashboard');
    expect(
      await page.getByText('Your real name is not verified yet', { exact: false }).count(),
    ).toBe(0);
    await page.getByRole('button', { name: /Initiate a contract/ }).click();
    await page.waitForURL('**/agency-contract/directly-launch');
    await page.getByRole('textbox', { name: 'Task name' }).waitFor();
  });

  it('rejects a manual review with a reason that the applicant reads', async () => {
    const phone = '13912340002';
    const page = await newPage();
    await register(page, phone);
    await page.goto('/real-name/index?isPerson=true');
    await chooseMethod(page, 'Manual review');
    await page.waitForURL('**/real-name/person?method=manual*');
    await typeInto(page.getByRole('textbox', { name: 'Name' }), 'Lin Yue');
    await typeInto(page.getByRole('textbox', { name: 'ID number' }), '110101199203070022');
    const files = page.locator('input[type=file]');
    await files.nth(0).setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
    await files.nth(1).setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByText('Waiting for an operator').first().waitFor();

    // The demo platform operator rejects it with a reason.
    const operatorContext = await page.context().browser()!.newContext({
      baseURL: platform().base,
      locale: 'en-US',
    });
    operatorContext.setDefaultTimeout(20_000);
    const operator = await operatorContext.newPage();
    await signIn(operator, OPERATOR, DEMO.password);
    await operator.goto('/operator/reviews');
    const row = operator.getByRole('row', { name: /Lin Yue/ });
    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = operator.getByRole('dialog', { name: /Review of Lin Yue/ });
    await typeInto(
      dialog.getByRole('textbox', { name: /Reason for the rejection/ }),
      'The photo of the back is unreadable',
    );
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await operator.getByText('Rejected: Lin Yue is told why').waitFor();
    await operatorContext.close();

    // The applicant sees the rejection and its reason.
    await page.goto('/real-name/person?method=manual');
    await page.getByText('Rejected: The photo of the back is unreadable').waitFor();
    await screenshot(page, 'real-name-review-rejected');
    // Still unverified: initiating is refused.
    await page.goto('/agency-contract/directly-launch');
    await page.getByRole('heading', { name: 'Please authenticate your name first' }).waitFor();
  });

  it('creates a company: three wrong backfilled amounts end it, a new start passes, and the company is the user’s', async () => {
    const phone = '13912340003';
    const company = 'Hangzhou Lanting Trading Co., Ltd.';
    const page = await newPage({ width: 1366, height: 900 });
    await register(page, phone);
    await page.goto('/real-name/index?isPerson=true');
    await verifyByPhone(page, phone, 'Zhao Min', '110101198805050033');

    /** The company's details, then the bank transfer: the amount the development provider paid. */
    const startTransfer = async (): Promise<string> => {
      await page.goto('/real-name/company');
      await typeInto(page.getByRole('textbox', { name: 'Company name' }), company);
      await typeInto(
        page.getByRole('textbox', { name: 'Unified social credit code' }),
        '91330106MA2H3K4L5P',
      );
      await typeInto(page.getByRole('textbox', { name: 'Legal representative' }), 'Zhao Min');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('tab', { name: 'Bank transfer' }).click();
      await page.getByRole('combobox', { name: 'Bank' }).click();
      await page.locator('.ant-select-item-option').first().click();
      await typeInto(
        page.getByRole('textbox', { name: 'Company bank account number' }),
        '6222020200112233',
      );
      await page.getByRole('button', { name: 'Send the transfer' }).click();
      const notice = page.getByText(/The amount it “paid” is \d\.\d\d/);
      await notice.waitFor();
      return /(\d\.\d\d)/.exec(await notice.innerText())![1]!;
    };
    const backfill = async (amount: string) => {
      const field = page.getByRole('textbox', { name: 'Amount received (yuan)' });
      await field.fill('');
      await typeInto(field, amount);
      // Enter sends the amount, as a person at the keyboard does.
      await field.press('Enter');
    };
    /** The amount form says how many attempts remain (not only the toast). */
    const attemptsLeft = (text: string) =>
      page.locator('.ant-form-item-extra', { hasText: text }).waitFor();

    const paid = await startTransfer();
    const wrong = paid === '0.01' ? '0.02' : '0.01';
    await backfill(wrong);
    await attemptsLeft('2 attempts left');
    await backfill(wrong);
    await attemptsLeft('1 attempt left');
    await backfill(wrong);
    await page
      .getByText('Payment attempts exceeded three times, return home and re-authenticate')
      .first()
      .waitFor();
    await screenshot(page, 'company-auth-attempts-exceeded');
    // Not a company yet: nothing to switch to.
    await page.getByRole('button', { name: 'Switch console: Personal Console' }).click();
    await page.getByRole('menuitem', { name: 'Personal Console' }).waitFor();
    expect(await page.getByRole('menuitem', { name: company }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Start again' }).click();
    await backfill(await startTransfer());
    await page.getByText(`${company} is verified`).waitFor();
    await screenshot(page, 'company-auth-verified');

    // The user is the new company's system administrator.
    await page.getByRole('button', { name: 'Switch console: Personal Console' }).click();
    await page.getByRole('menuitem', { name: company }).click();
    await page.getByRole('button', { name: `Switch console: ${company}` }).waitFor();
    await page.getByRole('button', { name: 'Operating Console' }).click();
    await page.getByRole('heading', { name: 'Company information', level: 1 }).waitFor();
    await page.getByText('Zhao Min', { exact: false }).first().waitFor();
    const navigation = page.getByRole('navigation', { name: 'Navigation' });
    await navigation.getByRole('menuitem', { name: 'Staff' }).waitFor();
    await navigation.getByRole('menuitem', { name: 'Roles and permissions' }).waitFor();
  });
});
