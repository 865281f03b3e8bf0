import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ContractListPage from '../pages/contract/ContractListPage';
import { buttonName, inChinese, rowOf, scene, webStoryMeta, type WebStoryArgs } from './webStory';

const LIST_PATH = '/agency-contract/index';

const meta = {
  title: 'Web/Contracts/ContractList',
  ...webStoryMeta,
  parameters: { web: { path: LIST_PATH, routeTitle: 'contractList' } },
  render: () => <ContractListPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A toast once it has faded in. */
async function toastSaying(page: ReturnType<typeof within>, text: string) {
  const toast = await page.findByText(text);
  await waitFor(() => expect(toast).toBeVisible());
}

/**
 * Handled by me: a contract to sign (party A signed already) and one to fill in, each with its
 * move first and View beside it.
 */
export const HandledByMe: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.contractList') }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('tab', { name: t('contractList.tabs.todo'), selected: true }),
    ).toBeVisible();
    for (const tab of ['waiting', 'completed', 'all', 'initiated', 'received', 'copied'] as const) {
      await expect(canvas.getByRole('tab', { name: t(`contractList.tabs.${tab}`) })).toBeVisible();
    }
    const lease = await rowOf(context, 'Office lease 2025');
    await expect(lease.getByText('HT-20250314-0001')).toBeVisible();
    await expect(lease.getByText(t('dashboard.status.signing'))).toBeVisible();
    await expect(lease.getByText(t('contractList.partyState.signed'))).toBeVisible();
    await expect(lease.getByText('Qingshan Trading Co., Ltd.', { exact: true })).toBeVisible();
    await expect(lease.getByRole('link', { name: t('contractList.sign') })).toHaveAttribute(
      'href',
      '/agency-contract/contractedit?id=9001',
    );
    await expect(lease.getByRole('link', { name: t('contractList.view') })).toHaveAttribute(
      'href',
      '/agency-contract/contractDetails?id=9001',
    );
    const design = await rowOf(context, 'Freelance design agreement');
    await expect(design.getByText(t('dashboard.status.filling'))).toBeVisible();
    await expect(design.getByRole('link', { name: t('contractList.fill') })).toHaveAttribute(
      'href',
      '/agency-contract/contractDetails?id=9002&action=fill',
    );
    await expect(canvas.getByText(t('contractList.total', { count: 2 }))).toBeVisible();
  },
};

export const HandledByMeZh: Story = inChinese(HandledByMe, 'Handled by me');

/** Another tab: handled by others, reached from the tabs; no move of mine, View only. */
export const HandledByOthers: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await rowOf(context, 'Office lease 2025');
    await userEvent.click(canvas.getByRole('tab', { name: t('contractList.tabs.waiting') }));
    const purchase = await rowOf(context, 'Purchase contract PO-0311');
    await expect(purchase.getByText(t('dashboard.status.signing'))).toBeVisible();
    await expect(purchase.queryByRole('link', { name: t('contractList.sign') })).toBeNull();
    await expect(purchase.getAllByText(t('contractList.partyState.waiting'))).toHaveLength(2);
    const consulting = await rowOf(context, 'Consulting services');
    await expect(consulting.getByText(t('dashboard.status.approving'))).toBeVisible();
    await waitFor(() => expect(canvas.queryByText('Office lease 2025')).toBeNull());
  },
};

export const HandledByOthersZh: Story = inChinese(HandledByOthers, 'Handled by others');

/** Nothing to handle: what shows up here, and the way to initiate a contract. */
export const NothingToHandle: Story = {
  parameters: { web: { demo: { contracts: [] } } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('contractList.empty.todo.title'))).toBeVisible();
    await expect(canvas.getByText(t('contractList.empty.todo.hint'))).toBeVisible();
    await expect(
      canvas.getAllByRole('button', { name: buttonName(t('contractList.initiate')) }),
    ).toHaveLength(2);
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const NothingToHandleZh: Story = inChinese(NothingToHandle, 'Nothing to handle');

/** The server fails to list the contracts: the page says so and offers to try again. */
export const LoadFailed: Story = {
  parameters: { web: { demo: { contracts: null } } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('contractList.loadFailed'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: buttonName(t('common.retry')) })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const LoadFailedZh: Story = inChinese(LoadFailed, 'Load failed');

/** A search that finds nothing: the form shows it, and Clear filters brings the tab back. */
export const NoMatch: Story = {
  parameters: {
    web: {
      path: `${LIST_PATH}?tab=all&name=Franchise&signFrom=2025-03-01&signTo=2025-03-31&status=completed`,
    },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('contractList.noMatch'))).toBeVisible();
    await expect(
      canvas.getByRole('tab', { name: t('contractList.tabs.all'), selected: true }),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: t('contractList.name') })).toHaveValue(
      'Franchise',
    );
    const form = within(canvas.getByRole('form', { name: t('contractList.searchForm') }));
    await expect(form.getByText(t('dashboard.status.completed'))).toBeVisible();
    await expect(form.getByPlaceholderText(t('contractList.signFrom'))).toHaveValue('2025-03-01');
    await expect(form.getByPlaceholderText(t('contractList.signTo'))).toHaveValue('2025-03-31');
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('contractList.clearFilters')) }),
    );
    await rowOf(context, 'Warehouse rental');
    await expect(canvas.getByRole('textbox', { name: t('contractList.name') })).toHaveValue('');
    // The form was made again for the new address.
    await expect(canvas.getByPlaceholderText(t('contractList.signFrom'))).toHaveValue('');
    await expect(canvas.getByText(t('contractList.total', { count: 6 }))).toBeVisible();
  },
};

export const NoMatchZh: Story = inChinese(NoMatch, 'No match');

/** Download takes one contract at a time (spec 000 §8). */
export const DownloadSeveral: Story = {
  parameters: { web: { path: `${LIST_PATH}?tab=all` } },
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await rowOf(context, 'Warehouse rental');
    const select = (name: string) =>
      userEvent.click(canvas.getByRole('checkbox', { name: t('contractList.select', { name }) }));
    const toolbar = within(canvas.getByRole('toolbar', { name: t('contractList.bulkActions') }));
    const download = toolbar.getByRole('button', { name: buttonName(t('contractList.download')) });
    await select('Warehouse rental');
    await select('Office lease 2025');
    await expect(toolbar.getByText(t('contractList.selected', { count: 2 }))).toBeVisible();
    await userEvent.click(download);
    await toastSaying(page, t('contractList.downloadOneAtATime'));
    await select('Office lease 2025');
    await expect(toolbar.getByText(t('contractList.selected', { count: 1 }))).toBeVisible();
  },
};

export const DownloadSeveralZh: Story = inChinese(DownloadSeveral, 'Download several');

/**
 * A console with more contracts than the server counts (CONTRACT_LIST_COUNT_CAP; here the demo
 * stops at 2): the total says "more than", and the pages still go on.
 */
export const MoreThanCounted: Story = {
  parameters: { web: { path: `${LIST_PATH}?tab=all`, demo: { contractCountCap: 2 } } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await rowOf(context, 'Warehouse rental');
    await expect(canvas.getByText(t('contractList.totalMore', { count: 2 }))).toBeVisible();
    await expect(canvas.queryByText(t('contractList.total', { count: 2 }))).toBeNull();
  },
};

export const MoreThanCountedZh: Story = inChinese(MoreThanCounted, 'More than counted');
