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
function page<TModule>(load: () => Promise<TModule>, pick: (module: TModule) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
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
function prefetchDirectory() {
  if (useSession.getState().token) {
    void import('../api/get-contacts').then(({ contactsQueryOptions, WHOLE_DIRECTORY }) =>
      queryClient.prefetchQuery(contactsQueryOptions(WHOLE_DIRECTORY)),
    );
  }
  return null;
}

const notFound = page(
  () => import('./routes/not-found'),
  (m) => m.NotFoundRoute,
);
// Recent and one conversation are the same screen: the room's address only says which room is open.
const recent = page(
  () => import('./routes/recent'),
  (m) => m.RecentRoute,
);
const admin = page(
  () => import('./routes/admin'),
  (m) => m.AdminRoute,
);

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
          guarded(ROUTES.register, {
            lazy: page(
              () => import('./routes/register'),
              (m) => m.RegisterRoute,
            ),
          }),
          guarded(ROUTES.forgotPassword, {
            lazy: page(
              () => import('./routes/forgot-password'),
              (m) => m.ForgotPasswordRoute,
            ),
          }),
          guarded(ROUTES.resetPassword, {
            lazy: page(
              () => import('./routes/reset-password'),
              (m) => m.ResetPasswordRoute,
            ),
          }),
          guarded(ROUTES.setPassword, {
            lazy: page(
              () => import('./routes/set-password'),
              (m) => m.SetPasswordRoute,
            ),
          }),
          guarded(ROUTES.emailConfirm, {
            lazy: page(
              () => import('./routes/code-confirm'),
              (m) => m.EmailConfirmRoute,
            ),
          }),
          guarded(ROUTES.mobileConfirm, {
            lazy: page(
              () => import('./routes/code-confirm'),
              (m) => m.MobileConfirmRoute,
            ),
          }),
          guarded(ROUTES.recent, { lazy: recent }),
          guarded(ROUTES.chat, { lazy: recent }),
          guarded(ROUTES.contacts, {
            loader: prefetchDirectory,
            lazy: page(
              () => import('./routes/contacts'),
              (m) => m.ContactsRoute,
            ),
          }),
          guarded(ROUTES.group, {
            lazy: page(
              () => import('./routes/group'),
              (m) => m.GroupRoute,
            ),
          }),
          guarded(ROUTES.settings, {
            lazy: page(
              () => import('./routes/settings'),
              (m) => m.SettingsRoute,
            ),
          }),
          guarded(ROUTES.aboutUs, {
            lazy: page(
              () => import('./routes/about-us'),
              (m) => m.AboutUsRoute,
            ),
          }),
          guarded(ROUTES.information, {
            lazy: page(
              () => import('./routes/information'),
              (m) => m.InformationRoute,
            ),
          }),
          guarded(ROUTES.eula, {
            lazy: page(
              () => import('./routes/eula'),
              (m) => m.EulaRoute,
            ),
          }),
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
