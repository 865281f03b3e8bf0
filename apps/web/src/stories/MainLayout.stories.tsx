import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';
import MainLayout from '../layout/MainLayout';
import DashboardPage from '../pages/dashboard/DashboardPage';
import { inChinese, textsOf, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Layout/MainLayout',
  ...webStoryMeta,
  parameters: { layout: 'fullscreen', web: { path: '/dashboard' } },
  // The signed-in layout around the home page, as the app's router nests them.
  render: () => (
    <Routes>
      <Route element={<MainLayout />}>
        <Route path="*" element={<DashboardPage />} />
      </Route>
    </Routes>
  ),
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** At desktop width: the sidebar beside the top bar and the page. */
export const Desktop: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByRole('heading', { name: t('routes.dashboard') })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: t('layout.navigation') })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t('layout.openMenu') })).toBeNull();
  },
};

/** Below 992 px the sidebar becomes a drawer, opened from the top bar. */
export const MobileDrawer: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t('layout.openMenu') }));
    const drawer = await within(context.canvasElement.ownerDocument.body).findByRole('dialog');
    await expect(
      await within(drawer).findByRole('menuitem', { name: t('routes.dashboard') }),
    ).toBeVisible();
  },
};

export const MobileDrawerZh: Story = inChinese(MobileDrawer, 'Mobile drawer');

/**
 * A member whose role does not grant a console page opens it by its address: the page says 'No
 * permission for now' and leads home, as the server refuses its calls (spec 000 §6).
 */
export const NoPermission: Story = {
  args: { session: 'company' },
  parameters: { web: { path: '/enterprise-console/staff_list' } },
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: t('noPermission.title') }),
    ).toBeVisible();
    await expect(canvas.getByText(t('noPermission.blocked'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: t('noPermission.home') })).toBeVisible();
    // The sidebar lists only the pages the role opens.
    const navigation = canvas.getByRole('navigation', { name: t('layout.navigation') });
    await expect(
      within(navigation).queryByRole('menuitem', { name: t('routes.staffList') }),
    ).toBeNull();
  },
};

export const NoPermissionZh: Story = inChinese(NoPermission, 'No permission');
