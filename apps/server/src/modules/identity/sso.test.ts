import { accountRoutes } from '@rounds/contracts/account';
import { authRoutes } from '@rounds/contracts/auth';
import { publicSettingRoutes } from '@rounds/contracts/settings';
import { ssoRoutes } from '@rounds/contracts/sso';
import { type OidcBrowser, type OidcProviderFixture, startOidcProvider } from '@rounds/test-kit/oidc-provider';
import { freePort } from '@rounds/test-kit/server-process';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { openSocket } from '../../../test/support/chat';
import { ssoCallback, ssoSignIn, ssoStart } from '../../../test/support/sso';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { createUser, freshIp, login, TEST_PASSWORD } from '../../../test/support/users';
import { newId } from '../../lib/ids';

/**
 * Single sign-on (issue 26) against a real OpenID Provider on loopback (oidc-provider, from the test kit),
 * driven through its login page with HTTP requests: the code flow with PKCE, state and nonce, accounts created
 * and updated from the claims, linking by verified email, the refusals (tampered or replayed state, a code not
 * the provider's, a provider that is down), RP-initiated and back-channel logout.
 */
let t: TestApp;
let op: OidcProviderFixture;
let rpUrl: string;

beforeAll(async () => {
  const port = await freePort();
  rpUrl = `http://127.0.0.1:${port}`;
  op = await startOidcProvider({ rpUrl });
  t = await createTestApp({
    ...op.env,
    PUBLIC_URL: rpUrl,
    OIDC_BUTTON_LABEL: 'St Mary',
    OIDC_ROLE_GROUPS: 'Admin=rounds-admins,FacilityAdmin=ward-managers',
    SINGLE_SESSION: 'false',
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  t = { ...t, url: () => rpUrl };
  for (const [table, name] of [
    ['facilities', 'St Mary Hospital'],
    ['facilities', 'North Clinic'],
    ['departments', 'Cardiology'],
    ['departments', 'Emergency'],
    ['professions', 'Nurse'],
    ['specialties', 'Intensive care'],
  ] as const)
    await t.app.db
      .insertInto(table)
      .values({
        id: newId(),
        name,
        name_key: name.toLowerCase(),
        created_at: 0,
      })
      .execute();
});
afterAll(async () => {
  await t?.close();
  await op?.stop();
});

let accounts = 0;
/** A person at the provider, with the claims a hospital's directory gives. */
function person(over: Record<string, unknown> = {}) {
  accounts += 1;
  const id = `emp${accounts}-${Date.now().toString(36)}`;
  const claims = {
    given_name: 'Claire',
    family_name: `Dubois${accounts}`,
    email: `${id}@stmary.example`,
    email_verified: true,
    phone_number: '+15550001234',
    phone_number_verified: true,
    facility: 'St Mary Hospital',
    department: ['Cardiology'],
    profession: 'Nurse',
    specialty: 'Intensive care',
    groups: ['staff'],
    ...over,
  };
  op.setAccount(id, claims);
  return { id, claims };
}

const start = () => ssoStart(t.app);
const callback = (url: URL, browser: string | undefined) => ssoCallback(t.app, url, browser);
const signInThroughProvider = (accountId: string, browser?: OidcBrowser) => ssoSignIn(t.app, op, accountId, browser);

const userRow = (id: string) => t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const linkNames = async (userId: string, link: 'user_facilities' | 'user_departments' | 'user_specialties') => {
  const table = { user_facilities: 'facilities', user_departments: 'departments', user_specialties: 'specialties' }[
    link
  ] as 'facilities';
  return (
    await t.app.db
      .selectFrom(link)
      .innerJoin(table, `${table}.id`, `${link}.item_id`)
      .select(`${table}.name`)
      .where(`${link}.user_id`, '=', userId)
      .execute()
  )
    .map((r) => r.name)
    .sort();
};
const events = async (userId: string | null, event?: string) =>
  (
    await t.app.db
      .selectFrom('audit_logs')
      .select(['event', 'details', 'user_id'])
      .$if(userId !== null, (q) => q.where('user_id', '=', userId!))
      .$if(event !== undefined, (q) => q.where('event', '=', event!))
      .orderBy('created_at')
      .execute()
  ).map((r) => ({ event: r.event, details: r.details ? JSON.parse(r.details) : null }));

describe('single sign-on: the login page', () => {
  it('tells the web the button is there, what it says and that the provider answers', async () => {
    const res = await callRoute(t.app, ssoRoutes.status, {});
    expect(res.json()).toEqual({ data: { enabled: true, label: 'St Mary', available: true, only: false } });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, bound to this browser', async () => {
    const { location, browser } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${rpUrl}/api/v1/auth/sso/callback`);
    expect(browser).toMatch(/^[\w-]{43}$/);
  });
});

describe('single sign-on: accounts from the claims', () => {
  it('creates the account on first sign-in: names, verified email and phone, reference items by name, role from groups', async () => {
    const p = person({ groups: ['staff', 'ward-managers'], department: ['cardiology', 'Emergency'] });
    const { user } = await signInThroughProvider(p.id);
    expect(user).toMatchObject({ firstName: 'Claire', lastName: p.claims.family_name, email: p.claims.email });
    const row = await userRow(user.id);
    expect(row).toMatchObject({
      role: 'FacilityAdmin',
      email_verified: 1,
      phone: '5550001234',
      phone_country_code: '+1',
      phone_verified: 1,
      password_hash: '!',
      active: 1,
    });
    expect(await linkNames(user.id, 'user_facilities')).toEqual(['St Mary Hospital']);
    expect(await linkNames(user.id, 'user_departments')).toEqual(['Cardiology', 'Emergency']);
    expect(await linkNames(user.id, 'user_specialties')).toEqual(['Intensive care']);
    const profession = await t.app.db
      .selectFrom('professions')
      .select('name')
      .where('id', '=', row.profession_id!)
      .executeTakeFirst();
    expect(profession?.name).toBe('Nurse');
    expect((await events(user.id)).map((e) => e.event)).toEqual(['sso account created', 'login']);
  });

  it('a later sign-in updates what the hospital owns and leaves the theme, language and avatar the user chose', async () => {
    const p = person();
    const first = await signInThroughProvider(p.id);
    await t.app.db
      .updateTable('users')
      .set({ theme: 'dark', language: 'fr', avatar: 'me.png' })
      .where('id', '=', first.user.id)
      .execute();
    op.setAccount(p.id, {
      ...p.claims,
      family_name: 'Martin',
      department: 'Emergency',
      facility: ['North Clinic', 'St Mary Hospital'],
      groups: ['rounds-admins'],
    });
    const again = await signInThroughProvider(p.id, first.browser);
    expect(again.user.id).toBe(first.user.id);
    const row = await userRow(first.user.id);
    expect(row).toMatchObject({ last_name: 'Martin', role: 'Admin', theme: 'dark', language: 'fr', avatar: 'me.png' });
    expect(await linkNames(row.id, 'user_departments')).toEqual(['Emergency']);
    expect(await linkNames(row.id, 'user_facilities')).toEqual(['North Clinic', 'St Mary Hospital']);
    const updated = await events(row.id, 'sso account updated');
    expect(updated).toEqual([
      { event: 'sso account updated', details: { changed: ['lastName', 'role', 'facility', 'department'] } },
    ]);
  });

  it('links an existing account with the same verified email once, in the user log', async () => {
    const existing = await createUser(t.app, { email: `linked-${Date.now()}@stmary.example`, firstName: 'Old' });
    const p = person({ email: existing.email.toUpperCase() });
    const first = await signInThroughProvider(p.id);
    expect(first.user.id).toBe(existing.id);
    await signInThroughProvider(p.id);
    expect(await events(existing.id, 'sso account linked')).toHaveLength(1);
    // The password still opens the account until an Admin makes SSO the only way in.
    await expect(login(t.app, existing.email)).resolves.toMatchObject({ userId: existing.id });
  });

  it('refuses an email the provider has not verified, creating nothing', async () => {
    const p = person({ email_verified: false });
    const first = await start();
    const done = await callback(await op.browser().signIn(first.location, p.id), first.browser);
    expect(done.location).toBe('/login?sso=SSO_NO_VERIFIED_EMAIL');
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', p.claims.email).execute()).toEqual([]);
  });

  it('refuses claims naming a reference item that does not exist, never half-applied', async () => {
    const p = person({ department: ['Cardiology', 'Radiology'] });
    const first = await start();
    const done = await callback(await op.browser().signIn(first.location, p.id), first.browser);
    expect(done.location).toBe('/login?sso=SSO_UNKNOWN_REFERENCE');
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', p.claims.email).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('sso_identities').select('user_id').where('subject', '=', p.id).execute()).toEqual(
      [],
    );
    const refused = await events(null, 'sso sign-in refused');
    expect(refused.at(-1)?.details).toEqual({ reason: 'SSO_UNKNOWN_REFERENCE', detail: 'department: Radiology' });
  });
});

describe('single sign-on: what is refused and logged', () => {
  const lastRefusal = async () => (await events(null, 'sso sign-in refused')).at(-1)?.details;

  it('a tampered state', async () => {
    const first = await start();
    const back = await op.browser().signIn(first.location, person().id);
    back.searchParams.set('state', `${back.searchParams.get('state')!.slice(0, -2)}xx`);
    expect((await callback(back, first.browser)).location).toBe('/login?sso=SSO_INVALID');
    expect(await lastRefusal()).toEqual({ reason: 'SSO_INVALID', detail: 'unknown state' });
  });

  it('a replayed callback, even from the same browser', async () => {
    const p = person();
    const first = await start();
    const back = await op.browser().signIn(first.location, p.id);
    expect((await callback(back, first.browser)).location).toBe('/login?sso=done');
    const replay = await callback(back, first.browser);
    expect(replay).toEqual({ location: '/login?sso=SSO_INVALID', refresh: undefined });
    expect(await lastRefusal()).toEqual({ reason: 'SSO_INVALID', detail: 'state already used (replay)' });
  });

  it('a callback carried to another browser (login CSRF)', async () => {
    const first = await start();
    const back = await op.browser().signIn(first.location, person().id);
    expect((await callback(back, undefined)).location).toBe('/login?sso=SSO_INVALID');
    expect(await lastRefusal()).toEqual({ reason: 'SSO_INVALID', detail: 'state of another browser' });
  });

  it('a tampered code: the provider refuses it at the token endpoint', async () => {
    const first = await start();
    const back = await op.browser().signIn(first.location, person().id);
    back.searchParams.set('code', `${back.searchParams.get('code')}x`);
    const done = await callback(back, first.browser);
    expect(done).toEqual({ location: '/login?sso=SSO_INVALID', refresh: undefined });
    expect((await lastRefusal())?.detail).toMatch(/invalid_grant/);
  });

  it('a nonce that is not the one this sign-in sent: the ID token is refused', async () => {
    const first = await start();
    const back = await op.browser().signIn(first.location, person().id);
    // The attempt's nonce as if someone had swapped it: the provider's signed ID token carries the real one.
    await t.app.db
      .updateTable('sso_attempts')
      .set({ nonce: 'not-the-nonce-sent' })
      .where('used_at', 'is', null)
      .execute();
    const done = await callback(back, first.browser);
    expect(done).toEqual({ location: '/login?sso=SSO_INVALID', refresh: undefined });
    expect((await lastRefusal())?.detail).toMatch(/nonce/);
  });

  it('a provider that answers the callback with an error', async () => {
    const first = await start();
    const state = new URL(first.location).searchParams.get('state')!;
    const back = new URL(`${rpUrl}/api/v1/auth/sso/callback?error=access_denied&state=${state}`);
    expect((await callback(back, first.browser)).location).toBe('/login?sso=SSO_DENIED');
  });
});

describe('single sign-on: logout', () => {
  const closed = (socket: Socket) =>
    new Promise<number>((resolve) => {
      const at = Date.now();
      if (socket.disconnected) return resolve(0);
      socket.once('disconnect', () => resolve(Date.now() - at));
    });

  it('logout ends the Rounds session and answers where the provider ends its own (RP-initiated)', async () => {
    const s = await signInThroughProvider(person().id);
    const res = await callRoute(t.app, authRoutes.logout, { token: s.token });
    expect(res.statusCode).toBe(200);
    const end = new URL(res.json().endSessionUrl!);
    expect(`${end.origin}${end.pathname}`).toBe(`${op.issuer}/session/end`);
    expect(end.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${rpUrl}/login`);
    expect(await s.browser.logout(end.toString())).toEqual(new URL(`${rpUrl}/login`));
  });

  it('a password session has no provider to leave', async () => {
    const res = await callRoute(t.app, authRoutes.logout, {
      token: (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token,
    });
    expect(res.json()).toEqual({ message: 'OK' });
  });

  it('a back-channel logout from the provider ends the session and its sockets within 5 s', async () => {
    const p = person();
    const s = await signInThroughProvider(p.id);
    const socket = await openSocket(t, { id: s.user.id, email: s.user.email, name: 'Claire', token: s.token });
    const gone = closed(socket);
    const before = op.backchannel.ok;
    const at = Date.now();
    // The user signs out at the hospital's portal: the provider tells every client of that session.
    await s.browser.logout();
    expect(op.backchannel).toEqual({ ok: before + 1, failed: 0, errors: [] });
    await gone;
    expect(Date.now() - at).toBeLessThan(5_000);
    const me = await callRoute(t.app, accountRoutes.me, { token: s.token });
    expect(me.statusCode).toBe(401);
    expect(await events(s.user.id, 'sso logout')).toHaveLength(1);
  });

  it('refuses a logout token that is not the provider’s', async () => {
    const res = await callRoute(t.app, ssoRoutes.backchannelLogout, {
      body: { logout_token: 'eyJhbGciOiJub25lIn0.e30.' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.error().code).toBe('INVALID_LOGOUT_TOKEN');
  });
});

describe('single sign-on: the only way in', () => {
  it('an Admin makes SSO the only way in: passwords are refused but for the break-glass local Admin', async () => {
    const admin = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const put = await callRoute(t.app, ssoRoutes.updatePolicy, { token: admin.token, body: { ssoOnly: true } });
    expect(put.json()).toEqual({ data: { ssoOnly: true } });
    try {
      expect((await callRoute(t.app, ssoRoutes.status, {})).json().data.only).toBe(true);
      const nurse = await createUser(t.app);
      const refused = await callRoute(t.app, authRoutes.login, {
        body: { username: nurse.email, password: TEST_PASSWORD },
        remoteAddress: freshIp(),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.error().code).toBe('SSO_REQUIRED');
      await expect(login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).resolves.toMatchObject({});
      // Nobody registers an account that could not sign in: the login page's Register button goes too.
      const registration = await callRoute(t.app, publicSettingRoutes.selfRegistration, {});
      expect(registration.json()).toEqual({ isSelfRegistrationEnabled: 'false' });
      // Single sign-on itself still works.
      await signInThroughProvider(person().id);
      expect(await events(admin.userId, 'sso policy changed')).toEqual([
        { event: 'sso policy changed', details: { ssoOnly: true } },
      ]);
    } finally {
      await callRoute(t.app, ssoRoutes.updatePolicy, { token: admin.token, body: { ssoOnly: false } });
    }
  });
});

describe('single sign-on: a provider that is down', () => {
  it('the button says so, the start goes back to the login page, and password sign-in still works', async () => {
    await op.stop();
    try {
      // The provider is asked again every few seconds, not on every page load.
      await vi.waitFor(
        async () =>
          expect((await callRoute(t.app, ssoRoutes.status, {})).json().data).toMatchObject({
            enabled: true,
            available: false,
          }),
        { timeout: 5_000, interval: 200 },
      );
      const res = await callRoute(t.app, ssoRoutes.start, { query: {}, remoteAddress: freshIp() });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?sso=SSO_UNAVAILABLE');
      const nurse = await createUser(t.app);
      await expect(login(t.app, nurse.email)).resolves.toMatchObject({ userId: nurse.id });
    } finally {
      await op.restart();
    }
  });
});
