import { accountRoutes } from '@rounds/contracts/account';
import type { TApiRoute, TBodyIn } from '@rounds/contracts/api-route';
import { authRoutes } from '@rounds/contracts/auth';
import { outboxRoutes } from '@rounds/contracts/outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type TRouteInput } from '../../../test/support/call-route';
import { solveCaptcha } from '../../../test/support/captcha';
import { latestCode as codeFor, outbox as readOutbox } from '../../../test/support/outbox';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { createUser, freshIp, login, referenceIds, TEST_PASSWORD } from '../../../test/support/users';
import { newId } from '../../lib/ids';
import { passwordChecks } from './auth-login';

/** Regression tests for the findings of issue 14 in auth, codes and the outbox. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = <R extends TApiRoute>(route: R, body: TBodyIn<R>, ip = freshIp(), headers: Record<string, string> = {}) =>
  callRoute(t.app, route, { body, remoteAddress: ip, headers } as unknown as TRouteInput<R>);

const outbox = (to: string) => readOutbox(t.app, to);
const latestCode = (to: string) => codeFor(t.app, to);

/** A self-registered account with a verified email, at the SMS step, its code sent to `phone`. */
async function atPhoneStep(phone: string) {
  const r = await referenceIds(t.app);
  const email = `sec.${newId().slice(-8)}@test.rounds`;
  const reg = await post(authRoutes.register, {
    email,
    password: 'Nurse2026',
    firstName: 'Sam',
    lastName: 'Attacker',
    phone,
    phoneCountryCode: '+1',
    phoneCountryName: 'United States',
    facilityId: [r.facilities],
    departmentId: [r.departments],
    professionId: [r.professions],
    specialtyId: [r.specialties],
    suffixId: [r.suffixes],
    captchaResponse: await solveCaptcha(t.app),
  });
  expect(reg.statusCode, reg.body).toBe(200);
  const { tempToken, user } = reg.json();
  const verified = await post(authRoutes.verifyEmail, { verifyToken: await latestCode(email), tempToken });
  expect(verified.statusCode, verified.body).toBe(200);
  return { email, tempToken: tempToken as string, userId: user.id as string };
}

const userRow = (id: string) => t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Uses up the send budget of a phone or address, as sends from elsewhere would. */
async function spendSends(target: string, n = 3) {
  for (let i = 0; i < n; i++)
    await t.app.db
      .insertInto('code_sends')
      .values({ id: newId(), target, ip: '198.51.100.7', created_at: Date.now() })
      .execute();
}

describe('phone verification is bound to the number the code went to', () => {
  it('a refused change-phone leaves the pending number, and a code verifies only its own number', async () => {
    const own = `55${String(Date.now()).slice(-8)}`;
    const victim = `66${String(Date.now()).slice(-8)}`;
    const { tempToken, userId } = await atPhoneStep(own);
    const ownCode = await latestCode(`+1${own}`);
    expect(ownCode).toMatch(/^\d{6}$/);

    await spendSends(`+1${victim}`);
    const refused = await post(authRoutes.changePhone, {
      phone: victim,
      phoneCountryCode: '+1',
      phoneCountryName: 'United States',
      tempToken,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.error().code).toBe('RESEND_LIMITED');
    expect((await userRow(userId)).unverified_phone).toBe(own);

    // However the pending number came to differ, the code sent to the other number does not verify it.
    await t.app.db.updateTable('users').set({ unverified_phone: victim }).where('id', '=', userId).execute();
    const wrongNumber = await post(authRoutes.verifyPhone, { verifyToken: ownCode, tempToken });
    expect(wrongNumber.statusCode).toBe(400);
    expect(wrongNumber.error().code).toBe('INVALID_CODE');
    expect((await userRow(userId)).phone_verified).toBe(0);

    await t.app.db.updateTable('users').set({ unverified_phone: own }).where('id', '=', userId).execute();
    const ok = await post(authRoutes.verifyPhone, { verifyToken: ownCode, tempToken });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ phone: own, phoneVerified: true, unverifiedPhone: null });
  });

  it('in settings, the code confirms only the phone or email it was sent to', async () => {
    const u = await createUser(t.app);
    const s = await login(t.app, u.email);
    const call = <R extends TApiRoute>(route: R, body: TBodyIn<R>) =>
      callRoute(t.app, route, { body, token: s.token, remoteAddress: freshIp() } as unknown as TRouteInput<R>);
    const me = await userRow(u.id);
    const next = `77${String(Date.now()).slice(-8)}`;
    const asked = await call(accountRoutes.requestContactChange, {
      email: u.email,
      phone: next,
      phoneCountryCode: '+1',
      phoneCountryName: 'United States',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const code = await latestCode(`+1${next}`);
    await t.app.db.updateTable('users').set({ unverified_phone: '7000000001' }).where('id', '=', u.id).execute();
    const refused = await call(accountRoutes.verifyContactChange, { verifyToken: code, type: 'phone' });
    expect(refused.statusCode).toBe(400);
    expect((await userRow(u.id)).phone).toBe(me.phone);

    await t.app.db.updateTable('users').set({ unverified_phone: next }).where('id', '=', u.id).execute();
    const ok = await call(accountRoutes.verifyContactChange, { verifyToken: code, type: 'phone' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.phone).toBe(next);
  });
});

describe('a login storm never refuses the right password from another place', () => {
  const attempt = async (email: string, password: string, ip: string, captcha = false) =>
    post(
      authRoutes.login,
      {
        username: email,
        password,
        ...(captcha ? { captchaResponse: await solveCaptcha(t.app) } : {}),
      },
      ip,
    );

  it('makes the storming address wait, asks everyone else for the captcha, and logs the storm', async () => {
    const u = await createUser(t.app);
    // Ten wrong passwords from two places (the captcha solved once it is asked for).
    const stormA = freshIp();
    const stormB = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await attempt(u.email, 'Wrong1234', i % 2 ? stormB : stormA, i >= 3);
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
    expect((await attempt(u.email, TEST_PASSWORD, stormA, true)).statusCode).toBe(429);

    // Elsewhere: the captcha is asked for, then the right password opens the session.
    const nurse = freshIp();
    const asked = await attempt(u.email, TEST_PASSWORD, nurse);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', captchaRequired: true });
    const ok = await attempt(u.email, TEST_PASSWORD, nurse, true);
    expect(ok.statusCode, ok.body).toBe(200);

    const storm = await t.app.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('user_id', '=', u.id)
      .where('event', '=', 'login storm')
      .execute();
    expect(storm).toHaveLength(1);
    expect(JSON.parse(storm[0]!.details!)).toMatchObject({ email: u.email, failures: 10 });
  });

  it('asks for the captcha from an address that sprays many accounts, without blocking it', async () => {
    const sprayer = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await attempt(`nobody${i}.${newId().slice(-6)}@test.rounds`, 'Wrong1234', sprayer);
      expect(res.statusCode).toBe(401);
    }
    const u = await createUser(t.app);
    expect((await attempt(u.email, TEST_PASSWORD, sprayer)).error().code).toBe('CAPTCHA_REQUIRED');
    expect((await attempt(u.email, TEST_PASSWORD, sprayer, true)).statusCode).toBe(200);
    expect((await attempt((await createUser(t.app)).email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('answers an unknown email like a real one all the way to the wait', async () => {
    const real = await createUser(t.app);
    const ghost = `ghost.${newId().slice(-6)}@test.rounds`;
    const walk = async (email: string) => {
      const ip = freshIp();
      const out = [];
      for (let i = 0; i < 6; i++) {
        const res = await attempt(email, 'Wrong1234', ip, i >= 3);
        out.push([res.statusCode, res.error().code, res.error().attemptLeft]);
      }
      return out;
    };
    expect(await walk(ghost)).toEqual(await walk(real.email));
  });

  it('spends one password hash on every answer, throttled and captcha-less ones too', async () => {
    const u = await createUser(t.app);
    const ip = freshIp();
    const spent = async (run: () => Promise<unknown>) => {
      const before = passwordChecks();
      await run();
      return passwordChecks() - before;
    };
    expect(await spent(() => attempt(`unknown.${newId()}@test.rounds`, 'Wrong1234', ip))).toBe(1);
    for (let i = 0; i < 2; i++) expect(await spent(() => attempt(u.email, 'Wrong1234', ip))).toBe(1);
    // Third failure from the account: the captcha is now asked for.
    expect(await spent(() => attempt(u.email, 'Wrong1234', ip))).toBe(1);
    expect(await spent(() => attempt(u.email, TEST_PASSWORD, ip))).toBe(1);
    for (let i = 0; i < 2; i++) await attempt(u.email, 'Wrong1234', ip, true);
    const blocked = await attempt(u.email, TEST_PASSWORD, ip, true);
    expect(blocked.statusCode).toBe(429);
    expect(await spent(() => attempt(u.email, TEST_PASSWORD, ip, true))).toBe(1);
  });

  it('a password reset ends the storm against the account', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < 3; i++) await attempt(u.email, 'Wrong1234', freshIp());
    expect((await attempt(u.email, TEST_PASSWORD, freshIp())).error().code).toBe('CAPTCHA_REQUIRED');
    await post(authRoutes.forgotPassword, { username: u.email });
    const code = /\b([A-Z2-9]{10})\b/.exec((await outbox(u.email))[0]!.text)![1]!;
    expect((await post(authRoutes.resetPassword, { token: code, password: 'Fresh2026' })).statusCode).toBe(200);
    expect((await attempt(u.email, 'Fresh2026', freshIp())).statusCode).toBe(200);
  });
});

describe('code sends', () => {
  it('are capped per account, whatever the address they go to', async () => {
    const { tempToken } = await atPhoneStep(`44${String(Date.now()).slice(-8)}`);
    // Registration sent the email code and email verification the SMS code: 2 of the account's 6.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(authRoutes.changePhone, {
        phone: `3${String(Date.now()).slice(-6)}${i}00`,
        phoneCountryCode: '+1',
        phoneCountryName: 'United States',
        tempToken,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('allow a hospital behind one address many sends (CODE_SENDS_PER_IP, 60 by default)', async () => {
    expect(t.config.CODE_SENDS_PER_IP).toBe(60);
    const hospital = freshIp();
    const u = await createUser(t.app);
    for (let i = 0; i < 59; i++)
      await t.app.db
        .insertInto('code_sends')
        .values({ id: newId(), target: `x${i}@test.rounds`, ip: hospital, created_at: Date.now() })
        .execute();
    expect((await post(authRoutes.forgotPassword, { username: u.email }, hospital)).statusCode).toBe(200);
    expect(await outbox(u.email)).toHaveLength(1);
    const other = await createUser(t.app);
    await post(authRoutes.forgotPassword, { username: other.email }, hospital);
    expect(await outbox(other.email)).toHaveLength(0);
  });
});

describe('the outbox', () => {
  it('writes every read to the user log: who read which address', async () => {
    const admin = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const to = `read.${newId().slice(-6)}@test.rounds`;
    const res = await callRoute(t.app, outboxRoutes.read, {
      query: { to: to.toUpperCase() },
      token: admin.token,
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(200);
    const reads = await t.app.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('event', '=', 'outbox read')
      .where('user_id', '=', admin.userId)
      .execute();
    expect(reads.map((r) => [JSON.parse(r.details!).to, r.ip])).toContainEqual([to, '203.0.113.9']);
  });
});

describe('the refresh cookie and HSTS follow the scheme the browser used', () => {
  it('behind a TLS proxy (TRUST_PROXY): Secure and HSTS; over plain http: neither; clearing matches', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const u = await createUser(proxied.app);
      const loginVia = (headers: Record<string, string>) =>
        callRoute(proxied.app, authRoutes.login, {
          body: { username: u.email, password: TEST_PASSWORD },
          headers,
          remoteAddress: freshIp(),
        });
      const tls = await loginVia({ 'x-forwarded-proto': 'https' });
      expect(tls.statusCode, tls.body).toBe(200);
      expect(tls.cookies.find((c) => c.name === 'rounds_refresh')).toMatchObject({
        secure: true,
        sameSite: 'Strict',
        httpOnly: true,
      });
      expect(tls.headers['strict-transport-security']).toContain('max-age=');

      const plain = await loginVia({});
      expect(plain.cookies.find((c) => c.name === 'rounds_refresh')?.secure).toBeFalsy();
      expect(plain.headers['strict-transport-security']).toBeUndefined();

      const out = await callRoute(proxied.app, authRoutes.logout, {
        token: plain.json().token!,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(out.statusCode).toBe(200);
      expect(out.cookies.find((c) => c.name === 'rounds_refresh')).toMatchObject({
        value: '',
        sameSite: 'Strict',
        secure: true,
        httpOnly: true,
      });
    } finally {
      await proxied.close();
    }
  });
});
