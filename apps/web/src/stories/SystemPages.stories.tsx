import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import ComingLaterPage from '../pages/system/ComingLaterPage';
import NotFoundPage from '../pages/system/NotFoundPage';
import { inChinese, textsOf, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/System pages',
  ...webStoryMeta,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Where unknown addresses land. */
export const NotFound: Story = {
  args: { session: 'signedOut' },
  parameters: { web: { path: '/404' } },
  render: () => <NotFoundPage />,
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByRole('heading', { name: t('routes.notFound') })).toBeVisible();
    await expect(canvas.getByText(t('notFound.description'))).toBeVisible();
  },
};

export const NotFoundZh: Story = inChinese(NotFound, 'Not found');

/** A screen of a later release, named after its route: here the template list. */
export const ComingLater: Story = {
  parameters: { web: { path: '/template/index', routeTitle: 'templateList' } },
  render: () => <ComingLaterPage />,
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: t('routes.templateList') }),
    ).toBeVisible();
    await expect(canvas.getByText(t('comingLater.description'))).toBeVisible();
  },
};

export const ComingLaterZh: Story = inChinese(ComingLater, 'Coming later');
