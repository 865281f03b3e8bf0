import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import type { createMemoryRouter } from 'react-router-dom';
import ContractListPage from '../pages/contract/ContractListPage';
import {
  ON_A_PHONE,
  buttonName,
  cardOf,
  inChinese,
  rowOf,
  scene,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

const LIST_PATH = '/agency-contract/index';

const meta = {
  title: 'Web/Contracts/ContractList',
  ...webStoryMeta,
  parameters: { web: { path: LIST_PATH, routeTitle: 'contractList' } },
  render: () => <ContractListPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

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

/**
 * Several selected contracts download as one ZIP (contract/getZipTicket; getDownloadTicket keeps
 * spec 000 §8's one at a time); one selected downloads as its PDF.
 */
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
    expect(await downloaded(() => userEvent.click(download))).toBe('contracts-20261124-083000.zip');
    await expect(page.queryByText(t('contractList.downloadOneAtATime'))).toBeNull();
    await select('Office lease 2025');
    await expect(toolbar.getByText(t('contractList.selected', { count: 1 }))).toBeVisible();
    expect(await downloaded(() => userEvent.click(download))).toMatch(/\.pdf$/);
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

/** Where the story's router is now (a move's tap changes it). */
function whereNow(context: { loaded: unknown }) {
  const { router } = context.loaded as { router: ReturnType<typeof createMemoryRouter> };
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

/**
 * Waits for what a tap downloads: the ticket's link followed under the file name the server
 * offers (the browser's own download is not started in a story).
 */
async function downloaded(tap: () => Promise<void>): Promise<string> {
  const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  try {
    await tap();
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    return (click.mock.contexts[0] as HTMLAnchorElement).download;
  } finally {
    click.mockRestore();
  }
}

/**
 * Handled by me on a phone: no table and no sideways scrolling; each contract a card with its
 * name (a link to the details), number, status, whose turn and deadline, and its move one tap away
 * (Sign, Fill in); the search is one box, the rest behind Filters; Download in the card's menu.
 */
export const OnPhone: Story = {
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const lease = await cardOf(context, 'Office lease 2025');
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(lease.getByRole('link', { name: 'Office lease 2025' })).toHaveAttribute(
      'href',
      '/agency-contract/contractDetails?id=9001',
    );
    await expect(lease.getByText('HT-20250314-0001')).toBeVisible();
    await expect(lease.getByText(t('dashboard.status.signing'))).toBeVisible();
    await expect(lease.getByText(t('contractList.whoseTurn'))).toBeVisible();
    await expect(lease.getByText(t('contractList.turnYou'))).toBeVisible();
    await expect(lease.getByText(t('contractList.columnDeadline'))).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: t('contractList.name') })).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('contractList.filters')) }),
    ).toBeVisible();
    await expect(canvas.queryByRole('form', { name: t('contractList.searchForm') })).toBeNull();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);

    const design = await cardOf(context, 'Freelance design agreement');
    await expect(
      design.getByRole('button', { name: buttonName(t('contractList.fill')) }),
    ).toBeVisible();

    // Download from the card's menu.
    const file = await downloaded(async () => {
      await userEvent.click(
        lease.getByRole('button', { name: t('lists.more', { name: 'Office lease 2025' }) }),
      );
      await userEvent.click(
        await page.findByRole('menuitem', { name: new RegExp(t('contractList.download')) }),
      );
    });
    await expect(file).toBe('HT-20250314-0001.pdf');

    // One tap on Sign opens the signing page.
    const sign = lease.getByRole('button', { name: buttonName(t('contractList.sign')) });
    const box = sign.getBoundingClientRect();
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    await userEvent.click(sign);
    await waitFor(() => expect(whereNow(context)).toBe('/agency-contract/contractedit?id=9001'));
  },
};

export const OnPhoneZh: Story = inChinese(OnPhone, 'On a phone');

/**
 * The phone's Filters sheet: its badge counts the criteria in force; the sheet holds them all but
 * the name, Apply narrows the list (and the address), Reset clears them and keeps the name.
 */
export const FiltersOnPhone: Story = {
  globals: ON_A_PHONE,
  parameters: { web: { path: `${LIST_PATH}?tab=all&name=rental&status=completed` } },
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const filters = await canvas.findByRole('button', {
      name: t('contractList.filtersActive', { count: 1 }),
    });
    await expect(canvas.getByRole('searchbox', { name: t('contractList.name') })).toHaveValue(
      'rental',
    );
    await userEvent.click(filters);
    const sheet = within(await appearedDialog(page, t('contractList.filters')));
    await expect(sheet.queryByRole('textbox', { name: t('contractList.name') })).toBeNull();
    await expect(sheet.getByText(t('dashboard.status.completed'))).toBeVisible();
    await userEvent.type(sheet.getByRole('textbox', { name: t('contractList.number') }), 'HT-2025');
    await userEvent.click(sheet.getByRole('button', { name: buttonName(t('contractList.apply')) }));
    await canvas.findByRole('button', { name: t('contractList.filtersActive', { count: 2 }) });
    await expect(whereNow(context)).toBe(
      '/agency-contract/index?tab=all&number=HT-2025&name=rental&status=completed',
    );

    await userEvent.click(
      canvas.getByRole('button', { name: t('contractList.filtersActive', { count: 2 }) }),
    );
    const again = within(await appearedDialog(page, t('contractList.filters')));
    await userEvent.click(again.getByRole('button', { name: buttonName(t('contractList.reset')) }));
    await waitFor(() =>
      expect(whereNow(context)).toBe('/agency-contract/index?tab=all&name=rental'),
    );
    await expect(
      await canvas.findByRole('button', { name: buttonName(t('contractList.filters')) }),
    ).toBeVisible();
  },
};

export const FiltersOnPhoneZh: Story = inChinese(FiltersOnPhone, 'Filters on a phone');

/** A dialog (the Filters sheet) once it has opened, found by its title. */
async function appearedDialog(page: ReturnType<typeof within>, title: string) {
  const dialog = await page.findByRole('dialog', { name: title });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** A wide screen: each row has its own Download, beside View and the move. */
export const DownloadOne: Story = {
  parameters: { web: { path: `${LIST_PATH}?tab=all` } },
  play: async (context) => {
    const { t } = scene(context);
    const row = await rowOf(context, 'Warehouse rental');
    await expect(row.getByRole('link', { name: 'Warehouse rental' })).toBeVisible();
    const file = await downloaded(() =>
      userEvent.click(
        row.getByRole('button', {
          name: t('contractList.downloadOne', { name: 'Warehouse rental' }),
        }),
      ),
    );
    await expect(file).toMatch(/^HT-.+\.pdf$/);
  },
};

export const DownloadOneZh: Story = inChinese(DownloadOne, 'Download one');
