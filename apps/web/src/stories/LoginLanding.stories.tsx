import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import LoginPage from '../pages/account/LoginPage';
import { session } from '../session';
import { LAST_CONSOLES_KEY, rememberedConsole } from '../session/lastConsole';
import { DEMO_COMPANY, DEMO_PASSWORD, DEMO_PHONE, demoWorld } from './demoData';
import { buttonName, inChinese, textsOf, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Account/Login landing',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'signedOut' },
  parameters: { layout: 'fullscreen', web: { path: '/login' } },
  render: () => <LoginPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo user, as the token endpoint names them. */
const DEMO_USER = {
  tenant_id: '000000',
  user_id: demoWorld().get(PERSONAL_CONSOLE_ID)!.user.id,
};

/** The story's memory router: where the login page went. */
const routerOf = (context: StoryContext<WebStoryArgs>) =>
  (context.loaded as { router: { state: { location: { pathname: string } } } }).router;

/** This browser last saw the demo user in `companyId`; then the user logs in by password. */
async function logInAfter(
  context: StoryContext<WebStoryArgs>,
  last: { companyId: number; companyName: string },
) {
  const t = textsOf(context);
  const canvas = within(context.canvasElement);
  window.localStorage.setItem(
    LAST_CONSOLES_KEY,
    JSON.stringify({ [`${DEMO_USER.tenant_id}:${DEMO_USER.user_id}`]: last }),
  );
  await userEvent.type(await canvas.findByLabelText(t('account.phone')), DEMO_PHONE);
  await userEvent.type(
    canvas.getByLabelText(t('account.password'), { selector: 'input' }),
    DEMO_PASSWORD,
  );
  await userEvent.click(canvas.getByRole('button', { name: buttonName(t('login.submit')) }));
}

/** The user worked in the demo company last time on this browser: the login lands there. */
export const LandsInTheLastCompany: Story = {
  play: async (context) => {
    await logInAfter(context, {
      companyId: DEMO_COMPANY.id,
      companyName: DEMO_COMPANY.companyName,
    });
    await waitFor(() =>
      expect(session.getState()).toMatchObject({
        companyId: DEMO_COMPANY.id,
        companyName: DEMO_COMPANY.companyName,
      }),
    );
    await waitFor(() => expect(routerOf(context).state.location.pathname).toBe('/'));
  },
};

export const LandsInTheLastCompanyZh: Story = inChinese(
  LandsInTheLastCompany,
  'Lands in the last company',
);

/**
 * The company worked in last no longer lets the user in (the server refuses the switch): the
 * login lands in the personal console without a word, which is remembered from now on.
 */
export const CompanyNoLongerOpen: Story = {
  play: async (context) => {
    await logInAfter(context, { companyId: 424242, companyName: 'Former Employer Ltd' });
    // The login page leaves once the switch has been tried.
    await waitFor(() => expect(routerOf(context).state.location.pathname).toBe('/'));
    await expect(session.getState().token).not.toBeNull();
    await expect(rememberedConsole(window.localStorage, DEMO_USER)).toEqual({
      companyId: PERSONAL_CONSOLE_ID,
      companyName: '',
    });
    await expect(session.getState().companyId).toBe(PERSONAL_CONSOLE_ID);
    await expect(within(document.body).queryByText(/Former Employer Ltd/)).toBeNull();
  },
};
