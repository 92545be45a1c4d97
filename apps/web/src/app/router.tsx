import { ROUTES } from '@rounds/contracts/routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { queryClient } from '../lib/query-client';
import { useSession } from '../lib/session-store';
import { adminRule, ruleFor } from './access';
import { AccessGate } from './guard';
import { AppLayout } from './layouts/app-layout';
import { RouteError } from './route-error';
import { LoginRoute } from './routes/login';

/** A route module loaded on first visit, in its own chunk; only /login ships in the first download. */
function page(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}

/** A path guarded by its entry in the contract's route table (ROUTE_ACCESS). */
function guarded(path: string, route: Omit<RouteObject, 'path' | 'children' | 'index'>): RouteObject {
  return { element: <AccessGate rule={ruleFor(path)} />, children: [{ path, ...route }] };
}

/**
 * Contacts loaded afresh asks for the directory at once, beside the session check and the screen's own code,
 * instead of after both (bench/web, "Contacts first paint, cold"). Its view starts unfiltered on every load (the
 * search and filters are kept in memory only), so this is the request the screen makes; a fresh copy is kept.
 */
function directoryLoader() {
  if (useSession.getState().token) void import('../api/get-contacts').then((m) => m.prefetchDirectory(queryClient));
  return null;
}

/** A guarded path whose page loads on first visit. */
function guardedPage(path: string, load: () => Promise<ComponentType>): RouteObject {
  return guarded(path, { lazy: page(load) });
}

const notFound = page(async () => (await import('./routes/not-found')).NotFoundRoute);
// Recent and one conversation are the same screen: the room's address only says which room is open.
const recent = page(async () => (await import('./routes/recent')).RecentRoute);
const admin = page(async () => (await import('./routes/admin')).AdminRoute);

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    hydrateFallbackElement: <PageLoader />,
    errorElement: <RouteError />,
    children: [
      {
        // A page that fails keeps the navigation around it.
        errorElement: <RouteError />,
        children: [
          guarded(ROUTES.login, { Component: LoginRoute }),
          guardedPage(ROUTES.register, async () => (await import('./routes/register')).RegisterRoute),
          guardedPage(
            ROUTES.forgotPassword,
            async () => (await import('./routes/forgot-password')).ForgotPasswordRoute,
          ),
          guardedPage(ROUTES.resetPassword, async () => (await import('./routes/reset-password')).ResetPasswordRoute),
          guardedPage(ROUTES.setPassword, async () => (await import('./routes/set-password')).SetPasswordRoute),
          guardedPage(ROUTES.emailConfirm, async () => (await import('./routes/code-confirm')).EmailConfirmRoute),
          guardedPage(ROUTES.mobileConfirm, async () => (await import('./routes/code-confirm')).MobileConfirmRoute),
          guarded(ROUTES.recent, { lazy: recent }),
          guarded(ROUTES.chat, { lazy: recent }),
          guarded(ROUTES.contacts, {
            loader: directoryLoader,
            lazy: page(async () => (await import('./routes/contacts')).ContactsRoute),
          }),
          guardedPage(ROUTES.group, async () => (await import('./routes/group')).GroupRoute),
          guardedPage(ROUTES.settings, async () => (await import('./routes/settings')).SettingsRoute),
          guardedPage(ROUTES.aboutUs, async () => (await import('./routes/info-route')).AboutUsRoute),
          guardedPage(ROUTES.information, async () => (await import('./routes/info-route')).InformationRoute),
          guardedPage(ROUTES.eula, async () => (await import('./routes/eula')).EulaRoute),
          {
            // The section segment decides the roles (ADMIN_SECTIONS), so the rule is computed per path.
            element: <AccessGate rule={adminRule} />,
            children: [
              { path: ROUTES.admin, lazy: admin },
              { path: `${ROUTES.admin}/:section`, lazy: admin },
              { path: `${ROUTES.admin}/:section/:id`, lazy: admin },
            ],
          },
          { path: ROUTES.notFound, lazy: notFound },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
