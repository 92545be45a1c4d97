import { mfaRoutes as routes, type TMfaLoginReply } from '@rounds/contracts/mfa';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { setRefreshCookie } from '../auth/refresh-cookie';
import { passwordUpdateDue } from '../settings/password-policy';
import { findUser, type UserRow } from '../users/users.store';
import * as mfa from './mfa.service';
import * as passkeys from './passkeys.service';

/**
 * Multi-factor sign-in (issue 26): the second step of signing in (a challenge token and a code or a passkey),
 * enrolment at sign-in when the policy asks for it, signing in with a passkey alone, Settings' own factors
 * (authenticator apps and passkeys), the Admin's policy and reset of a user's factors.
 */
export const mfaRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const deps = app.mfa;
  // Guessing codes is the attack: the per-account wait (login-throttle) decides; an address is capped as the
  // login is (LOGIN_RATE_LIMIT a minute), since each sign-in takes one call here too.
  const signingIn = {
    tags: ['auth'],
    config: { rateLimit: { max: app.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } },
  };
  const signedIn = { tags: ['auth'], onRequest: requireAuth(app) };
  const admin = { tags: ['admin'], onRequest: requireAuth(app, ['Admin']) };

  /** The session a right code ends with, answered as the login answers. */
  const signIn = async (
    req: FastifyRequest,
    reply: FastifyReply,
    row: UserRow,
    remember: boolean,
    recoveryCodes: string[] | null,
  ): Promise<TMfaLoginReply> => {
    const ctx = { ip: req.ip, userAgent: req.headers['user-agent'] ?? null, lang: requestLanguage(req) };
    const { session, user } = await app.auth.completeSignIn(row, remember, ctx);
    setRefreshCookie(req, reply, app.config, session);
    const forcePasswordUpdate = await passwordUpdateDue(app.db, user.id);
    return { token: session.token, tempToken: null, user, role: user.role, forcePasswordUpdate, recoveryCodes };
  };

  registerRoute(app, routes.verify, signingIn, async (req, reply) => {
    const { user, remember } = await mfa.userOfMfaToken(deps, req.body.mfaToken);
    await mfa.checkCode(deps, user.id, req.body.code, req.ip);
    return signIn(req, reply, user, remember, null);
  });

  registerRoute(app, routes.enrolStart, signingIn, async (req) => {
    const { user } = await mfa.userOfMfaToken(deps, req.body.mfaToken);
    return { data: await mfa.startTotp(deps, user) };
  });

  registerRoute(app, routes.enrolConfirm, signingIn, async (req, reply) => {
    const { user, remember } = await mfa.userOfMfaToken(deps, req.body.mfaToken);
    const { recoveryCodes } = await mfa.confirmTotp(deps, user.id, req.body, req.ip);
    return signIn(req, reply, user, remember, recoveryCodes);
  });

  // An account the policy obliges may enrol a passkey instead of an app; it signs in as the app's first code does.
  registerRoute(app, routes.enrolPasskeyOptions, signingIn, async (req) => {
    const { user } = await mfa.userOfMfaToken(deps, req.body.mfaToken);
    return { data: await passkeys.registrationOptions(deps, user) };
  });

  registerRoute(app, routes.enrolPasskey, signingIn, async (req, reply) => {
    const { user, remember } = await mfa.userOfMfaToken(deps, req.body.mfaToken);
    const { recoveryCodes } = await passkeys.addPasskey(deps, user.id, req.body, req.ip);
    return signIn(req, reply, user, remember, recoveryCodes);
  });

  registerRoute(app, routes.passkeyVerifyOptions, signingIn, async (req) => {
    const { user } = await mfa.userOfMfaToken(deps, req.body.mfaToken);
    return { data: await passkeys.secondFactorOptions(deps, user) };
  });

  registerRoute(app, routes.passkeyVerify, signingIn, async (req, reply) => {
    const { user, remember } = await mfa.userOfMfaToken(deps, req.body.mfaToken);
    await passkeys.verifySecondFactor(deps, user, req.body, req.ip);
    return signIn(req, reply, user, remember, null);
  });

  registerRoute(app, routes.passkeySignInOptions, signingIn, async () => ({
    data: await passkeys.signInOptions(deps),
  }));

  // A verified passkey is both factors: the session opens at once, as after a password and a code.
  registerRoute(app, routes.passkeySignIn, signingIn, async (req, reply) => {
    const { user, remember } = await passkeys.signInWithPasskey(deps, req.body, req.ip, app.auth.assertMaySignIn);
    return signIn(req, reply, user, remember, null);
  });

  registerRoute(app, routes.factors, signedIn, async (req) => ({ data: await mfa.listFactors(deps, authOf(req)) }));

  registerRoute(app, routes.addTotp, signedIn, async (req) => {
    const user = (await findUser(app.db, { id: authOf(req).userId }))!;
    return { data: await mfa.startTotp(deps, user) };
  });

  registerRoute(app, routes.confirm, signedIn, async (req) => ({
    data: await mfa.confirmTotp(deps, authOf(req).userId, { ...req.body, factorId: req.params.id }, req.ip),
  }));

  registerRoute(app, routes.passkeyRegistrationOptions, signedIn, async (req) => {
    const user = (await findUser(app.db, { id: authOf(req).userId }))!;
    return { data: await passkeys.registrationOptions(deps, user) };
  });

  registerRoute(app, routes.addPasskey, signedIn, async (req) => ({
    data: await passkeys.addPasskey(deps, authOf(req).userId, req.body, req.ip),
  }));

  registerRoute(app, routes.rename, signedIn, async (req) => ({
    data: { factor: await mfa.renameOwnFactor(deps, authOf(req), req.params.id, req.body.label, req.ip) },
  }));

  registerRoute(app, routes.remove, signedIn, async (req) => {
    await mfa.removeOwnFactor(deps, authOf(req), req.params.id, req.body, req.ip);
    return {};
  });

  registerRoute(app, routes.renewRecoveryCodes, signedIn, async (req) => ({
    data: { recoveryCodes: await mfa.renewOwnRecoveryCodes(deps, authOf(req), req.body.password, req.ip) },
  }));

  registerRoute(app, routes.policy, admin, async () => ({ data: { policy: await mfa.mfaPolicy(app.db) } }));
  registerRoute(app, routes.setPolicy, admin, async (req) => ({
    data: { policy: await mfa.setMfaPolicy(app.db, authOf(req), req.body.policy, req.ip) },
  }));

  registerRoute(app, routes.resetUser, admin, async (req) => {
    await mfa.resetUserFactors(deps, authOf(req), req.params.id, req.ip);
    return {};
  });
};
