import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import DashboardPage from '../pages/dashboard/DashboardPage';
import { buttonName, inChinese, textsOf, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Dashboard',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: { web: { path: '/dashboard' } },
  render: () => <DashboardPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The greeting, the quick actions and the company's contracts counted by status. */
export const WithCounts: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByRole('heading', { name: t('routes.dashboard') })).toBeVisible();
    await expect(canvas.getByText(t('dashboard.welcome', { name: 'Li Wei' }))).toBeVisible();
    const completed = canvas.getByText(t('dashboard.status.completed')).closest('button')!;
    await expect(within(completed).getByText('57')).toBeVisible();
  },
};

export const WithCountsZh: Story = inChinese(WithCounts, 'With counts');

/** The server cannot report the counts yet: the card says so and offers to try again. */
export const CountsUnavailable: Story = {
  parameters: { web: { demo: { statistics: null } } },
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByText(t('dashboard.countsUnavailable'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: buttonName(t('common.retry')) })).toBeVisible();
  },
};

export const CountsUnavailableZh: Story = inChinese(CountsUnavailable, 'Counts unavailable');

/**
 * In the personal console, a company's invitation to join waits: the home page says who invited
 * and leads to where it is accepted.
 */
export const InvitationWaiting: Story = {
  args: { session: 'personal' },
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(
      await canvas.findByText(t('dashboard.invitation', { company: 'Blue River Logistics Ltd.' })),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('dashboard.viewInvitations')) }),
    ).toBeVisible();
  },
};

export const InvitationWaitingZh: Story = inChinese(InvitationWaiting, 'Invitation waiting');
