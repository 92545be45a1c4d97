import { API_PREFIX } from '@rounds/contracts/limits';
import { ROUTES } from '@rounds/contracts/routes';
import { ssoRoutes as routes, SSO_RESULT_PARAM } from '@rounds/contracts/sso';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { requestLanguage } from '../../lib/request-language';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { isHttps } from '../../plugins/security';
import { setRefreshCookie } from '../auth/refresh-cookie';
import { backchannelLogout, finishSso, SsoRefusal, setSsoOnly, ssoStatus, startSso } from './sso.service';

/** Binds a sign-in under way to the browser that started it; Lax, since the provider's redirect is cross-site. */
const BROWSER_COOKIE = 'rounds_sso';
const BROWSER_COOKIE_PATH = `${API_PREFIX}/auth/sso`;

/**
 * /auth/sso (issue 26). The start and the callback are browser navigations, not API calls: they are route
 * descriptors like every other (raw routes whose handler sends its own reply), and answer 302 redirects, to
 * the provider or back to the login page with `?sso=done` or `?sso=<code>` (docs/decisions.md).
 */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.sso;
  const tags = ['auth'];
  // The browser's legs write a row each: limited per address as password sign-in is. The status and the
  // provider's own call keep the general limit (a hospital's staff share one address at shift change).
  const signIn = { tags, config: { rateLimit: { max: app.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } } };
  const ctx = (req: FastifyRequest) => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    lang: requestLanguage(req),
  });
  const toLogin = (reply: FastifyReply, result: string) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(`${ROUTES.login}?${SSO_RESULT_PARAM}=${encodeURIComponent(result)}`, 302);

  // The provider posts back-channel logouts as a form (OpenID Back-Channel Logout 1.0 section 2.5); only here.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  registerRoute(app, routes.status, { tags }, async () => ({ data: await ssoStatus(deps) }));

  registerRoute(app, routes.start, signIn, async (req, reply) => {
    try {
      const { url, browser } = await startSso(deps, req.query.remember === 'true', ctx(req));
      reply.setCookie(BROWSER_COOKIE, browser, {
        httpOnly: true,
        sameSite: 'lax',
        secure: isHttps(req, app.config),
        path: BROWSER_COOKIE_PATH,
        maxAge: 600,
      });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    } catch (error) {
      if (error instanceof SsoRefusal) return toLogin(reply, error.code);
      throw error;
    }
  });

  registerRoute(app, routes.callback, signIn, async (req, reply) => {
    reply.clearCookie(BROWSER_COOKIE, { path: BROWSER_COOKIE_PATH });
    try {
      const { session } = await finishSso(
        deps,
        {
          search: req.url.slice(req.url.indexOf('?') === -1 ? req.url.length : req.url.indexOf('?')),
          state: req.query.state,
          error: req.query.error,
          browser: req.cookies[BROWSER_COOKIE],
        },
        ctx(req),
      );
      setRefreshCookie(req, reply, app.config, session);
      return toLogin(reply, 'done');
    } catch (error) {
      if (error instanceof SsoRefusal) return toLogin(reply, error.code);
      throw error;
    }
  });

  registerRoute(app, routes.backchannelLogout, { tags }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await backchannelLogout(deps, req.body.logout_token, req.ip);
      return {};
    } catch (error) {
      if (error instanceof SsoRefusal && error.code === 'SSO_UNAVAILABLE')
        throw new AppError(404, 'NOT_FOUND', 'notFound');
      if (error instanceof SsoRefusal) throw new AppError(400, 'INVALID_LOGOUT_TOKEN', 'invalidLogoutToken');
      throw error;
    }
  });

  const adminOnly = { tags: ['auth', 'admin'], onRequest: requireAuth(app, ['Admin']) };
  registerRoute(app, routes.policy, adminOnly, async () => ({ data: { ssoOnly: (await ssoStatus(deps)).only } }));
  registerRoute(app, routes.updatePolicy, adminOnly, async (req) => {
    if (!deps.client) throw new AppError(409, 'SSO_NOT_CONFIGURED', 'ssoNotConfigured');
    await setSsoOnly(deps, { userId: authOf(req).userId, ip: req.ip }, req.body.ssoOnly);
    return { data: { ssoOnly: req.body.ssoOnly } };
  });
};
