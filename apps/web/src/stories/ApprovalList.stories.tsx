import { SIGNING_APPROVAL_EXAMPLES } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import type { createMemoryRouter } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ApprovalListPage from '../pages/approval/ApprovalListPage';
import { DEMO_COMPANY } from './demoData';
import { demoApprovalsFrom, exampleApprovals } from './demoSigningApproval';
import {
  ON_A_PHONE,
  appeared,
  buttonName,
  cardOf,
  dialogSaying,
  inChinese,
  rowOf,
  scene,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

const meta = {
  title: 'Web/Approvals/Approval list',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: { web: { path: '/approval/index', routeTitle: 'approval' } },
  render: () => <ApprovalListPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const [WAITING, NOT_PASSED] = SIGNING_APPROVAL_EXAMPLES.page.records;

/** Where the story's router is now. */
function whereNow(context: StoryContext<WebStoryArgs>) {
  const { router } = context.loaded as { router: ReturnType<typeof createMemoryRouter> };
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

/**
 * The four tabs: My initiations opens empty and says where its approvals come from; Received by
 * me lists the example page (contract, applicant, flow, type and state, time), Pending my
 * approval counts and lists the one waiting for the viewer, with Decide first.
 */
export const Tabs: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.approval') }),
    ).toBeVisible();
    await expect(await canvas.findByText(t('approvalInbox.empty.initiated.title'))).toBeVisible();
    await expect(canvas.getByText(t('approvalInbox.empty.initiated.hint'))).toBeVisible();
    // The count of what waits for the viewer stands on its tab.
    await expect(
      await canvas.findByLabelText(t('approvalInbox.waitingCount', { count: 1 })),
    ).toBeVisible();

    await userEvent.click(canvas.getByRole('tab', { name: t('approvalInbox.tabs.received') }));
    const waiting = await rowOf(context, WAITING!.contractName);
    await expect(waiting.getByText(WAITING!.contractNumber)).toBeVisible();
    await expect(waiting.getByText(WAITING!.applicantName)).toBeVisible();
    await expect(waiting.getByText(WAITING!.workflowName)).toBeVisible();
    await expect(waiting.getByText(t('approvalPage.type.beforeSign'))).toBeVisible();
    await expect(waiting.getByText(t('approvalInbox.state.pending'))).toBeVisible();
    await expect(waiting.getByText(WAITING!.createdAt)).toBeVisible();
    const rejected = await rowOf(context, NOT_PASSED!.contractName);
    await expect(rejected.getByText(t('approvalInbox.state.notPassed'))).toBeVisible();
    await expect(rejected.getByText(t('approvalPage.type.beforeInitiate'))).toBeVisible();
    await expect(whereNow(context)).toBe('/approval/index?tab=received');

    await userEvent.click(
      canvas.getByRole('tab', { name: new RegExp(t('approvalInbox.tabs.pending')) }),
    );
    await waitFor(() => expect(canvas.queryByText(NOT_PASSED!.contractName)).toBeNull());
    const row = await rowOf(context, WAITING!.contractName);
    await userEvent.click(
      row.getByRole('button', {
        name: t('approvalInbox.decideLabel', { name: WAITING!.contractName }),
      }),
    );
    await waitFor(() => expect(whereNow(context)).toBe('/approval/view?active=1&id=31'));
  },
};

export const TabsZh: Story = inChinese(Tabs, 'Tabs');

/** A search by contract name keeps the tab, and one that finds nothing says so and clears. */
export const Search: Story = {
  parameters: { web: { path: '/approval/index?tab=received', routeTitle: 'approval' } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await rowOf(context, WAITING!.contractName);
    const search = canvas.getByRole('searchbox', { name: t('approvalInbox.search') });
    await userEvent.type(search, 'lease{Enter}');
    await waitFor(() => expect(canvas.queryByText(WAITING!.contractName)).toBeNull());
    await expect(await canvas.findByText(NOT_PASSED!.contractName)).toBeVisible();
    await expect(whereNow(context)).toBe('/approval/index?tab=received&name=lease');
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like it{Enter}');
    await expect(
      await canvas.findByText(t('approvalInbox.noMatch', { keyword: 'nothing like it' })),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('approvalInbox.clearSearch')) }),
    );
    await expect(await canvas.findByText(WAITING!.contractName)).toBeVisible();
  },
};

/** Every tab empty: each says what it would hold. */
export const NothingYet: Story = {
  beforeEach: () => demoApprovalsFrom({ ...exampleApprovals(), tabs: {} }),
  parameters: { web: { path: '/approval/index?tab=pending', routeTitle: 'approval' } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('approvalInbox.empty.pending.title'))).toBeVisible();
    await expect(canvas.getByText(t('approvalInbox.empty.pending.hint'))).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: t('approvalInbox.tabs.copied') }));
    await expect(await canvas.findByText(t('approvalInbox.empty.copied.title'))).toBeVisible();
  },
};

export const NothingYetZh: Story = inChinese(NothingYet, 'Nothing yet');

/** On a phone each approval is a card: its state beside the name, Decide one tap away. */
export const OnAPhone: Story = {
  globals: ON_A_PHONE,
  parameters: { web: { path: '/approval/index?tab=received', routeTitle: 'approval' } },
  play: async (context) => {
    const { t } = scene(context);
    const card = await cardOf(context, WAITING!.contractName);
    // All four tabs on the screen by their short names, none behind a "more" menu.
    for (const tab of ['initiated', 'received', 'pending', 'copied'] as const) {
      const label = within(context.canvasElement).getByRole('tab', {
        name: new RegExp(`^${t(`approvalInbox.tabsShort.${tab}`)}`),
      });
      await expect(label).toBeVisible();
      expect(label.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
    await expect(card.getByText(t('approvalInbox.state.pending'))).toBeVisible();
    await expect(card.getByText(WAITING!.applicantName)).toBeVisible();
    await expect(
      card.getByRole('button', {
        name: t('approvalInbox.decideLabel', { name: WAITING!.contractName }),
      }),
    ).toBeVisible();
  },
};

export const OnAPhoneZh: Story = inChinese(OnAPhone, 'On a phone');

/**
 * Opened in the personal console: approvals belong to a company, so the first the user may work
 * in is entered by itself, and its approvals show.
 */
export const FromThePersonalConsole: Story = {
  args: { session: 'personal' },
  parameters: { web: { path: '/approval/index?tab=received', routeTitle: 'approval' } },
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await appeared(page.findByText(t('layout.switched', { name: DEMO_COMPANY.companyName })));
    await expect(await canvas.findByText(WAITING!.contractName)).toBeVisible();
  },
};

/** A user of no company: a warning says why there is nothing, and its button goes home. */
export const NoCompany: Story = {
  args: { session: 'personal' },
  parameters: {
    web: { path: '/approval/index', routeTitle: 'approval', demo: { companies: [] } },
  },
  play: async (context) => {
    const { t } = scene(context);
    const dialog = await dialogSaying(context, t('approvalInbox.noCompany'));
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('approvalInbox.backHome')) }),
    );
    await waitFor(() => expect(whereNow(context)).toBe('/dashboard'));
  },
};

export const NoCompanyZh: Story = inChinese(NoCompany, 'No company');
