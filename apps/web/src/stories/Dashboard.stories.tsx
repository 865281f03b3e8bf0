import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import DashboardPage from '../pages/dashboard/DashboardPage';
import { GREETED_KEY, rememberGreeted } from '../pages/dashboard/greeting';
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

/** Li Wei's id in the demo world (demoData.ts). */
const DEMO_USER_ID = '7';

/**
 * The greeting of someone this browser has greeted before ("Welcome back"), the quick actions and
 * the company's contracts counted by status.
 */
export const WithCounts: Story = {
  beforeEach: () => {
    rememberGreeted(DEMO_USER_ID, localStorage);
  },
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

/** A brand-new user's first visit: "Welcome", not "Welcome back". */
export const FirstVisit: Story = {
  beforeEach: () => {
    localStorage.removeItem(GREETED_KEY);
  },
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(
      await canvas.findByText(t('dashboard.welcomeFirst', { name: 'Li Wei' })),
    ).toBeVisible();
    await expect(canvas.queryByText(t('dashboard.welcome', { name: 'Li Wei' }))).toBeNull();
  },
};

export const FirstVisitZh: Story = inChinese(FirstVisit, 'First visit');

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
