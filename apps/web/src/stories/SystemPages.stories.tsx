import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { OPEN_API_EXAMPLES } from '@esign/platform';
import ComingLaterPage from '../pages/system/ComingLaterPage';
import CustomMadePage from '../pages/system/CustomMadePage';
import NotFoundPage from '../pages/system/NotFoundPage';
import { session } from '../session';
import { EXAMPLE_SIGNING_TICKET } from './demoSigningLinks';
import {
  ON_A_PHONE,
  buttonName,
  inChinese,
  textsOf,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

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

/** Keeps a partner's signing ticket for the story, as the /custom-made loader does. */
const withTicket = (ticket: string) => async () => {
  session.getState().setCustomMade({ ticket, returnUrl: 'https://erp.example.com/orders/42' });
  return {};
};

/**
 * A partner's signing link (/custom-made?ticket=…): the page says what is to be signed, by whom
 * it was sent and the phone to log in with (masked), and leads to the login.
 */
export const CustomMadeSigning: Story = {
  args: { session: 'signedOut' },
  parameters: { web: { path: '/custom-made' } },
  loaders: [withTicket(EXAMPLE_SIGNING_TICKET)],
  render: () => <CustomMadePage />,
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    const { contractName, from, party, maskedPhone } = OPEN_API_EXAMPLES.ticketInfo;
    await expect(
      await canvas.findByRole('heading', {
        name: t('customMade.signHeading', { name: contractName }),
      }),
    ).toBeVisible();
    await expect(
      canvas.getByText(t('customMade.signFrom', { from, party, phone: maskedPhone })),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('customMade.toSign')) }),
    ).toBeEnabled();
  },
};

export const CustomMadeSigningZh: Story = inChinese(CustomMadeSigning, 'Custom made signing');

export const CustomMadeSigningOnPhone: Story = {
  ...CustomMadeSigning,
  globals: ON_A_PHONE,
};

/** A link whose ticket the server no longer knows: it says so, and offers the login. */
export const CustomMadeExpired: Story = {
  args: { session: 'signedOut' },
  parameters: { web: { path: '/custom-made' } },
  loaders: [withTicket('sl_expiredTicketOfLastMonth')],
  render: () => <CustomMadePage />,
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByText(t('customMade.expired'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('customMade.toLogin')) }),
    ).toBeEnabled();
  },
};

export const CustomMadeExpiredZh: Story = inChinese(CustomMadeExpired, 'Custom made expired');
