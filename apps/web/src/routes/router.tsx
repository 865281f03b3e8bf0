/** The app's router: the route table of table.ts with its guards, screens and titles. */
import type { ReactNode } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { refreshTokens, signInToConsole } from '../api/auth';
import { fetchUserInfo } from '../api/shell';
import MainLayout from '../layout/MainLayout';
import ForgetPage from '../pages/account/ForgetPage';
import LoginPage from '../pages/account/LoginPage';
import RegisterPage from '../pages/account/RegisterPage';
import ComingLaterPage from '../pages/system/ComingLaterPage';
import CustomMadePage from '../pages/system/CustomMadePage';
import ErrorPage from '../pages/system/ErrorPage';
import NotFoundPage from '../pages/system/NotFoundPage';
import { SealHandwriteScreen } from '../pages/seals/screens';
import { PublicTemplatePreviewScreen } from '../pages/template/screens';
import { session } from '../session';
import { customMadeFromQuery } from '../session/customMade';
import { guardLoader, loginLoader } from './guards';
import { Root, StandalonePage } from './Root';
import { SCREENS } from './screens';
import { HOME_PATH, PUBLIC_ROUTES, SECTIONS, joinPath, landingPath, type PageRoute } from './table';
import type { RouteHandle } from './useRouteTitle';

const handle = (route: PageRoute): RouteHandle => ({ title: route.title });

/** A route of the table and its children; a visit to a group lands on its default page. */
function pageRoute(route: PageRoute, fullPath: string): RouteObject {
  if (!route.children) {
    const Screen = SCREENS[fullPath] ?? ComingLaterPage;
    return { path: route.path, handle: handle(route), element: <Screen /> };
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

/** The route tree of both specs (spec 000 §2, spec 001 §2). */
export const ROUTES: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <StandalonePage />,
    children: [
      { ...publicRoute(PUBLIC_ROUTES.login, <LoginPage />), loader: loginLoader(session) },
      publicRoute(PUBLIC_ROUTES.register, <RegisterPage />),
      publicRoute(PUBLIC_ROUTES.forget, <ForgetPage />),
      publicRoute(PUBLIC_ROUTES.notFound, <NotFoundPage />),
      {
        ...publicRoute(PUBLIC_ROUTES.customMade, <CustomMadePage />),
        // Custom-made signing starts from a clean slate, keeping the partner's ticket for the tab.
        loader: ({ request }) => {
          session.getState().logout();
          session.getState().setCustomMade(customMadeFromQuery(new URL(request.url).searchParams));
          return null;
        },
      },
      publicRoute(
        PUBLIC_ROUTES.publicTemplate,
        <StandalonePage>
          <ComingLaterPage />
        </StandalonePage>,
      ),
      publicRoute(PUBLIC_ROUTES.publicTemplatePreview, <PublicTemplatePreviewScreen />),
      publicRoute(PUBLIC_ROUTES.sealHandwrite, <SealHandwriteScreen />),
      {
        id: 'signed-in',
        element: <MainLayout />,
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
];

/** The browser router over the route tree. */
export function createAppRouter() {
  return createBrowserRouter(ROUTES);
}
