import { message } from '@esign/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import PublicTemplatePreviewPage from '../pages/template/PublicTemplatePreviewPage';
import TemplatePreviewPage from '../pages/template/TemplatePreviewPage';
import { DEMO_EXPIRED_TICKET, DEMO_PREVIEW_TICKET } from './demoTemplateEditor';
import { inChinese, textsOf, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Templates/Template preview',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The in-app preview: the pages over the PDF, the participants, the seals and signatures. */
export const InApp: Story = {
  parameters: { web: { path: '/template/Preview?id=202', routeTitle: 'templatePreview' } },
  render: () => <TemplatePreviewPage />,
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Purchase agreement' })).toBeVisible();
    await expect(
      canvas.getByRole('region', { name: t('templatePreview.participants') }),
    ).toBeVisible();
    await expect(
      canvas.getByText(t('templatePreview.seal', { party: 'A', page: 2 })),
    ).toBeVisible();
    await expect(canvas.getByRole('application')).toBeVisible();
  },
};

export const InAppZh: Story = inChinese(InApp, 'In app');

/** contractSort: the pages in their order, each with its size and fields. */
export const PageOrder: Story = {
  parameters: { web: { path: '/template/contractSort?id=202', routeTitle: 'templateSort' } },
  render: () => <TemplatePreviewPage />,
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    const pages = within(await canvas.findByRole('region', { name: t('templatePreview.pages') }));
    await expect(pages.getByText(t('templatePreview.page', { number: 1 }))).toBeVisible();
    await expect(pages.getByText(t('templatePreview.page', { number: 2 }))).toBeVisible();
  },
};

export const PageOrderZh: Story = inChinese(PageOrder, 'Page order');

/** The public page of a ticket, opened without a session. */
const publicPreviewOf = (ticket: string) => ({
  args: { session: 'signedOut' as const },
  parameters: {
    web: {
      path: `/ztj/template/Preview?id=${ticket}&templateId=202`,
      routeTitle: 'publicTemplatePreview' as const,
    },
  },
  render: () => <PublicTemplatePreviewPage />,
});

/** The public preview of a valid ticket, without a session. */
export const PublicValidTicket: Story = {
  ...publicPreviewOf(DEMO_PREVIEW_TICKET),
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Purchase agreement' })).toBeVisible();
    await expect(canvas.getByText(t('routes.publicTemplatePreview'))).toBeVisible();
    await expect(canvas.getByRole('application')).toBeVisible();
  },
};

export const PublicValidTicketZh: Story = inChinese(PublicValidTicket, 'Public, valid ticket');

/** An expired ticket: a whole page says so in the visitor's language, and leads to log in. */
export const PublicExpiredTicket: Story = {
  ...publicPreviewOf(DEMO_EXPIRED_TICKET),
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: t('templatePreview.cannotOpen') }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      message('previewTicketExpired', context.args.locale),
    );
    await expect(canvas.getByRole('link', { name: t('templatePreview.toLogin') })).toHaveAttribute(
      'href',
      '/login',
    );
  },
};

export const PublicExpiredTicketZh: Story = inChinese(
  PublicExpiredTicket,
  'Public, expired ticket',
);
