import { authRoutes as routes } from '@rounds/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { passwordUpdateDue } from '../settings/password-policy';
import * as auth from './auth.service';
import { clearRefreshCookie as clearRefresh, REFRESH_COOKIE, setRefreshCookie as setRefresh } from './refresh-cookie';

/** Tight limits where guessing is the attack: per client IP, per minute. */
const strict = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (req: FastifyRequest): auth.Ctx => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    lang: requestLanguage(req),
  });

  const clearRefreshCookie = (req: FastifyRequest, reply: FastifyReply) => clearRefresh(app, req, reply);
  const setRefreshCookie = (req: FastifyRequest, reply: FastifyReply, s: auth.SessionResult) =>
    setRefresh(app, req, reply, s);

  const options = (max: number) => ({ tags: ['auth'], config: strict(max) });

  registerRoute(app, routes.captcha, options(30), async () => {
    const challenge = await app.captcha.challenge();
    return { ...challenge, parameters: { ...challenge.parameters } };
  });

  registerRoute(app, routes.login, options(app.config.LOGIN_RATE_LIMIT), async (req, reply) => {
    const { session, user } = await auth.login(app, req.body, ctx(req));
    setRefreshCookie(req, reply, session);
    const forcePasswordUpdate = await passwordUpdateDue(app.db, user.id);
    return { token: session.token, tempToken: null, user, role: user.role, forcePasswordUpdate };
  });

  registerRoute(app, routes.register, options(10), async (req) => auth.register(app, req.body, ctx(req)));

  registerRoute(app, routes.verifyEmail, options(20), async (req, reply) => {
    const { session, ...rest } = await auth.verifyEmail(app, req.body, ctx(req));
    if (session) setRefreshCookie(req, reply, session);
    return rest;
  });

  registerRoute(app, routes.verifyPhone, options(20), async (req) => auth.verifyPhone(app, req.body, ctx(req)));
  registerRoute(app, routes.resendEmail, options(10), async (req) => auth.resendEmail(app, req.body, ctx(req)));
  registerRoute(app, routes.resendPhone, options(10), async (req) => auth.resendPhone(app, req.body, ctx(req)));
  registerRoute(app, routes.changeEmail, options(10), async (req) =>
    auth.changeEmailUnverified(app, req.body, ctx(req)),
  );
  registerRoute(app, routes.changePhone, options(10), async (req) =>
    auth.changePhoneUnverified(app, req.body, ctx(req)),
  );

  registerRoute(app, routes.refreshToken, options(60), async (req, reply) => {
    try {
      const session = await auth.refresh(app, req.cookies[REFRESH_COOKIE], ctx(req));
      setRefreshCookie(req, reply, session);
      return { token: session.token };
    } catch (error) {
      clearRefreshCookie(req, reply);
      throw error;
    }
  });

  registerRoute(app, routes.logout, { tags: ['auth'], onRequest: requireAuth(app) }, async (req, reply) => {
    await auth.logout(app, authOf(req).userId, ctx(req));
    clearRefreshCookie(req, reply);
    return { message: 'OK' };
  });

  registerRoute(app, routes.forgotPassword, options(10), async (req) =>
    auth.forgotPassword(app, req.body.username, ctx(req)),
  );
  registerRoute(app, routes.resetPassword, options(10), async (req) =>
    auth.resetPassword(app, 'reset-password', req.body, ctx(req)),
  );
  registerRoute(app, routes.setPassword, options(10), async (req) =>
    auth.resetPassword(app, 'set-password', req.body, ctx(req)),
  );
};
