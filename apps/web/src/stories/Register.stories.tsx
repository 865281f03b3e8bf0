import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
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

/** Phone, SMS code, the password twice and the agreement. */
export const Register: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByRole('heading', { name: t('register.heading') })).toBeVisible();
    await expect(canvas.getByLabelText(t('account.confirmPassword'))).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: t('register.agreement') })).not.toBeChecked();
  },
};

export const RegisterZh: Story = inChinese(Register, 'Register');
