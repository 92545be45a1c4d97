import { authRoutes as routes } from '@rounds/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { passwordUpdateDue } from '../settings/password-policy';
import type { Ctx, SessionResult } from './auth-context';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie';

/** Tight limits where guessing is the attack: per client IP, per minute. */
const strict = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (req: FastifyRequest): Ctx => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    lang: requestLanguage(req),
  });

  const clearCookie = (req: FastifyRequest, reply: FastifyReply) => clearRefreshCookie(req, reply, app.config);
  const setCookie = (req: FastifyRequest, reply: FastifyReply, s: SessionResult) =>
    setRefreshCookie(req, reply, app.config, s);

  const options = (max: number) => ({ tags: ['auth'], config: strict(max) });

  registerRoute(app, routes.captcha, options(30), async () => {
    const challenge = await app.captcha.challenge();
    return { ...challenge, parameters: { ...challenge.parameters } };
  });

  registerRoute(app, routes.login, options(app.config.LOGIN_RATE_LIMIT), async (req, reply) => {
    const { session, user } = await app.auth.login(req.body, ctx(req));
    setCookie(req, reply, session);
    const forcePasswordUpdate = await passwordUpdateDue(app.db, user.id);
    return { token: session.token, tempToken: null, user, role: user.role, forcePasswordUpdate };
  });

  registerRoute(app, routes.register, options(10), async (req) => app.auth.register(req.body, ctx(req)));

  registerRoute(app, routes.verifyEmail, options(20), async (req, reply) => {
    const { session, ...rest } = await app.auth.verifyEmail(req.body, ctx(req));
    if (session) setCookie(req, reply, session);
    return rest;
  });

  registerRoute(app, routes.verifyPhone, options(20), async (req) => app.auth.verifyPhone(req.body, ctx(req)));
  registerRoute(app, routes.resendEmail, options(10), async (req) => app.auth.resendEmail(req.body, ctx(req)));
  registerRoute(app, routes.resendPhone, options(10), async (req) => app.auth.resendPhone(req.body, ctx(req)));
  registerRoute(app, routes.changeEmail, options(10), async (req) =>
    app.auth.changeEmailUnverified(req.body, ctx(req)),
  );
  registerRoute(app, routes.changePhone, options(10), async (req) =>
    app.auth.changePhoneUnverified(req.body, ctx(req)),
  );

  registerRoute(app, routes.refreshToken, options(60), async (req, reply) => {
    try {
      const session = await app.auth.refresh(req.cookies[REFRESH_COOKIE], ctx(req));
      setCookie(req, reply, session);
      return { token: session.token };
    } catch (error) {
      clearCookie(req, reply);
      throw error;
    }
  });

  registerRoute(app, routes.logout, { tags: ['auth'], onRequest: requireAuth(app) }, async (req, reply) => {
    const ended = await app.auth.logout(authOf(req).userId, { ...ctx(req), sessionId: authOf(req).sessionId });
    clearCookie(req, reply);
    return { message: 'OK', ...ended };
  });

  registerRoute(app, routes.forgotPassword, options(10), async (req) =>
    app.auth.forgotPassword(req.body.username, ctx(req)),
  );
  registerRoute(app, routes.resetPassword, options(10), async (req) =>
    app.auth.resetPassword('reset-password', req.body, ctx(req)),
  );
  registerRoute(app, routes.setPassword, options(10), async (req) =>
    app.auth.resetPassword('set-password', req.body, ctx(req)),
  );
};
