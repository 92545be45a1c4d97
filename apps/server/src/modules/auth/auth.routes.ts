import {
  ZChangeContactReply,
  ZChangeEmailRequest,
  ZChangePhoneRequest,
  ZForgotPasswordRequest,
  ZLoginReply,
  ZLoginRequest,
  ZMessageReply,
  ZRefreshReply,
  ZRefreshRequest,
  ZRegisterReply,
  ZRegisterRequest,
  ZResendEmailRequest,
  ZResendPhoneRequest,
  ZResendReply,
  ZResetPasswordRequest,
  ZVerifyEmailReply,
  ZVerifyPhoneReply,
  ZVerifyRequest,
} from '@rounds/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language';
import { authOf, requireAuth } from '../../plugins/auth';
import { isHttps } from '../../plugins/security';
import { passwordUpdateDue } from '../settings/password-policy';
import * as auth from './auth.service';

export const REFRESH_COOKIE = 'rounds_refresh';
const COOKIE_PATH = '/api/v1/auth';

/** Tight limits where guessing is the attack: per client IP, per minute. */
const strict = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (req: FastifyRequest): auth.Ctx => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    lang: requestLanguage(req),
  });

  // The clearing cookie carries the same attributes as the cookie it replaces.
  const cookieOptions = (req: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: isHttps(req, app.config),
    path: COOKIE_PATH,
  });
  const clearRefreshCookie = (req: FastifyRequest, reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, cookieOptions(req));

  const setRefreshCookie = (req: FastifyRequest, reply: FastifyReply, s: auth.SessionResult) => {
    reply.setCookie(REFRESH_COOKIE, s.refreshToken, {
      ...cookieOptions(req),
      // Remember me: the cookie outlives the browser; otherwise it ends with the browser session.
      ...(s.remember ? { expires: new Date(s.refreshExpiresAt) } : {}),
    });
  };

  app.get('/api/v1/auth/captcha', { schema: { tags: ['auth'] }, config: strict(30) }, async () =>
    app.captcha.challenge(),
  );

  app.post(
    '/api/v1/auth/login',
    {
      schema: { tags: ['auth'], body: ZLoginRequest, response: { 200: ZLoginReply } },
      config: strict(app.config.LOGIN_RATE_LIMIT),
    },
    async (req, reply) => {
      const { session, user } = await auth.login(app, req.body, ctx(req));
      setRefreshCookie(req, reply, session);
      const forcePasswordUpdate = await passwordUpdateDue(app.db, user.id);
      return { token: session.token, tempToken: null, user, role: user.role, forcePasswordUpdate };
    },
  );

  app.post(
    '/api/v1/auth/register',
    { schema: { tags: ['auth'], body: ZRegisterRequest, response: { 200: ZRegisterReply } }, config: strict(10) },
    async (req) => auth.register(app, req.body, ctx(req)),
  );

  app.post(
    '/api/v1/auth/verify-email',
    { schema: { tags: ['auth'], body: ZVerifyRequest, response: { 200: ZVerifyEmailReply } }, config: strict(20) },
    async (req, reply) => {
      const { session, ...rest } = await auth.verifyEmail(app, req.body, ctx(req));
      if (session) setRefreshCookie(req, reply, session);
      return rest;
    },
  );

  app.post(
    '/api/v1/auth/verify-phone',
    { schema: { tags: ['auth'], body: ZVerifyRequest, response: { 200: ZVerifyPhoneReply } }, config: strict(20) },
    async (req) => auth.verifyPhone(app, req.body, ctx(req)),
  );

  app.post(
    '/api/v1/auth/resend-verify-email',
    { schema: { tags: ['auth'], body: ZResendEmailRequest, response: { 200: ZResendReply } }, config: strict(10) },
    async (req) => auth.resendEmail(app, req.body, ctx(req)),
  );

  app.post(
    '/api/v1/auth/resend-verify-phone',
    { schema: { tags: ['auth'], body: ZResendPhoneRequest, response: { 200: ZResendReply } }, config: strict(10) },
    async (req) => auth.resendPhone(app, req.body, ctx(req)),
  );

  app.post(
    '/api/v1/auth/change-email',
    {
      schema: { tags: ['auth'], body: ZChangeEmailRequest, response: { 200: ZChangeContactReply } },
      config: strict(10),
    },
    async (req) => auth.changeEmailUnverified(app, req.body, ctx(req)),
  );

  app.post(
    '/api/v1/auth/change-phone',
    {
      schema: { tags: ['auth'], body: ZChangePhoneRequest, response: { 200: ZChangeContactReply } },
      config: strict(10),
    },
    async (req) => auth.changePhoneUnverified(app, req.body, ctx(req)),
  );

  app.post(
    '/api/v1/auth/refresh-token',
    {
      schema: { tags: ['auth'], body: ZRefreshRequest.optional(), response: { 200: ZRefreshReply } },
      config: strict(60),
    },
    async (req, reply) => {
      try {
        const session = await auth.refresh(app, req.cookies[REFRESH_COOKIE], ctx(req));
        setRefreshCookie(req, reply, session);
        return { token: session.token };
      } catch (error) {
        clearRefreshCookie(req, reply);
        throw error;
      }
    },
  );

  app.get(
    '/api/v1/auth/logout',
    { schema: { tags: ['auth'], response: { 200: ZMessageReply } }, onRequest: requireAuth(app) },
    async (req, reply) => {
      await auth.logout(app, authOf(req).userId, ctx(req));
      clearRefreshCookie(req, reply);
      return { message: 'OK' };
    },
  );

  app.post(
    '/api/v1/auth/forgot-password',
    { schema: { tags: ['auth'], body: ZForgotPasswordRequest, response: { 200: ZMessageReply } }, config: strict(10) },
    async (req) => auth.forgotPassword(app, req.body.username, ctx(req)),
  );

  app.post(
    '/api/v1/auth/reset-password',
    { schema: { tags: ['auth'], body: ZResetPasswordRequest, response: { 200: ZMessageReply } }, config: strict(10) },
    async (req) => auth.resetPassword(app, 'reset-password', req.body, ctx(req)),
  );

  app.post(
    '/api/v1/user/set-password',
    { schema: { tags: ['auth'], body: ZResetPasswordRequest, response: { 200: ZMessageReply } }, config: strict(10) },
    async (req) => auth.resetPassword(app, 'set-password', req.body, ctx(req)),
  );
};
