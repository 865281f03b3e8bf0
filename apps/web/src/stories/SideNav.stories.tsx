import { SIDEBAR_WIDTH_PX } from '@esign/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SideNav } from '../layout/SideNav';
import { inChinese, textsOf, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Layout/SideNav',
  ...webStoryMeta,
  parameters: { web: { path: '/agency-contract/index' } },
  render: () => (
    <div style={{ width: SIDEBAR_WIDTH_PX }}>
      <SideNav />
    </div>
  ),
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The workbench's pages for the owner of the personal console, on the contract list. */
export const Workbench: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    const nav = await canvas.findByRole('navigation', { name: t('layout.navigation') });
    const menu = within(nav);
    await expect(menu.getByRole('menuitem', { name: t('routes.contractList') })).toBeVisible();
    await expect(menu.getByText(t('routes.management'))).toBeVisible();
    await expect(menu.getByText(t('routes.relative'))).toBeVisible();
  },
};

export const WorkbenchZh: Story = inChinese(Workbench, 'Workbench');

/** A company's staff see only the pages their role lists. */
export const WorkbenchAsStaff: Story = {
  name: 'Workbench as company staff',
  args: { session: 'company' },
  play: async (context) => {
    const t = textsOf(context);
    const nav = await within(context.canvasElement).findByRole('navigation', {
      name: t('layout.navigation'),
    });
    await expect(within(nav).getByText(t('routes.templates'))).toBeVisible();
    await expect(within(nav).queryByText(t('routes.management'))).toBeNull();
  },
};
