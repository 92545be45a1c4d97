import type { TRole } from './common';

/**
 * The web route table of both spec documents with the roles each allows.
 * `roles: null` means logged in, any role; `public: true` means no token needed.
 * The server uses it to serve the SPA for these paths; the web guard enforces it.
 */
export type TRouteAccess = { path: string; public?: boolean; roles?: readonly TRole[] | null };

const ALL: readonly TRole[] = ['Regular', 'FacilityAdmin', 'Admin'];
const ADMINS: readonly TRole[] = ['Admin', 'FacilityAdmin'];
const ADMIN_ONLY: readonly TRole[] = ['Admin'];

export const ROUTES = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  setPassword: '/set-password',
  emailConfirm: '/email-confirm',
  mobileConfirm: '/mobile-confirm',
  recent: '/',
  /** One conversation, /chat/:twId: its own address, so reload, Back and a shared link keep it open. */
  chat: '/chat/:twId',
  contacts: '/contacts',
  group: '/group',
  settings: '/settings',
  aboutUs: '/about-us',
  eula: '/eula',
  information: '/information',
  notFound: '/404',
  admin: '/admin',
} as const;

export const ADMIN_SECTIONS = {
  users: ADMINS,
  facilities: ADMINS,
  departments: ADMIN_ONLY,
  roles: ADMIN_ONLY,
  specialties: ADMIN_ONLY,
  suffixes: ADMIN_ONLY,
  logos: ADMIN_ONLY,
  about: ADMIN_ONLY,
  'user-logs': ADMINS,
  banner: ADMINS,
  /** On-call duty roles (issue 25): Admin for any facility, FacilityAdmin for theirs. */
  'on-call': ADMINS,
  /** Retention and legal hold (issue 27): Admins only. */
  retention: ADMIN_ONLY,
  /** Break-glass access (issue 27): Admins only (docs/decisions.md "Break-glass access"). */
  'break-glass': ADMIN_ONLY,
} as const satisfies Record<string, readonly TRole[]>;
export type TAdminSection = keyof typeof ADMIN_SECTIONS;

/** Sections that have an item page (/admin/<section>/:id, 'new' creates). */
export const ADMIN_ITEM_SECTIONS = [
  'users',
  'facilities',
  'departments',
  'roles',
  'specialties',
  'suffixes',
  /** /admin/break-glass/:roomId: the read-only view of a room the Admin holds a live grant on. */
  'break-glass',
] as const;

export const ROUTE_ACCESS: readonly TRouteAccess[] = [
  { path: ROUTES.login, public: true },
  { path: ROUTES.register, public: true },
  { path: ROUTES.forgotPassword, public: true },
  { path: ROUTES.resetPassword, public: true },
  { path: ROUTES.setPassword, public: true },
  { path: ROUTES.emailConfirm, public: true },
  { path: ROUTES.mobileConfirm, public: true },
  { path: ROUTES.aboutUs, public: true },
  { path: ROUTES.eula, public: true },
  { path: ROUTES.information, public: true },
  { path: ROUTES.notFound, public: true },
  { path: ROUTES.recent, roles: ALL },
  { path: ROUTES.chat, roles: ALL },
  { path: ROUTES.contacts, roles: ALL },
  { path: ROUTES.group, roles: ALL },
  { path: ROUTES.settings, roles: ALL },
  { path: ROUTES.admin, roles: ADMINS },
];

/** The address of one conversation (ROUTES.chat). */
export function chatPath(twId: string): string {
  return ROUTES.chat.replace(':twId', encodeURIComponent(twId));
}

/** True when a pathname fits a route path of the table (`:name` matches one non-empty segment). */
export function matchesRoute(path: string, pathname: string): boolean {
  const want = path.split('/');
  const have = pathname.split('/');
  return (
    want.length === have.length && want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]))
  );
}

export function canAccess(roles: readonly TRole[] | null | undefined, role: TRole | null | undefined): boolean {
  if (!roles) return true;
  return role != null && roles.includes(role);
}

/**
 * The pages the web's build writes already rendered, per language (`dist/prerendered/<name>.<lang>.html`), and the
 * path the server sends each for: two guest pages, and the home page's signed-in frame, which the browser shows
 * only where a session is stored (SIGNED_IN_FRAME_ATTRIBUTE of first-paint.ts).
 */
export const PRERENDERED_PAGES = [
  { name: 'login', path: ROUTES.login },
  { name: 'forgot-password', path: ROUTES.forgotPassword },
  { name: 'home', path: ROUTES.recent },
] as const;

export type TPrerenderedName = (typeof PRERENDERED_PAGES)[number]['name'];
