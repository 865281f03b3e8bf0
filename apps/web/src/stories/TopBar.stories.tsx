import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { TopBar } from '../layout/TopBar';
import { DEMO_COMPANY } from './demoData';
import { buttonName, inChinese, textsOf, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Layout/TopBar',
  ...webStoryMeta,
  parameters: { layout: 'fullscreen', web: { path: '/dashboard' } },
  render: () => <TopBar />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** In the personal console: no enterprise console to go to, nothing unread. */
export const PersonalConsole: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(
      await canvas.findByRole('button', {
        name: `${t('layout.switchConsole')}: ${t('layout.personalConsole')}`,
      }),
    ).toBeVisible();
    await expect(canvas.getByText(t('layout.console'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: t('layout.messages', { count: 0 }) }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: `${t('layout.userMenu')}: Li Wei` }),
    ).toBeVisible();
  },
};

export const PersonalConsoleZh: Story = inChinese(PersonalConsole, 'Personal console');

/** In a company's workbench, with three unread messages behind the bell. */
export const CompanyConsole: Story = {
  args: { session: 'company' },
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(
      await canvas.findByRole('button', {
        name: `${t('layout.switchConsole')}: ${DEMO_COMPANY.companyName}`,
      }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('layout.operatingConsole')) }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t('layout.messages', { count: 3 }) }));
    const page = within(context.canvasElement.ownerDocument.body);
    const panel = await page.findByRole('region', { name: t('layout.unreadTitle') });
    await expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
  },
};

export const CompanyConsoleZh: Story = inChinese(CompanyConsole, 'Company console');

/**
 * A message about a contract leads to it: opening it marks it read (the count drops) and opens
 * the contract's details, in the console the message was sent to.
 */
export const OpensAContractMessage: Story = {
  args: { session: 'company' },
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    const { router } = context.loaded as { router: { state: { location: Location } } };
    await userEvent.click(
      await canvas.findByRole('button', { name: t('layout.messages', { count: 3 }) }),
    );
    const page = within(context.canvasElement.ownerDocument.body);
    const panel = await page.findByRole('region', { name: t('layout.unreadTitle') });
    await userEvent.click(
      within(panel).getByRole('button', { name: /Office lease 2025 is waiting/ }),
    );
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/agency-contract/contractDetails?id=9001',
      ),
    );
    await expect(
      await canvas.findByRole('button', { name: t('layout.messages', { count: 2 }) }),
    ).toBeVisible();
  },
};

export const OpensAContractMessageZh: Story = inChinese(
  OpensAContractMessage,
  'Opens a contract message',
);
