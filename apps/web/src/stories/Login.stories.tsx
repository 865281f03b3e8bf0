import type { Meta, StoryObj } from '@storybook/react-vite';
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

/** After a wrong password the next attempt needs the graphic captcha, which appears with a picture. */
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
  },
};

export const CaptchaAfterFailureZh: Story = inChinese(
  CaptchaAfterFailure,
  'Captcha after a wrong password',
);
