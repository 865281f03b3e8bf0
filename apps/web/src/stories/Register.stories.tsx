import type { Meta, StoryObj } from '@storybook/react-vite';
import { message } from '@esign/platform';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import RegisterPage from '../pages/account/RegisterPage';
import { inChinese, textsOf, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Account/Register',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'signedOut' },
  parameters: { layout: 'fullscreen', web: { path: '/register' } },
  render: () => <RegisterPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Phone, SMS code, the password twice and the agreement, whose user agreement and privacy policy
 * are links to their public pages, opened beside the form so that nothing typed is lost.
 */
export const Register: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByRole('heading', { name: t('register.heading') })).toBeVisible();
    await expect(canvas.getByLabelText(t('account.confirmPassword'))).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: t('register.agreement') })).not.toBeChecked();
    const chinese = context.args.locale === 'zh';
    for (const [name, href] of [
      [chinese ? '《用户协议》' : 'User Agreement', '/agreement'],
      [chinese ? '《隐私政策》' : 'Privacy Policy', '/privacy'],
    ] as const) {
      const link = canvas.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
    }
  },
};

export const RegisterZh: Story = inChinese(Register, 'Register');

/** A confirmation that differs from the password says so once it loses the focus. */
export const Mismatch: Story = {
  name: 'Passwords that differ',
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await userEvent.type(await canvas.findByLabelText(t('account.password')), 'Abcdef123');
    const confirm = canvas.getByLabelText(t('account.confirmPassword'));
    await userEvent.type(confirm, 'Abcdef124');
    await userEvent.tab();
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(message('passwordMismatch', context.args.locale));
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    // Mended: the message goes as the confirmation is corrected.
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'Abcdef123');
    await userEvent.tab();
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};

export const MismatchZh: Story = inChinese(Mismatch, 'Passwords that differ');
