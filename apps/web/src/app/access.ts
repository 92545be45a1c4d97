import type { TRole } from '@rounds/contracts/common';
import {
  ADMIN_SECTIONS,
  canAccess,
  ROUTE_ACCESS,
  ROUTES,
  type TAdminSection,
  type TRouteAccess,
} from '@rounds/contracts/routes';

/**
 * The route guard as a pure function (doc 1 section 2 "Routes", doc 2 section 2 "Route access"), so the
 * rules are tested without a browser. The component in guard.tsx only turns the decision into JSX.
 */

export type TAccessRule = Pick<TRouteAccess, 'public' | 'roles'> & {
  /** Login and register: a signed-in user is sent to recent instead. */
  guestOnly?: boolean;
};

export type TSessionSnapshot = { token: string | null; role: TRole | null | undefined; restoring?: boolean };

export type TLocationSnapshot = { pathname: string; search: string };

export type TAccessDecision =
  | { kind: 'render' }
  /** A stored session is still being checked: render nothing (spec: "nothing is rendered while..."). */
  | { kind: 'wait' }
  /** To login; `from` is where to return after it, and the query string stays in the URL too. */
  | { kind: 'login'; from: string; search: string }
  /** To recent, keeping the query string. */
  | { kind: 'home'; search: string };

export function decideAccess(
  rule: TAccessRule,
  session: TSessionSnapshot,
  location: TLocationSnapshot,
): TAccessDecision {
  if (rule.guestOnly) {
    // A tab resuming the browser's session: show neither the login form nor the home page until it is known.
    if (session.restoring) return { kind: 'wait' };
    return session.token ? { kind: 'home', search: location.search } : { kind: 'render' };
  }
  if (rule.public) return { kind: 'render' };
  if (session.restoring) return { kind: 'wait' };
  if (!session.token) return { kind: 'login', from: `${location.pathname}${location.search}`, search: location.search };
  if (canAccess(rule.roles, session.role)) return { kind: 'render' };
  // Signed in without the role: the spec sends them to login, and login sends a signed-in user to recent
  // keeping the query string; going to recent directly is the same outcome without the extra hop.
  return { kind: 'home', search: location.search };
}

const GUEST_ONLY: readonly string[] = [ROUTES.login, ROUTES.register];

/** The rule for a top-level path, straight from the contract's route table. */
export function ruleFor(path: string): TAccessRule {
  const entry = ROUTE_ACCESS.find((route) => route.path === path);
  // Fail at start-up, not at a user's click: every guarded path must be in the contract's table.
  if (!entry) throw new Error(`${path} is missing from ROUTE_ACCESS in @rounds/contracts/routes`);
  return { public: entry.public, roles: entry.roles, guestOnly: GUEST_ONLY.includes(path) };
}

export function isAdminSection(value: string | undefined): value is TAdminSection {
  return value != null && Object.hasOwn(ADMIN_SECTIONS, value);
}

/**
 * /admin, /admin/:section and /admin/:section/:id: the section segment picks the allowed roles, the
 * default section is users. An unknown section keeps the base admin roles and then shows the 404 page.
 */
export function adminSectionFromPath(pathname: string): { section: string; id: string | undefined } {
  const [, , section = 'users', id] = pathname.replace(/\/+$/, '').split('/');
  return { section: section || 'users', id };
}

export function adminRule(pathname: string): TAccessRule {
  const { section } = adminSectionFromPath(pathname);
  return { roles: isAdminSection(section) ? ADMIN_SECTIONS[section] : ruleFor(ROUTES.admin).roles };
}

/** Where login goes next: the origin the guard remembered, if it is one of our own paths, else recent. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  // Only same-origin paths: '//host' would be protocol-relative, i.e. another site.
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return ROUTES.recent;
  if (from === ROUTES.login || from.startsWith(`${ROUTES.login}?`)) return ROUTES.recent;
  return from;
}
