import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import ForgetPage from '../pages/account/ForgetPage';
import { DEMO_PHONE } from './demoData';
import { buttonName, inChinese, textsOf, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Account/Forget password',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'signedOut' },
  parameters: { layout: 'fullscreen', web: { path: '/forget' } },
  render: () => <ForgetPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first step: the phone proves itself with a code. */
export const VerifyPhone: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByRole('heading', { name: t('forget.heading') })).toBeVisible();
    await expect(canvas.getByLabelText(t('account.code'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: buttonName(t('common.next')) })).toBeEnabled();
  },
};

export const VerifyPhoneZh: Story = inChinese(VerifyPhone, 'Verify phone');

/** The second step, once the code was accepted: the new password, twice. */
export const NewPassword: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await userEvent.type(await canvas.findByLabelText(t('account.phone')), DEMO_PHONE);
    await userEvent.type(canvas.getByLabelText(t('account.code')), '123456');
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('common.next')) }));
    await expect(await canvas.findByLabelText(t('forget.newPassword'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('forget.submit')) }),
    ).toBeEnabled();
  },
};
