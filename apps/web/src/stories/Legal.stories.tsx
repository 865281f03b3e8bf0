import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import PrivacyPage from '../pages/legal/PrivacyPage';
import PublicAgreementPage from '../pages/legal/PublicAgreementPage';
import { inChinese, textsOf, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Legal pages',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'signedOut' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The privacy policy, read by someone not signed in (the register page links here): its sections
 * and their table of contents, and the way back to registering.
 */
export const PrivacyPolicy: Story = {
  parameters: { web: { path: '/privacy' } },
  render: () => <PrivacyPage />,
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: t('routes.privacyPolicy'), level: 1 }),
    ).toBeVisible();
    const contents = within(canvas.getByRole('navigation', { name: t('legal.contents') }));
    await expect(contents.getAllByRole('link')).toHaveLength(6);
    await expect(
      canvas.getByRole('heading', { name: t('legal.privacy.s5Title'), level: 2 }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: t('legal.backToRegister') })).toHaveAttribute(
      'href',
      '/register',
    );
  },
};

export const PrivacyPolicyZh: Story = inChinese(PrivacyPolicy, 'Privacy policy');

/** On a phone: nothing wider than the screen. */
export const PrivacyPolicyOnPhone: Story = {
  ...PrivacyPolicy,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async (context) => {
    await PrivacyPolicy.play!(context);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** The user agreement, readable before signing in. */
export const UserAgreement: Story = {
  parameters: { web: { path: '/agreement' } },
  render: () => <PublicAgreementPage />,
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: t('routes.userAgreement'), level: 1 }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('heading', { name: t('userCenterPage.agreement.s8Title'), level: 2 }),
    ).toBeVisible();
  },
};

export const UserAgreementZh: Story = inChinese(UserAgreement, 'User agreement');
