import type { TApiRoute, TBodyIn } from '@rounds/contracts/api-route';
import { authRoutes } from '@rounds/contracts/auth';
import { outboxRoutes } from '@rounds/contracts/outbox';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type TRouteInput } from '../../../test/support/call-route';
import { solveCaptcha } from '../../../test/support/captcha';
import { collect, member, openSocket, settle } from '../../../test/support/chat';
import { latestCode as codeFor, outbox as readOutbox } from '../../../test/support/outbox';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createUser, freshIp, login, referenceIds, TEST_PASSWORD } from '../../../test/support/users';
import { newId } from '../../lib/ids';
import { signAccessToken } from '../../lib/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = <R extends TApiRoute>(route: R, body: TBodyIn<R>, headers: Record<string, string> = {}) =>
  callRoute(t.app, route, { body, headers, remoteAddress: freshIp() } as unknown as TRouteInput<R>);

const outbox = (to: string) => readOutbox(t.app, to);
const latestCode = (to: string) => codeFor(t.app, to);

async function registrationPayload(email: string) {
  const r = await referenceIds(t.app);
  return {
    email,
    password: 'Nurse2026',
    firstName: ' Claire ',
    lastName: 'Fontenot',
    phone: '2255550199',
    phoneCountryCode: '+1',
    phoneCountryName: 'United States',
    facilityId: [r.facilities],
    departmentId: [r.departments],
    professionId: r.professions,
    specialtyId: [r.specialties],
    suffixId: r.suffixes,
    captchaResponse: await solveCaptcha(t.app),
  };
}

describe('register → verify email → verify phone → login', () => {
  it('walks the whole flow with codes from the outbox', async () => {
    // Someone already signed in sees the newcomer arrive once both checks are done, not before.
    await t.listen();
    const watcher = await openSocket(t, await member(t));
    const arrivals = collect<{ userId: string }>(watcher, 'NewRegisteredContact');
    const email = `claire.${newId().slice(-6)}@test.rounds`;
    const reg = await post(authRoutes.register, await registrationPayload(email));
    expect(reg.statusCode, reg.body).toBe(200);
    const { tempToken, user } = reg.json();
    expect(user.firstName).toBe('Claire');
    expect(user.emailVerified).toBe(false);
    expect(user.unverifiedPhone).toBe('2255550199');

    // Login before verification sends to the email confirm screen with a temporary token.
    const early = await post(authRoutes.login, { username: email, password: 'Nurse2026' });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', tempToken: expect.any(String) });

    const mail = (await outbox(email))[0]!;
    expect(mail.channel).toBe('email');
    expect(mail.subject).toContain('Rounds');
    const code = await latestCode(email);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await post(authRoutes.verifyEmail, {
      verifyToken: code === '000000' ? '111111' : '000000',
      tempToken,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE', attemptLeft: 4 });

    const ok = await post(authRoutes.verifyEmail, { verifyToken: code, tempToken });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ token: null, phoneVerified: false });
    expect(ok.json().user).toMatchObject({ email, emailVerified: true, unverifiedEmail: null });

    await settle();
    expect(arrivals.seen).toEqual([]);

    // A used code cannot be used again.
    const reused = await post(authRoutes.verifyEmail, { verifyToken: code, tempToken });
    expect(reused.statusCode).toBe(400);

    const sms = (await outbox('+12255550199'))[0]!;
    expect(sms.channel).toBe('sms');
    expect(sms.text).toMatch(/^Rounds: your verification code is \d{6}$/);
    const smsCode = await latestCode('+12255550199');

    const phoneEarly = await post(authRoutes.login, { username: email, password: 'Nurse2026' });
    expect(phoneEarly.error().code).toBe('PHONE_NOT_VERIFIED');
    const phoneTemp = phoneEarly.error().tempToken as string;
    const smsCode2 = await latestCode('+12255550199'); // login sent a fresh one
    expect(smsCode2).not.toBe('');

    const phone = await post(authRoutes.verifyPhone, { verifyToken: smsCode2, tempToken: phoneTemp });
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json().user).toMatchObject({ phone: '2255550199', unverifiedPhone: null, phoneVerified: true });
    expect(await arrivals.next()).toEqual({ userId: user.id });
    expect(smsCode).toMatch(/^\d{6}$/);

    const session = await post(authRoutes.login, {
      username: email.toUpperCase(),
      password: 'Nurse2026',
      remember: true,
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({ token: expect.any(String), tempToken: null, role: 'Regular' });
    expect(session.json().user.facilities).toHaveLength(1);
    const cookie = session.cookies.find((c) => c.name === 'rounds_refresh')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.expires).toBeInstanceOf(Date); // remember me outlives the browser

    const audit = await t.app.db.selectFrom('audit_logs').select('event').where('user_id', '=', user.id).execute();
    expect(audit.map((a) => a.event)).toEqual(
      expect.arrayContaining(['register', 'email verified', 'phone verified', 'login']),
    );
  });

  it('refuses a bad captcha, a reused captcha, a taken email and bad fields', async () => {
    const email = `dup.${newId().slice(-6)}@test.rounds`;
    const payload = await registrationPayload(email);
    const twoRoles = await post(authRoutes.register, { ...payload, professionId: [newId(), newId()] });
    expect(twoRoles.statusCode).toBe(400);
    expect(twoRoles.error().message).toBe('professionId: only one value is allowed');
    const bad = await post(authRoutes.register, { ...payload, captchaResponse: 'bm90IGEgc29sdXRpb24=' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Captcha challenge not passed!', code: 'CAPTCHA_FAILED' });

    expect((await post(authRoutes.register, payload)).statusCode).toBe(200);
    const replay = await post(authRoutes.register, { ...payload, email: `other.${email}` });
    expect(replay.error().code).toBe('CAPTCHA_FAILED');
    const again = await post(authRoutes.register, { ...payload, captchaResponse: await solveCaptcha(t.app) });
    expect(again.statusCode).toBe(409);
    expect(again.error().code).toBe('EMAIL_TAKEN');

    const weak = await post(authRoutes.register, { ...payload, email: `w.${email}`, password: 'abcdef1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.error().message).toBe('password: Password must contain an uppercase letter');

    const phone = await post(authRoutes.register, { ...payload, email: `p.${email}`, phone: '555-12' });
    expect(phone.error().message).toContain('phone');

    const fr = await post(
      authRoutes.register,
      { ...payload, email: `f.${email}`, password: 'Ab1' },
      { 'accept-language': 'fr-FR,fr;q=0.9' },
    );
    expect(fr.error().message).toBe('password: Le mot de passe doit contenir au moins 6 caractères');

    const unknownItem = await post(authRoutes.register, {
      ...payload,
      email: `u.${email}`,
      facilityId: [newId()],
      captchaResponse: await solveCaptcha(t.app),
    });
    expect(unknownItem.statusCode).toBe(400);
    expect(unknownItem.error().message).toContain('facilityId');

    const long = await post(authRoutes.register, {
      ...payload,
      email: `l.${email}`,
      password: `Aa1${'x'.repeat(300)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.error().message).toContain('256');
  });

  it('refuses registration when self-registration is off', async () => {
    await t.app.db
      .updateTable('settings')
      .set({ value: 'false' })
      .where('key', '=', 'isSelfRegistrationEnabled')
      .execute();
    try {
      const res = await post(authRoutes.register, await registrationPayload(`off.${newId().slice(-6)}@test.rounds`));
      expect(res.statusCode).toBe(403);
      expect(res.error().code).toBe('REGISTRATION_DISABLED');
    } finally {
      await t.app.db
        .updateTable('settings')
        .set({ value: 'true' })
        .where('key', '=', 'isSelfRegistrationEnabled')
        .execute();
    }
  });
});

describe('verification codes', () => {
  async function pending() {
    const email = `code.${newId().slice(-6)}@test.rounds`;
    const reg = await post(authRoutes.register, await registrationPayload(email));
    return { email, tempToken: reg.json().tempToken as string };
  }

  it('burns the code after five wrong tries', async () => {
    const { email, tempToken } = await pending();
    const code = await latestCode(email);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const lefts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(authRoutes.verifyEmail, { verifyToken: wrongCode, tempToken });
      lefts.push(res.error().attemptLeft as number);
    }
    expect(lefts).toEqual([4, 3, 2, 1, 0]);
    const right = await post(authRoutes.verifyEmail, { verifyToken: code, tempToken });
    expect(right.statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const { email, tempToken } = await pending();
    const code = await latestCode(email);
    await t.app.db
      .updateTable('verification_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('target', '=', email)
      .execute();
    const res = await post(authRoutes.verifyEmail, { verifyToken: code, tempToken });
    expect(res.error().code).toBe('EXPIRED_CODE');
  });

  it('limits resends to 3 per 10 minutes per address', async () => {
    const { email, tempToken } = await pending(); // registration sent one
    const a = await post(authRoutes.resendEmail, { email, tempToken });
    expect(a.json()).toMatchObject({ attemptLeft: 1 });
    const b = await post(authRoutes.resendEmail, { email, tempToken });
    expect(b.json()).toMatchObject({ attemptLeft: 0 });
    const c = await post(authRoutes.resendEmail, { email, tempToken });
    expect(c.statusCode).toBe(429);
    expect(c.error().code).toBe('RESEND_LIMITED');
    expect(await outbox(email)).toHaveLength(3);
  });

  it('refuses codes without a valid temporary token, or with an access token as one', async () => {
    const noToken = await post(authRoutes.verifyEmail, { verifyToken: '123456' });
    expect(noToken.statusCode).toBe(401);
    const u = await createUser(t.app);
    const { token } = await login(t.app, u.email);
    const asTemp = await post(authRoutes.verifyEmail, { verifyToken: '123456', tempToken: token });
    expect(asTemp.statusCode).toBe(401);
    const format = await post(authRoutes.verifyEmail, { verifyToken: '12a456', tempToken: token });
    expect(format.statusCode).toBe(400);
  });

  it('lets a mistyped email be changed on the confirm screen', async () => {
    const { email, tempToken } = await pending();
    const fixed = `fixed.${email}`;
    const res = await post(authRoutes.changeEmail, { email: fixed, tempToken });
    expect(res.statusCode, res.body).toBe(200);
    const code = await latestCode(fixed);
    const ok = await post(authRoutes.verifyEmail, { verifyToken: code, tempToken });
    expect(ok.json().user.email).toBe(fixed);
  });
});

describe('login', () => {
  it('counts down attempts from one address, asks for the captcha, then makes that address wait', async () => {
    const u = await createUser(t.app);
    const ip = freshIp();
    const attempt = async (password: string, captcha = false) =>
      callRoute(t.app, authRoutes.login, {
        body: {
          username: u.email,
          password,
          ...(captcha ? { captchaResponse: await solveCaptcha(t.app) } : {}),
        },
        remoteAddress: ip,
      });
    const replies = [];
    for (let i = 0; i < 3; i++) replies.push((await attempt('Wrong1234')).error());
    expect(replies.map((r) => r.attemptLeft)).toEqual([4, 3, 2]);
    expect(replies[0]).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Incorrect username or password.' });
    expect(replies[2]).toMatchObject({ captchaRequired: true });
    const noCaptcha = await attempt('Wrong1234');
    expect(noCaptcha.statusCode).toBe(403);
    expect(noCaptcha.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', attemptLeft: 2, captchaRequired: true });
    expect((await attempt('Wrong1234', true)).json()).toMatchObject({ code: 'INVALID_CREDENTIALS', attemptLeft: 1 });
    const fifth = await attempt('Wrong1234', true);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'LOGIN_THROTTLED', attemptLeft: 0, retryAfter: 30 });
    expect(fifth.error().message).toBe('Too many failed attempts from here. Please wait 30 seconds and try again.');
    // That address waits, even with the right password; the wait ends on its own.
    expect((await attempt(TEST_PASSWORD, true)).statusCode).toBe(429);
    await t.app.db
      .updateTable('login_throttle')
      .set({ blocked_until: Date.now() - 1 })
      .where('key', 'like', 'pair:%')
      .execute();
    expect((await attempt(TEST_PASSWORD, true)).statusCode).toBe(200);
    const events = await t.app.db.selectFrom('audit_logs').select('event').where('user_id', '=', u.id).execute();
    expect(events.filter((e) => e.event === 'login failed')).toHaveLength(5);
    expect(events.some((e) => e.event === 'login throttled')).toBe(true);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const res = await post(authRoutes.login, { username: 'nobody@test.rounds', password: 'Wrong1234' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Incorrect username or password.',
      code: 'INVALID_CREDENTIALS',
      attemptLeft: 4,
    });
  });

  it('refuses an inactive account and validates input', async () => {
    const u = await createUser(t.app, { active: 0 });
    const res = await post(authRoutes.login, { username: u.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.error().code).toBe('ACCOUNT_INACTIVE');
    const bad = await post(authRoutes.login, { username: 'not-an-email', password: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().message).toBe('username: Invalid email address');
    const huge = await post(authRoutes.login, { username: u.email, password: 'x'.repeat(1000) });
    expect(huge.statusCode).toBe(400);
  });
});

describe('tokens and sessions', () => {
  const me = (token: string) => callRoute(t.app, authRoutes.logout, { token });

  it('rotates the refresh token and detects reuse', async () => {
    const u = await createUser(t.app);
    const s = await login(t.app, u.email);
    const first = await callRoute(t.app, authRoutes.refreshToken, {
      body: {},
      headers: { cookie: s.cookie },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().token).toEqual(expect.any(String));
    const rotated = first.cookies.find((c) => c.name === 'rounds_refresh')!.value;
    expect(`rounds_refresh=${rotated}`).not.toBe(s.cookie);

    // The old one again: reuse ends the whole session, including the rotated token.
    const reuse = await callRoute(t.app, authRoutes.refreshToken, {
      body: {},
      headers: { cookie: s.cookie },
    });
    expect(reuse.statusCode).toBe(401);
    const after = await callRoute(t.app, authRoutes.refreshToken, {
      body: {},
      headers: { cookie: `rounds_refresh=${rotated}` },
    });
    expect(after.statusCode).toBe(401);
    expect((await me(first.json().token)).statusCode).toBe(401);
  });

  it('refuses a refresh token used as an access token, a tampered JWT and alg none', async () => {
    const u = await createUser(t.app);
    const s = await login(t.app, u.email);
    const refreshValue = s.cookie.split('=')[1]!;
    expect((await me(refreshValue)).statusCode).toBe(401);
    const [h, p] = s.token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'Admin' })).toString('base64url');
    expect((await me(`${h}.${forged}.${s.token.split('.')[2]}`)).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    expect((await me(none)).statusCode).toBe(401);
    const wrongTyp = await new SignJWT({ typ: 'temp', sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    expect((await me(wrongTyp)).statusCode).toBe(401);
    const expired = await signAccessToken(t.config.JWT_SECRET, { sub: u.id, role: 'Regular', sid: claims.sid }, -5);
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please log in again.');
  });

  it('logout revokes every session and refresh token of the user', async () => {
    const u = await createUser(t.app);
    const s = await login(t.app, u.email);
    expect((await me(s.token)).statusCode).toBe(200);
    expect((await me(s.token)).statusCode).toBe(401);
    const refresh = await callRoute(t.app, authRoutes.refreshToken, {
      body: {},
      headers: { cookie: s.cookie },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('a second login ends the first session after a 10 s grace', async () => {
    const u = await createUser(t.app);
    const first = await login(t.app, u.email);
    const second = await login(t.app, u.email);
    const sessions = await t.app.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', u.id)
      .orderBy('created_at')
      .execute();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.revoked_reason).toBe('duplicateSession');
    expect(sessions[0]!.revoked_at! - Date.now()).toBeGreaterThan(5_000);
    expect(sessions[1]!.revoked_at).toBeNull();
    await t.app.db
      .updateTable('sessions')
      .set({ revoked_at: Date.now() - 1 })
      .where('id', '=', sessions[0]!.id)
      .execute();
    const old = await callRoute(t.app, authRoutes.logout, { token: first.token });
    expect(old.statusCode).toBe(401);
    expect(second.token).not.toBe(first.token);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown emails, and resets with the emailed code', async () => {
    const u = await createUser(t.app, { language: 'fr' });
    const known = await post(authRoutes.forgotPassword, { username: u.email });
    const unknown = await post(authRoutes.forgotPassword, { username: 'ghost@test.rounds' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mail = (await outbox(u.email))[0]!;
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Rounds');
    const code = /code de réinitialisation Rounds est ([A-Z0-9]{10})/.exec(mail.text)?.[1];
    expect(code).toBeDefined();

    const s = await login(t.app, u.email);
    const bad = await post(authRoutes.resetPassword, { token: 'AAAAAAAAAA', password: 'NewPass123' });
    expect(bad.statusCode).toBe(400);
    const weak = await post(authRoutes.resetPassword, { token: code!, password: 'nouppercase1' });
    expect(weak.statusCode).toBe(400);
    const ok = await post(authRoutes.resetPassword, { token: code!, password: 'NewPass123' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await post(authRoutes.resetPassword, { token: code!, password: 'NewPass456' })).statusCode).toBe(400);
    // Every session ends with a reset.
    const old = await callRoute(t.app, authRoutes.logout, { token: s.token });
    expect(old.statusCode).toBe(401);
    expect((await post(authRoutes.login, { username: u.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post(authRoutes.login, { username: u.email, password: 'NewPass123' })).statusCode).toBe(200);
  });
});

describe('outbox', () => {
  it('is for Admins only', async () => {
    const u = await createUser(t.app);
    const s = await login(t.app, u.email);
    const res = await callRoute(t.app, outboxRoutes.read, { query: { to: 'x@y.z' }, token: s.token });
    expect(res.statusCode).toBe(403);
    expect((await callRoute(t.app, outboxRoutes.read, { query: { to: 'x@y.z' } })).statusCode).toBe(401);
  });
});
