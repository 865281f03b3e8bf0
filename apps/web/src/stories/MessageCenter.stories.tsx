import type { MessageItem } from '@esign/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import MessageCenterPage from '../pages/messages/MessageCenterPage';
import { aboutContract, message } from './demoData';
import {
  buttonName,
  dialogSaying,
  inChinese,
  scene,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

const PATH = '/msg-center/all?menu=0';

const read = (item: MessageItem): MessageItem => ({ ...item, isRead: 1 });

/** Three unread (one about a contract), nine read: two pages of ten. */
const UNREAD = [
  message(
    'u-3',
    'Office lease 2025 is waiting for your signature',
    '2025-03-20 09:12:40',
    aboutContract('9001'),
  ),
  message('u-2', 'Zhang Min approved the purchase contract PO-0311', '2025-03-19 16:05:02'),
  message('u-1', 'Your seal “Demo Person” was approved', '2025-03-18 11:47:19'),
];
const READ = Array.from({ length: 9 }, (_, index) =>
  read(
    message(
      `r-${index + 1}`,
      `Monthly statement ${index + 1} is ready`,
      `2025-03-${String(index + 1).padStart(2, '0')} 08:00:00`,
    ),
  ),
);

const meta = {
  title: 'Web/Messages/MessageCenter',
  ...webStoryMeta,
  parameters: {
    web: { path: PATH, routeTitle: 'allMessages', demo: { unread: UNREAD, read: READ } },
  },
  render: () => <MessageCenterPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every message, newest first, ten a page: the unread ones marked, the count of all. */
export const AllMessages: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.allMessages') }),
    ).toBeVisible();
    const list = within(await canvas.findByRole('list', { name: t('routes.allMessages') }));
    await expect(list.getAllByRole('listitem')).toHaveLength(10);
    const first = list.getAllByRole('listitem')[0]!;
    await expect(first).toHaveTextContent('Office lease 2025 is waiting for your signature');
    await expect(first).toHaveClass('is-unread');
    await expect(canvas.getByText(t('messagePage.total', { count: 12 }))).toBeVisible();
    // The second page has the last two.
    await userEvent.click(canvas.getByRole('listitem', { name: '2' }));
    await waitFor(() =>
      expect(
        within(canvas.getByRole('list', { name: t('routes.allMessages') })).getAllByRole(
          'listitem',
        ),
      ).toHaveLength(2),
    );
  },
};

export const AllMessagesZh: Story = inChinese(AllMessages, 'All messages');

/** The unread ones; marked read one by one, then all at once, none is left. */
export const MarkRead: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await userEvent.click(await canvas.findByText(t('messagePage.unread')));
    const rows = () =>
      within(canvas.getByRole('list', { name: t('routes.allMessages') })).getAllByRole('listitem');
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(
      canvas.getByRole('button', {
        name: t('messagePage.markReadLabel', { title: 'Your seal “Demo Person” was approved' }),
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('messagePage.markAllRead')) }),
    );
    await expect(
      await canvas.findByText(t('messagePage.emptyUnread'), undefined, { timeout: 3000 }),
    ).toBeVisible();
    // Read, they are under Read, and one can be made unread again.
    await userEvent.click(canvas.getByText(t('messagePage.read')));
    await userEvent.click(
      await canvas.findByRole('button', {
        name: t('messagePage.markUnreadLabel', { title: 'Your seal “Demo Person” was approved' }),
      }),
    );
    await userEvent.click(canvas.getByText(t('messagePage.unread')));
    await waitFor(() => expect(rows()).toHaveLength(1));
  },
};

export const MarkReadZh: Story = inChinese(MarkRead, 'Mark read');

/** Two selected, deleted after a confirmation; cancelled, nothing goes. */
export const DeleteSelected: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await canvas.findByRole('list', { name: t('routes.allMessages') });
    for (const title of ['Monthly statement 9 is ready', 'Monthly statement 8 is ready']) {
      await userEvent.click(
        canvas.getByRole('checkbox', { name: t('messagePage.select', { title }) }),
      );
    }
    await expect(canvas.getByText(t('messagePage.selected', { count: 2 }))).toBeVisible();
    const deleteSelected = canvas.getByRole('button', {
      name: (name) =>
        name.replace(/\s/g, '').startsWith(t('messagePage.deleteSelected').replace(/\s/g, '')),
    });
    await userEvent.click(deleteSelected);
    let dialog = await dialogSaying(context, t('messagePage.deleteTitle', { count: 2 }));
    await userEvent.click(dialog.getByRole('button', { name: buttonName(t('common.cancel')) }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByText('Monthly statement 9 is ready')).toBeVisible();
    await userEvent.click(deleteSelected);
    dialog = await dialogSaying(context, t('messagePage.deleteTitle', { count: 2 }));
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('messagePage.delete')) }),
    );
    await waitFor(() => expect(canvas.queryByText('Monthly statement 9 is ready')).toBeNull());
    await expect(canvas.queryByText('Monthly statement 8 is ready')).toBeNull();
    await expect(canvas.getByText(t('messagePage.total', { count: 10 }))).toBeVisible();
  },
};

export const DeleteSelectedZh: Story = inChinese(DeleteSelected, 'Delete selected');

/** Nothing yet: the page says what will show here. */
export const Empty: Story = {
  parameters: { web: { path: PATH, routeTitle: 'allMessages', demo: { unread: [], read: [] } } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('messagePage.emptyAll'))).toBeVisible();
    await expect(canvas.getByText(t('messagePage.emptyAllHint'))).toBeVisible();
  },
};

export const EmptyZh: Story = inChinese(Empty, 'Empty');

/** On a 390 px phone: the actions go under the words, nothing is wider than the screen. */
export const OnPhone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const list = await canvas.findByRole('list', { name: t('routes.allMessages') });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    for (const item of within(list).getAllByRole('listitem')) {
      await expect(item.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};
