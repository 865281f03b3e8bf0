/** The app's router: the route table of table.ts with its guards, screens and titles. */
/**
 * Only the login page comes with the app: every other screen, the signed-in shell (MainLayout, the
 * dashboard, the consoles) and the other public pages are downloaded when first visited (the
 * route's `lazy`), so the first load stays within its budget (apps/web/e2e/budget.e2e.ts).
 */
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { refreshTokens, signInToConsole } from '../api/auth';
import { fetchUserInfo } from '../api/shell';
import { i18n } from '../i18n';
import { loadScreenStrings } from '../i18n/locale';
import LoginPage from '../pages/account/LoginPage';
import { SealHandwriteScreen } from '../pages/seals/screens';
import { PublicTemplatePreviewScreen } from '../pages/template/screens';
import { session } from '../session';
import { customMadeFromQuery } from '../session/customMade';
import { RouteError } from './RouteError';
import { guardLoader, loginLoader } from './guards';
import { Root, StandalonePage } from './Root';
import { HOME_PATH, PUBLIC_ROUTES, SECTIONS, joinPath, landingPath, type PageRoute } from './table';
import type { RouteHandle } from './useRouteTitle';

const handle = (route: PageRoute): RouteHandle => ({ title: route.title });

/** A route's component from a module downloaded on the route's first visit. */
const lazyComponent = (load: () => Promise<ComponentType>) => ({ Component: load });
/**
 * A route's component from a module's default export, downloaded on the route's first visit
 * together with the English strings of the screens after login (all but the login page's).
 */
const lazyDefault = (load: () => Promise<{ default: ComponentType }>) =>
  lazyComponent(async () => (await Promise.all([load(), loadScreenStrings(i18n)]))[0].default);

/** A route of the table and its children; a visit to a group lands on its default page. */
function pageRoute(route: PageRoute, fullPath: string): RouteObject {
  if (!route.children) {
    return {
      path: route.path,
      handle: handle(route),
      // The screens of the signed-in consoles, each of them lazy in turn (routes/screens.tsx).
      lazy: lazyComponent(async () => (await import('./screens')).screenOf(fullPath)),
    };
  }
  const landing = landingPath(route, fullPath);
  return {
    path: route.path,
    handle: handle(route),
    children: [
      { index: true, loader: () => redirect(landing) },
      ...route.children.map((child) => pageRoute(child, joinPath(fullPath, child.path))),
    ],
  };
}

const publicRoute = (route: PageRoute, element: ReactNode): RouteObject => ({
  path: route.path,
  handle: handle(route),
  element,
});

/** A public page downloaded on its first visit. */
const lazyPublicRoute = (
  route: PageRoute,
  load: () => Promise<{ default: ComponentType }>,
): RouteObject => ({ path: route.path, handle: handle(route), lazy: lazyDefault(load) });

/** The route tree of both specs (spec 000 §2, spec 001 §2). */
export const ROUTES: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <StandalonePage />,
    children: [
      // The account pages, built without antd (src/lite): the login page is the first load.
      { ...publicRoute(PUBLIC_ROUTES.login, <LoginPage />), loader: loginLoader(session) },
      lazyPublicRoute(PUBLIC_ROUTES.register, () => import('../pages/account/RegisterPage')),
      lazyPublicRoute(PUBLIC_ROUTES.forget, () => import('../pages/account/ForgetPage')),
      lazyPublicRoute(PUBLIC_ROUTES.agreement, () => import('../pages/legal/PublicAgreementPage')),
      lazyPublicRoute(PUBLIC_ROUTES.privacy, () => import('../pages/legal/PrivacyPage')),
      {
        // Every other page is built with antd: its context comes with the first of them.
        lazy: lazyDefault(() => import('./AntdLayout')),
        children: [
          lazyPublicRoute(PUBLIC_ROUTES.notFound, () => import('../pages/system/NotFoundPage')),
          {
            ...lazyPublicRoute(
              PUBLIC_ROUTES.customMade,
              () => import('../pages/system/CustomMadePage'),
            ),
            // Custom-made signing starts from a clean slate, keeping the partner's ticket for the tab.
            loader: ({ request }) => {
              session.getState().logout();
              session
                .getState()
                .setCustomMade(customMadeFromQuery(new URL(request.url).searchParams));
              return null;
            },
          },
          {
            path: PUBLIC_ROUTES.publicTemplate.path,
            handle: handle(PUBLIC_ROUTES.publicTemplate),
            lazy: lazyComponent(async () => (await import('./screens')).PublicComingLater),
          },
          // Both screens are lazy already (lazyScreen): these modules hold no page code.
          publicRoute(PUBLIC_ROUTES.publicTemplatePreview, <PublicTemplatePreviewScreen />),
          publicRoute(PUBLIC_ROUTES.sealHandwrite, <SealHandwriteScreen />),
          lazyPublicRoute(
            PUBLIC_ROUTES.evidenceVerify,
            () => import('../pages/evidenceReports/EvidenceVerifyPage'),
          ),
          {
            id: 'signed-in',
            // The shell (side menu, top bar, consoles) comes with the first signed-in page.
            lazy: lazyDefault(() => import('../layout/MainLayout')),
            loader: guardLoader({
              store: session,
              calls: {
                refresh: refreshTokens,
                signInToConsole,
                userInfo: fetchUserInfo,
              },
              now: Date.now,
            }),
            // The guard runs on every navigation, like a router's beforeEach.
            shouldRevalidate: () => true,
            children: [
              { index: true, loader: () => redirect(HOME_PATH) },
              ...SECTIONS.flatMap((section) => section.routes).map((route) =>
                pageRoute(route, route.path),
              ),
            ],
          },
          { path: '*', loader: () => redirect(PUBLIC_ROUTES.notFound.path) },
        ],
      },
    ],
  },
];

/** The browser router over the route tree. */
export function createAppRouter() {
  return createBrowserRouter(ROUTES);
}
