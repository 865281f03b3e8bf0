/**
 * What every story of the web app shares: the real app around the story (antd's context in the
 * story's language, a query cache of its own, a memory router at the story's address) and the demo
 * world behind it (a signed-in demo user, the demo API instead of a server).
 */
import {
  LOCALES,
  builtinGrants,
  type BuiltinRole,
  type Locale,
  type UserInfo,
} from '@esign/platform';
import type { Decorator, Meta, StoryContext } from '@storybook/react-vite';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { createMemoryRouter } from 'react-router-dom';
import { expect, waitFor, within } from 'storybook/test';
import { App } from '../App';
import { AntdProviders } from '../antd';
import { TOAST_SECONDS, bindRequestAdapter, bindRequestUi } from '../api/client';
import { queries } from '../api/queries';
import { createQueryClient } from '../api/queryClient';
import { i18n } from '../i18n';
import { loadScreenStrings } from '../i18n/locale';
import { HOME_PATH, type RouteTitle } from '../routes/table';
import { session } from '../session';
import { SIGNED_OUT } from '../session/store';
import { showToast } from '../lite/toast';
import '../styles.css';
import { createDemoApi, demoTokens } from './demoApi';
import {
  DEMO_COMPANY,
  consoleIdOf,
  demoWorld,
  type DemoConsole,
  type DemoSession,
  type DemoWorld,
} from './demoData';

/** The controls of every web story. */
export interface WebStoryArgs {
  /** The interface language, antd's texts included. */
  locale: Locale;
  /** Signed out, or signed in as the demo user in the personal or the company console. */
  session: DemoSession;
}

/** What a web story may say in `parameters.web`. */
export interface WebStoryParameters {
  /** The address of the story's router; the home page when absent. */
  path?: string;
  /** The title of the route at that address, for screens named after their route. */
  routeTitle?: RouteTitle;
  /** Changes to what the demo API answers in every console. */
  demo?: Partial<DemoConsole>;
}

interface WebStoryLoaded {
  queryClient: QueryClient;
  router: ReturnType<typeof createMemoryRouter>;
}

// As in main.tsx: the request module's error toasts (a refusal's `msg`) show. A story has no login
// page to go to.
bindRequestUi({
  showToast: (text, closed) => showToast(text, { seconds: TOAST_SECONDS, closed }),
  toLogin: () => {},
});

/** The story itself, rendered by the router's only route. */
const StoryElement = createContext<ReactNode>(null);

/**
 * The route's element: whatever story the decorator renders now, in antd's context as the app's
 * routes built with antd have it (routes/AntdLayout.tsx); the account pages do not need it.
 */
function StoryRoute() {
  return <AntdProviders>{useContext(StoryElement)}</AntdProviders>;
}

function signInAs(world: DemoWorld, demoSession: DemoSession): void {
  // Straight into the store: logout() would also clear Storybook's own localStorage.
  session.setState({ ...SIGNED_OUT, customMade: null });
  if (demoSession === 'signedOut') return;
  const { user } = world.get(consoleIdOf(demoSession))!;
  session.getState().signIn(demoTokens(user), Date.now());
  session.getState().setUserInfo(user);
}

/** What every signed-in screen reads, cached before the story renders: no loading flashes. */
function prefetchShell(client: QueryClient, companyId: number) {
  return Promise.all([
    client.prefetchQuery(queries.menu(companyId)),
    client.prefetchQuery(queries.companies()),
    client.prefetchQuery(queries.unreadMessages(companyId)),
    client.prefetchQuery(queries.unreadCount(companyId)),
    client.prefetchQuery(queries.contractStatistics(companyId)),
  ]);
}

/**
 * Sets the demo world up for the story's args (again whenever they change): language, demo API,
 * session, and a fresh cache and router.
 */
async function startDemo({
  args,
  parameters,
}: StoryContext<WebStoryArgs>): Promise<WebStoryLoaded> {
  const { path = HOME_PATH, routeTitle, demo } = (parameters.web ?? {}) as WebStoryParameters;
  const world = demoWorld(demo);
  // The stories show the screens after login, whose English comes with their routes in the app.
  await Promise.all([i18n.changeLanguage(args.locale), loadScreenStrings(i18n)]);
  bindRequestAdapter(createDemoApi(world));
  signInAs(world, args.session);
  const queryClient = createQueryClient();
  if (args.session !== 'signedOut') await prefetchShell(queryClient, consoleIdOf(args.session));
  const router = createMemoryRouter(
    [{ path: '*', element: <StoryRoute />, handle: routeTitle && { title: routeTitle } }],
    { initialEntries: [path] },
  );
  return { queryClient, router };
}

/** The app around the story, with the cache and router its loader made. */
const withWebApp: Decorator<WebStoryArgs> = (Story, { loaded }) => {
  const { queryClient, router } = loaded as WebStoryLoaded;
  return (
    <StoryElement.Provider value={<Story />}>
      <App router={router} client={queryClient} />
    </StoryElement.Provider>
  );
};

/** The annotations every web story's meta starts from. */
export const webStoryMeta = {
  args: { locale: 'en', session: 'personal' },
  argTypes: {
    locale: { control: 'inline-radio', options: [...LOCALES] },
    session: { control: 'inline-radio', options: ['signedOut', 'personal', 'company'] },
  },
  loaders: [startDemo],
  decorators: [withWebApp],
} satisfies Meta<WebStoryArgs>;

/** The demo company's user holding a built-in role's grants (the administrator holds them all). */
export function companyMember(role: BuiltinRole): UserInfo {
  const user = demoWorld().get(DEMO_COMPANY.id)!.user;
  return { ...user, roles: [role], permissions: builtinGrants(role) };
}

/**
 * What the meta of a company console screen's stories starts from: the web app in the demo
 * company's console at `path` (titled `routeTitle`), its user holding `role`'s grants — the
 * administrator unless told.
 */
export function companyScreenMeta(
  path: string,
  routeTitle: RouteTitle,
  role: BuiltinRole = 'admin',
) {
  return {
    ...webStoryMeta,
    args: { ...webStoryMeta.args, session: 'company' as const },
    parameters: { web: { path, routeTitle, demo: { user: companyMember(role) } } },
  };
}

/** The strings of a story in its own language, for its play function to look for. */
export function textsOf({ args }: { args: WebStoryArgs }) {
  return i18n.getFixedT(args.locale);
}

/** A story's texts, its canvas, and the whole page (dialogs, menus and toasts render outside). */
export function scene(context: StoryContext<WebStoryArgs>) {
  return {
    t: textsOf(context),
    canvas: within(context.canvasElement),
    page: within(context.canvasElement.ownerDocument.body),
  };
}

/** An element once it has finished appearing (tooltips, toasts and dialogs fade in). */
export async function appeared(element: HTMLElement | Promise<HTMLElement>): Promise<HTMLElement> {
  const shown = await element;
  await waitFor(() => expect(shown).toBeVisible());
  return shown;
}

/**
 * The open dialog (modal or drawer) that says `text`, once it has finished appearing. antd's ids
 * are all alike under test, so a dialog is told by what it says rather than by its accessible name.
 */
export async function dialogSaying(context: StoryContext<WebStoryArgs>, text: string) {
  const { page } = scene(context);
  const dialog = await waitFor(() => {
    const found = page
      .getAllByRole('dialog')
      .find((candidate) => within(candidate).queryAllByText(text).length > 0);
    if (!found) throw new Error(`No dialog says “${text}”`);
    return found;
  });
  return within(await appeared(dialog));
}

/** The table row that holds a text (a contract's or a template's name). */
export async function rowOf(context: StoryContext<WebStoryArgs>, name: string) {
  const cell = await within(context.canvasElement).findByText(name);
  return within(cell.closest('tr')!);
}

/** A record's card on a phone's list (lists/ResponsiveTable), found by its name. */
export async function cardOf(context: StoryContext<WebStoryArgs>, name: string) {
  return within(await within(context.canvasElement).findByRole('listitem', { name }));
}

/** A phone, below the 992 px breakpoint: lists show their records as cards. */
export const ON_A_PHONE = { viewport: { value: 'mobile2', isRotated: false } };

/** The same story in Chinese: shown under `name (中文)`. */
export function inChinese<Story extends { args?: Partial<WebStoryArgs> }>(
  story: Story,
  name: string,
): Story {
  return { ...story, name: `${name} (中文)`, args: { ...story.args, locale: 'zh' } };
}

/**
 * A button's accessible name, ignoring spaces: antd spaces out a two-character Chinese label
 * (登 录), which a play function looks for as written (登录).
 */
export function buttonName(text: string) {
  const squeezed = text.replace(/\s/g, '');
  return (name: string) => name.replace(/\s/g, '') === squeezed;
}
