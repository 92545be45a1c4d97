import { accountRoutes } from '@rounds/contracts/account';
import { authRoutes } from '@rounds/contracts/auth';
import { ssoRoutes } from '@rounds/contracts/sso';
import { type OidcBrowser, type OidcProviderFixture, startOidcProvider } from '@rounds/test-kit/oidc-provider';
import { freePort } from '@rounds/test-kit/server-process';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { callRoute } from './call-route';
import { createTestApp, type TestApp } from './test-app';
import { freshIp } from './users';

/**
 * Single sign-on as a browser does it, against the test kit's OpenID provider: the start (a redirect to the
 * provider and the cookie binding the attempt), the provider's login page, the callback, then the refresh
 * cookie taken up as the web app does (a token, then the account).
 */
const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;

export async function ssoStart(app: FastifyInstance) {
  const res = await callRoute(app, ssoRoutes.start, { query: {}, remoteAddress: freshIp() });
  expect(res.statusCode).toBe(302);
  return { location: res.headers.location as string, browser: cookieOf(res, 'rounds_sso')! };
}

export async function ssoCallback(app: FastifyInstance, url: URL, browser: string | undefined) {
  const res = await callRoute(app, ssoRoutes.callback, {
    query: Object.fromEntries(url.searchParams),
    ...(browser ? { cookies: { rounds_sso: browser } } : {}),
    remoteAddress: freshIp(),
  });
  expect(res.statusCode).toBe(302);
  return { location: res.headers.location as string, refresh: cookieOf(res, 'rounds_refresh') };
}

/** Start, the provider's page as `accountId`, callback: answers where the browser lands and its refresh cookie. */
export async function ssoAttempt(
  app: FastifyInstance,
  op: OidcProviderFixture,
  accountId: string,
  browser?: OidcBrowser,
) {
  const first = await ssoStart(app);
  return ssoCallback(app, await (browser ?? op.browser()).signIn(first.location, accountId), first.browser);
}

/** The whole flow, succeeding: the session the app then holds. */
export async function ssoSignIn(
  app: FastifyInstance,
  op: OidcProviderFixture,
  accountId: string,
  browser: OidcBrowser = op.browser(),
) {
  const done = await ssoAttempt(app, op, accountId, browser);
  expect(done.location).toBe('/login?sso=done');
  const renewed = await callRoute(app, authRoutes.refreshToken, {
    body: {},
    cookies: { rounds_refresh: done.refresh! },
  });
  expect(renewed.statusCode).toBe(200);
  const token = renewed.json().token;
  const me = await callRoute(app, accountRoutes.me, { token });
  expect(me.statusCode).toBe(200);
  return { token, user: me.json().data, browser };
}

/**
 * An app signed into by the test kit's OpenID provider, on loopback: the provider knows the app's address (its
 * redirect URI) before the app starts, so the app listens on a port chosen first. Both are stopped by `stop`.
 */
export async function startSsoApp(env: Record<string, string> = {}) {
  const port = await freePort();
  const rpUrl = `http://127.0.0.1:${port}`;
  const op = await startOidcProvider({ rpUrl });
  const started = await createTestApp({ ...op.env, PUBLIC_URL: rpUrl, ...env });
  await started.app.listen({ port, host: '127.0.0.1' });
  const t: TestApp = { ...started, url: () => rpUrl };
  const stop = async () => {
    await t.close();
    await op.stop();
  };
  return { t, op, rpUrl, stop };
}
