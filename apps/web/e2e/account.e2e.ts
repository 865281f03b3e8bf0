/**
 * Signing up and in, end to end: the built web app in Chromium against the built server with a
 * fresh embedded database. Wrong passwords are typed last, for unregistered phones, and twice in
 * all: a third failure from one address makes the server ask every later login for a captcha.
 */
import type { OutboxMessage } from '@esign/platform';
import type { BrowserContextOptions, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { logInByPassword, pathOf, screenshot, stored, typeInto } from './browser';
import { endToEnd } from './harness';
import { DEMO } from './server';

const NEW_PHONE = '13700000001';
const NEW_PASSWORD = 'Welcome123';

const { platform, newPage } = endToEnd();

const PHONE = { width: 390, height: 844 };
const PHONE_DEVICE: BrowserContextOptions = {
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};
const DESKTOP = { width: 1366, height: 900 };
/** How long an error must stay: well past any passing notice's time. */
const STILL_THERE_MS = 5_000;

/** Asks for a code with the form's "Send code" button and types the one the server sent. */
async function enterSmsCode(
  page: Page,
  phone: string,
  purpose: OutboxMessage['purpose'],
): Promise<void> {
  await page.getByRole('button', { name: 'Send code' }).click();
  // The button counts down once the server has sent the code.
  await page.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
  const code = await platform().smsCode(phone, purpose);
  await typeInto(page.getByRole('textbox', { name: 'Verification code' }), code);
}

/** Waits for the dashboard of `phone`'s session. */
async function onDashboard(page: Page, phone: string): Promise<void> {
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
  await page.getByRole('button', { name: `Account menu: ${phone}` }).waitFor();
  expect(await stored(page, 'token')).toBeTruthy();
}

/** Logs out with the top bar's button and waits for the login page. */
async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/\/login\?time=\d+$/);
  await page.getByRole('heading', { name: 'Log in to eSign' }).waitFor();
  expect(await stored(page, 'token')).toBeNull();
}

describe('an account, end to end', () => {
  it('registers with the SMS code, then logs out and in by password and by SMS code', async () => {
    const page = await newPage();
    await page.goto('/register');
    await typeInto(page.getByRole('textbox', { name: 'Phone number' }), NEW_PHONE);
    await enterSmsCode(page, NEW_PHONE, 'register');
    await typeInto(page.getByRole('textbox', { name: 'Password', exact: true }), NEW_PASSWORD);
    await typeInto(page.getByRole('textbox', { name: 'Confirm the password' }), NEW_PASSWORD);
    await page.getByRole('checkbox', { name: /I have read and accept/ }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await onDashboard(page, NEW_PHONE);
    // A new account has not verified its real name yet: the home screen says so.
    await page.getByText('Your real name is not verified yet').waitFor();
    // The counts come from the server: a new account has no contracts.
    for (const status of ['Filling in', 'Signing', 'Completed']) {
      await page.getByRole('button', { name: new RegExp(`^0\\s*${status}$`) }).waitFor();
    }
    // Initiating needs a verified real name: the app asks first, then opens the authentication.
    await page.getByRole('button', { name: /Initiate a contract/ }).click();
    const ask = page.getByRole('dialog', { name: 'Please authenticate your name first' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Authenticate' }).click();
    await page.waitForURL('**/real-name/index?isPerson=true');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();

    await logOut(page);
    // The login page opens on the password tab.
    const passwordTab = page.getByRole('tab', { name: 'Password' });
    expect(await passwordTab.getAttribute('aria-selected')).toBe('true');
    await logInByPassword(page, NEW_PHONE, NEW_PASSWORD);
    await onDashboard(page, NEW_PHONE);

    await logOut(page);
    await page.getByRole('tab', { name: 'SMS code' }).click();
    await typeInto(page.getByRole('textbox', { name: 'Phone number' }), NEW_PHONE);
    await enterSmsCode(page, NEW_PHONE, 'login');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await onDashboard(page, NEW_PHONE);
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await newPage();
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('button', { name: 'Back to home' }).waitFor();
  });

  it('sends a visitor without a session from a guarded URL to /login and back after login', async () => {
    const page = await newPage();
    const guarded = '/agency-contract/index?status=signing';
    await page.goto(guarded);
    await page.waitForURL('**/login?**');
    const login = new URL(page.url());
    expect(Number(login.searchParams.get('time'))).toBeGreaterThan(Date.now() - 60_000);
    expect(login.searchParams.get('redirect')).toBe(guarded);
    await page.getByRole('heading', { name: 'Log in to eSign' }).waitFor();
    await screenshot(page, 'login');

    await logInByPassword(page, DEMO.person, DEMO.password);
    await page.waitForURL((url) => url.pathname === '/agency-contract/index');
    expect(pathOf(page)).toBe(guarded);
    await page.getByRole('heading', { name: 'Contract list' }).waitFor();

    // Signed in, the login page leads home.
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
  });

  /**
   * On a phone: a refused login keeps its reason beside the form, and the SMS code's countdown
   * survives a reload — from this tab's memory, and from the server's refusal once that is lost.
   */
  async function refusedThenCounting(
    page: Page,
    words: { refused: string; smsTab: string; send: string; countdown: RegExp; name: string },
    phones: { unregistered: string; registered: string },
  ): Promise<void> {
    await page.goto('/login');
    await typeInto(page.locator('#password-login_phone'), phones.unregistered);
    await typeInto(page.locator('#password-login_password'), 'Wrong1234');
    await page.locator('#password-login button[type="submit"]').tap();
    const refusal = page
      .locator('#password-login')
      .getByRole('alert')
      .filter({ hasText: words.refused });
    await refusal.waitFor();
    // The server asks for the picture code after a failure: it comes, and the reason stays.
    await page.locator('#password-login_captcha').waitFor();
    await page.waitForTimeout(STILL_THERE_MS);
    expect(await refusal.isVisible()).toBe(true);
    await screenshot(page, `login-refused-390-${words.name}`);
    await page.setViewportSize(DESKTOP);
    expect(await refusal.isVisible()).toBe(true);
    await screenshot(page, `login-refused-1366-${words.name}`);
    await page.setViewportSize(PHONE);

    await page.getByRole('tab', { name: words.smsTab }).tap();
    const phoneField = page.locator('#sms-login_phone');
    await typeInto(phoneField, phones.registered);
    await page.getByRole('button', { name: words.send }).tap();
    const counting = page.getByRole('button', { name: words.countdown });
    await counting.waitFor();
    expect(await counting.isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('tab', { name: words.smsTab }).tap();
    await counting.waitFor();
    expect(await counting.isDisabled()).toBe(true);
    await screenshot(page, `login-countdown-390-${words.name}`);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, `login-countdown-1366-${words.name}`);
    await page.setViewportSize(PHONE);

    // The tab's memory lost (another tab, cleared storage): the server's refusal restarts it.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await page.getByRole('tab', { name: words.smsTab }).tap();
    await typeInto(phoneField, phones.registered);
    await page.getByRole('button', { name: words.send }).tap();
    await counting.waitFor();
    const seconds = Number(/\d+/.exec((await counting.textContent()) ?? '')?.[0]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
  }

  it('keeps a wrong password’s reason and the code countdown on a phone, in English', async () => {
    const page = await newPage(PHONE, PHONE_DEVICE);
    await refusedThenCounting(
      page,
      {
        refused: 'Incorrect phone number or password',
        smsTab: 'SMS code',
        send: 'Send code',
        countdown: /^Resend in \d+ s$/,
        name: 'en',
      },
      { unregistered: '13700000091', registered: DEMO.person },
    );
  });

  it('keeps a wrong password’s reason and the code countdown on a phone, in Chinese', async () => {
    const page = await newPage(PHONE, PHONE_DEVICE);
    await page.addInitScript(() => {
      if (!localStorage.getItem('locale')) localStorage.setItem('locale', 'zh');
    });
    await refusedThenCounting(
      page,
      {
        refused: '手机号或密码错误',
        smsTab: '验证码登录',
        send: '获取验证码',
        countdown: /^\d+ 秒后重新获取$/,
        name: 'zh',
      },
      { unregistered: '13700000092', registered: DEMO.admin },
    );
  });
});
