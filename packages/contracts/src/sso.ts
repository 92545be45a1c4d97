import { z } from 'zod';
import { apiRoute } from './api-route';
import { FIRST_DOWNLOAD_ROUTES } from './first-download-routes';

/**
 * Single sign-on with OpenID Connect (issue 26). The server is the OpenID client (authorization code with PKCE,
 * state and nonce): the browser is sent to the hospital's provider by `start` and comes back to `callback`,
 * which opens a Rounds session (the refresh cookie password sign-in sets) and sends the browser on to the login
 * page with `sso=done` (or `sso=<code>` when refused), where the app takes the session up.
 */

/** GET /auth/sso: whether the login page shows the SSO button, what it says, and whether the provider answers. */
export const ZSsoStatus = z.object({
  /** The server is configured for single sign-on. */
  enabled: z.boolean(),
  /** "Sign in with <label>". */
  label: z.string(),
  /** The provider's discovery document answered (a provider that is down makes the button say so). */
  available: z.boolean(),
  /** An Admin made single sign-on the only way in (a break-glass local Admin still signs in with a password). */
  only: z.boolean(),
});
export type TSsoStatus = z.infer<typeof ZSsoStatus>;
export const ZSsoStatusReply = z.object({ data: ZSsoStatus });

/** GET /auth/sso/start: `remember` keeps the session past the browser, as the password form's box does. */
export const ZSsoStartQuery = z.object({ remember: z.enum(['true', 'false']).optional() });

/** GET /auth/sso/callback: what the provider appends to the redirect URI (RFC 6749 4.1.2). */
export const ZSsoCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
  session_state: z.string().max(512).optional(),
});

/** POST /auth/sso/backchannel-logout: the provider's signed logout token (OpenID Back-Channel Logout 1.0). */
export const ZBackchannelLogoutBody = z.object({ logout_token: z.string().min(1).max(16_384) });

/** GET and PUT /auth/sso/policy (Admin): single sign-on as the only way in. */
export const ZSsoPolicy = z.object({ ssoOnly: z.boolean() });
export const ZSsoPolicyReply = z.object({ data: ZSsoPolicy });

/** Why a sign-in through the provider was refused: the login page shows the text of `sso.errors.<code>`. */
export const SSO_ERRORS = [
  'SSO_UNAVAILABLE',
  'SSO_DENIED',
  'SSO_INVALID',
  'SSO_NO_VERIFIED_EMAIL',
  'SSO_UNKNOWN_REFERENCE',
  'SSO_ACCOUNT_INACTIVE',
  'SSO_LINK_CONFLICT',
] as const;
export type TSsoError = (typeof SSO_ERRORS)[number];

/** The login page's query after the callback: `?sso=done` or `?sso=<one of SSO_ERRORS>`. */
export const SSO_RESULT_PARAM = 'sso';

export const ssoRoutes = {
  status: apiRoute({ ...FIRST_DOWNLOAD_ROUTES.ssoStatus, reply: ZSsoStatusReply }),
  /** Answers 302 to the provider's authorization endpoint (or to the login page when SSO cannot start). */
  start: apiRoute({
    method: 'GET',
    path: '/auth/sso/start',
    query: ZSsoStartQuery,
    raw: 'text/html',
    reply: z.unknown(),
  }),
  /** Answers 302 to the login page with the outcome (`?sso=`). */
  callback: apiRoute({
    method: 'GET',
    path: '/auth/sso/callback',
    query: ZSsoCallbackQuery,
    raw: 'text/html',
    reply: z.unknown(),
  }),
  backchannelLogout: apiRoute({
    method: 'POST',
    path: '/auth/sso/backchannel-logout',
    body: ZBackchannelLogoutBody,
    reply: z.object({}),
    errors: { 400: 'INVALID_LOGOUT_TOKEN', 404: 'NOT_FOUND' },
  }),
  policy: apiRoute({ method: 'GET', path: '/auth/sso/policy', reply: ZSsoPolicyReply }),
  updatePolicy: apiRoute({
    method: 'PUT',
    path: '/auth/sso/policy',
    body: ZSsoPolicy,
    reply: ZSsoPolicyReply,
    errors: { 409: 'SSO_NOT_CONFIGURED' },
  }),
} as const;
