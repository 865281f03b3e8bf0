import type { Meta, StoryObj } from '@storybook/react-vite';
import { TOAST_MS, message } from '@esign/platform';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import LoginPage from '../pages/account/LoginPage';
import { DEMO_PHONE } from './demoData';
import { buttonName, inChinese, textsOf, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Account/Login',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'signedOut' },
  parameters: { layout: 'fullscreen', web: { path: '/login' } },
  render: () => <LoginPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Phone and password, the first of the ways to log in. */
export const Password: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByRole('heading', { name: t('login.heading') })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: t('login.byPassword') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByLabelText(t('account.password'), { selector: 'input' })).toBeVisible();
  },
};

export const PasswordZh: Story = inChinese(Password, 'Password');

/** Phone and a login code sent by SMS, with its send button. */
export const SmsCode: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: t('login.bySms') }));
    await expect(await canvas.findByLabelText(t('account.code'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('account.sendCode')) }),
    ).toBeEnabled();
  },
};

export const SmsCodeZh: Story = inChinese(SmsCode, 'SMS code');

/** Where this tab keeps the SMS login form's countdown (forms/useCountdown.ts). */
const SMS_LOGIN_COUNTDOWN = 'esign.codeCountdown.sms-login';

/**
 * The page reloaded 18 s after a code was sent: the send button goes on counting down from what
 * is left of the minute, instead of offering a send the server would refuse.
 */
export const SmsCodeAfterReload: Story = {
  name: 'SMS code countdown after a reload',
  beforeEach: () => {
    sessionStorage.setItem(SMS_LOGIN_COUNTDOWN, String(Date.now() + 42_000));
    return () => sessionStorage.removeItem(SMS_LOGIN_COUNTDOWN);
  },
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: t('login.bySms') }));
    const counting = t('account.resendIn', { seconds: '#' });
    const send = await canvas.findByRole('button', {
      name: (name) => name.replace(/\d+/, '#') === counting,
    });
    await expect(send).toBeDisabled();
    // What is left of the minute, less the moments the story took to render.
    const seconds = Number(/\d+/.exec(send.textContent ?? '')![0]);
    await expect(seconds).toBeGreaterThan(30);
    await expect(seconds).toBeLessThanOrEqual(42);
  },
};

export const SmsCodeAfterReloadZh: Story = inChinese(
  SmsCodeAfterReload,
  'SMS code countdown after a reload',
);

/**
 * After a wrong password the next attempt needs the graphic captcha, which appears with a picture;
 * the reason stays beside the form, past a passing notice's time and a new picture, until the
 * person closes it or tries again.
 */
export const CaptchaAfterFailure: Story = {
  name: 'Captcha after a wrong password',
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await userEvent.type(await canvas.findByLabelText(t('account.phone')), DEMO_PHONE);
    await userEvent.type(
      canvas.getByLabelText(t('account.password'), { selector: 'input' }),
      'Wrong1234',
    );
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('login.submit')) }));
    await expect(await canvas.findByLabelText(t('account.captcha'))).toBeVisible();
    const newCaptcha = canvas.getByRole('button', { name: t('account.newCaptcha') });
    await waitFor(() => expect(newCaptcha.querySelector('img')).toBeVisible());

    const refused = message('badCredentials', context.args.locale);
    const reason = canvas.getByRole('alert');
    await expect(reason).toHaveTextContent(refused);
    // Shown once, beside the form: not also as a toast that passes.
    await expect(within(document.body).getAllByText(refused)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, TOAST_MS * 2));
    await userEvent.click(newCaptcha);
    await expect(reason).toBeVisible();
    await userEvent.click(within(reason).getByRole('button', { name: t('common.close') }));
    await waitFor(() => expect(canvas.queryByText(refused)).toBeNull());
  },
};

export const CaptchaAfterFailureZh: Story = inChinese(
  CaptchaAfterFailure,
  'Captcha after a wrong password',
);

/**
 * The ways to log in are tabs as WAI-ARIA has them: the arrow keys, Home and End move between them
 * and select them.
 */
export const KeyboardTabs: Story = {
  name: 'Tabs by keyboard',
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    const password = await canvas.findByRole('tab', { name: t('login.byPassword') });
    password.focus();
    await userEvent.keyboard('{ArrowRight}');
    const sms = canvas.getByRole('tab', { name: t('login.bySms') });
    await expect(sms).toHaveFocus();
    await expect(sms).toHaveAttribute('aria-selected', 'true');
    await expect(await canvas.findByLabelText(t('account.code'))).toBeVisible();
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { name: t('login.byKey') })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(password).toHaveFocus();
    await expect(password).toHaveAttribute('aria-selected', 'true');
  },
};

/**
 * Logging in with nothing typed: each field says what it needs, the first of them takes the focus,
 * and no request is sent.
 */
export const EmptySubmit: Story = {
  name: 'Log in with nothing typed',
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('login.submit')) }),
    );
    const phone = canvas.getByLabelText(t('account.phone'));
    await waitFor(() => expect(phone).toHaveFocus());
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    const alerts = await canvas.findAllByRole('alert');
    await expect(alerts).toHaveLength(2);
    await expect(phone).toHaveAccessibleDescription(alerts[0]!.textContent!);
  },
};

export const EmptySubmitZh: Story = inChinese(EmptySubmit, 'Log in with nothing typed');

/** The password can be shown while typed, and hidden again. */
export const ShowPassword: Story = {
  name: 'Show the password',
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    const input = await canvas.findByLabelText(t('account.password'), { selector: 'input' });
    await userEvent.type(input, 'Secret123');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: t('account.showPassword') }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('Secret123');
    await userEvent.click(canvas.getByRole('button', { name: t('account.hidePassword') }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

/** The language menu of the login page switches the page to Chinese at once. */
export const LanguageMenu: Story = {
  name: 'Switch the language',
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    const button = await canvas.findByRole('button', {
      name: `${t('language.label')}: ${t('language.en')}`,
    });
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // The menu opens on the language in use; the arrows move to the other.
    await expect(canvas.getByRole('menuitem', { name: 'English' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('menuitem', { name: '中文' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.click(canvas.getByRole('menuitem', { name: '中文' }));
    await expect(await canvas.findByRole('heading', { name: '登录电子签' })).toBeVisible();
  },
};
