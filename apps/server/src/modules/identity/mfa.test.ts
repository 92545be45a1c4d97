import { adminUserRoutes } from '@rounds/contracts/admin-users';
import { authRoutes } from '@rounds/contracts/auth';
import { MFA_CODES, mfaRoutes } from '@rounds/contracts/mfa';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { knownSeed, totpCode } from '../../../test/support/mfa';
import { TEST_ADMIN, type TestApp, useTestApp } from '../../../test/support/test-app';
import { createUser, freshIp, login, passwordStep, TEST_PASSWORD } from '../../../test/support/users';

/**
 * Multi-factor sign-in (issue 26) against a real database: enrolment at sign-in for the roles the policy names,
 * the code after the password, the wait after five wrong codes, recovery codes spent once, Settings' factors,
 * the Admin's policy and reset, and the seed never leaving the server after enrolment nor resting in clear.
 * The clock is the code's: otplib computes a code for any epoch, so "a code from two minutes ago" is exact.
 */
let t: TestApp;
let adminToken: string;
useTestApp(
  async (app) => {
    t = app;
    adminToken = (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token;
  },
  { SINGLE_SESSION: 'false' },
  { listen: false },
);

const now = () => Math.floor(Date.now() / 1000);

/**
 * Waits, when the current 30 s step has less than `seconds` left, for the next one to begin: a code worked out
 * for "the step before" must still be that when the server checks it, after the password step's argon2 (seconds
 * on a busy machine), or it is two steps old and rightly refused.
 */
async function earlyInStep(seconds = 10): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** An account with an authenticator enrolled at its first sign-in (the policy asks Admins and FacilityAdmins). */
async function enrolled(role: 'Admin' | 'FacilityAdmin' = 'FacilityAdmin') {
  const user = await createUser(t.app, { role });
  const { res, ip } = await passwordStep(t.app, user.email);
  expect(res.statusCode).toBe(403);
  const mfaToken = String(res.error().mfaToken);
  const started = await callRoute(t.app, mfaRoutes.enrolStart, { body: { mfaToken }, remoteAddress: ip });
  const { factorId, secret } = started.json().data;
  const done = await callRoute(t.app, mfaRoutes.enrolConfirm, {
    body: { mfaToken, factorId, code: await totpCode(secret), label: 'My phone' },
    remoteAddress: ip,
  });
  expect(done.statusCode).toBe(200);
  return { ...user, secret, token: done.json().token!, recoveryCodes: done.json().recoveryCodes! };
}

async function codeStep(email: string, code: string) {
  const { res, ip } = await passwordStep(t.app, email);
  expect(res.error().code).toBe(MFA_CODES.required);
  return callRoute(t.app, mfaRoutes.verify, {
    body: { mfaToken: String(res.error().mfaToken), code },
    remoteAddress: ip,
  });
}

const auditEvents = async (userId: string) =>
  (await t.app.db.selectFrom('audit_logs').select('event').where('user_id', '=', userId).execute()).map((r) => r.event);

describe('enrolment at sign-in', () => {
  it('gives a FacilityAdmin no session for the password alone, then one once an authenticator answers', async () => {
    const user = await createUser(t.app, { role: 'FacilityAdmin' });
    const { res, ip } = await passwordStep(t.app, user.email);
    expect(res.statusCode).toBe(403);
    expect(res.error().code).toBe(MFA_CODES.enrolmentRequired);
    expect(res.cookies.find((c) => c.name === 'rounds_refresh')).toBeUndefined();
    const mfaToken = String(res.error().mfaToken);

    // The challenge token is no session: nothing signed in accepts it.
    const asBearer = await callRoute(t.app, authRoutes.sessions, { token: mfaToken });
    expect(asBearer.statusCode).toBe(401);

    const started = await callRoute(t.app, mfaRoutes.enrolStart, { body: { mfaToken }, remoteAddress: ip });
    expect(started.statusCode).toBe(200);
    const { factorId, secret, otpauthUrl, qrCode } = started.json().data;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await callRoute(t.app, mfaRoutes.enrolConfirm, {
      body: { mfaToken, factorId, code: await totpCode(secret, now() - 120), label: 'Phone' },
      remoteAddress: ip,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.error().code).toBe('INVALID_CODE');

    const done = await callRoute(t.app, mfaRoutes.enrolConfirm, {
      body: { mfaToken, factorId, code: await totpCode(secret), label: 'Phone' },
      remoteAddress: ip,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().token).toBeTruthy();
    expect(done.cookies.find((c) => c.name === 'rounds_refresh')).toBeDefined();
    const codes = done.json().recoveryCodes!;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await auditEvents(user.id)).toContain('second factor added');
  });

  it('refuses a forged or expired challenge token', async () => {
    const res = await callRoute(t.app, mfaRoutes.verify, {
      body: { mfaToken: adminToken, code: '123456' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.error().code).toBe('INVALID_TOKEN');
  });
});

describe('signing in with a code', () => {
  it('asks the code after a right password and accepts the current one, or the one just before', async () => {
    const user = await enrolled();
    const current = await codeStep(user.email, await totpCode(user.secret));
    expect(current.statusCode).toBe(200);
    expect(current.json().user.id).toBe(user.id);
    await earlyInStep();
    const previous = await codeStep(user.email, await totpCode(user.secret, now() - 30));
    expect(previous.statusCode).toBe(200);
    const stale = await codeStep(user.email, await totpCode(user.secret, now() - 120));
    expect(stale.statusCode).toBe(400);
  });

  it('makes the account wait after five wrong codes, even for the right one, and logs each failure', async () => {
    const user = await enrolled();
    const right = await totpCode(user.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const res = await codeStep(user.email, wrong);
      expect(res.statusCode).toBe(400);
    }
    const fifth = await codeStep(user.email, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.error().code).toBe('LOGIN_THROTTLED');
    expect(Number(fifth.error().retryAfter)).toBe(30);
    const blocked = await codeStep(user.email, await totpCode(user.secret));
    expect(blocked.statusCode).toBe(429);
    expect((await auditEvents(user.id)).filter((e) => e === 'second factor failed')).toHaveLength(5);
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const user = await enrolled();
    const [code] = user.recoveryCodes;
    const typed = code!.replace('-', ' ').toLowerCase();
    const first = await codeStep(user.email, typed);
    expect(first.statusCode).toBe(200);
    const again = await codeStep(user.email, code!);
    expect(again.statusCode).toBe(400);
    expect(await auditEvents(user.id)).toContain('recovery code used');
    const list = await callRoute(t.app, mfaRoutes.factors, { token: first.json().token! });
    expect(list.json().data.recoveryCodesLeft).toBe(9);
  });
});

describe('the seed', () => {
  it('never leaves the server after enrolment and never rests in clear', async () => {
    const user = await enrolled();
    const list = await callRoute(t.app, mfaRoutes.factors, { token: user.token });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(user.secret);
    expect(list.json().data.factors).toEqual([
      expect.objectContaining({ kind: 'totp', label: 'My phone', lastUsedAt: expect.any(Number) }),
    ]);
    const signIn = await codeStep(user.email, await totpCode(user.secret));
    expect(signIn.body).not.toContain(user.secret);

    const rows = await t.app.db.selectFrom('mfa_factors').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(user.secret);
    const codes = await t.app.db.selectFrom('mfa_recovery_codes').selectAll().where('user_id', '=', user.id).execute();
    expect(codes).toHaveLength(10);
    for (const code of user.recoveryCodes) expect(JSON.stringify(codes)).not.toContain(code.replace('-', ''));
    const logs = await t.app.db.selectFrom('audit_logs').selectAll().where('user_id', '=', user.id).execute();
    expect(JSON.stringify(logs)).not.toContain(user.secret);
  });
});

describe('Settings: the account’s factors', () => {
  it('adds a second authenticator, renames it, and removes one with the password or a code', async () => {
    const user = await enrolled();
    const started = await callRoute(t.app, mfaRoutes.addTotp, { token: user.token });
    const { factorId, secret } = started.json().data;
    const added = await callRoute(t.app, mfaRoutes.confirm, {
      token: user.token,
      params: { id: factorId },
      body: { code: await totpCode(secret), label: 'Tablet' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.recoveryCodes).toBeNull();

    const renamed = await callRoute(t.app, mfaRoutes.rename, {
      token: user.token,
      params: { id: factorId },
      body: { label: 'Ward tablet' },
    });
    expect(renamed.json().data.factor.label).toBe('Ward tablet');

    const noProof = await callRoute(t.app, mfaRoutes.remove, {
      token: user.token,
      params: { id: factorId },
      body: { password: 'Not-the-password1' },
    });
    expect(noProof.statusCode).toBe(400);
    expect(noProof.error().code).toBe('INVALID_PASSWORD');
    const removed = await callRoute(t.app, mfaRoutes.remove, {
      token: user.token,
      params: { id: factorId },
      body: { code: await totpCode(user.secret) },
    });
    expect(removed.statusCode).toBe(200);

    // The policy asks this FacilityAdmin for a factor: the last one stays until another is added.
    const [last] = (await callRoute(t.app, mfaRoutes.factors, { token: user.token })).json().data.factors;
    const refused = await callRoute(t.app, mfaRoutes.remove, {
      token: user.token,
      params: { id: last!.id },
      body: { password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.error().code).toBe('MFA_REQUIRED_BY_POLICY');

    // Another's factor is answered like a missing one.
    const other = await enrolled();
    const foreign = await callRoute(t.app, mfaRoutes.rename, {
      token: other.token,
      params: { id: last!.id },
      body: { label: 'Mine' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets a Regular user, whom the policy does not oblige, enrol and later remove their only factor', async () => {
    const user = await createUser(t.app);
    const { token } = await login(t.app, user.email);
    const { factorId, secret } = (await callRoute(t.app, mfaRoutes.addTotp, { token })).json().data;
    const done = await callRoute(t.app, mfaRoutes.confirm, {
      token,
      params: { id: factorId },
      body: { code: await totpCode(secret), label: 'Phone' },
    });
    expect(done.json().data.recoveryCodes).toHaveLength(10);
    // Now the password alone is not enough for them either.
    const { res } = await passwordStep(t.app, user.email);
    expect(res.error().code).toBe(MFA_CODES.required);
    const removed = await callRoute(t.app, mfaRoutes.remove, {
      token,
      params: { id: factorId },
      body: { password: TEST_PASSWORD },
    });
    expect(removed.statusCode).toBe(200);
    expect((await passwordStep(t.app, user.email)).res.statusCode).toBe(200);
    const codes = await t.app.db.selectFrom('mfa_recovery_codes').select('id').where('user_id', '=', user.id).execute();
    expect(codes).toHaveLength(0);
  });
});

describe('the Admin’s policy and reset', () => {
  it('asks everyone to enrol when set so, and nobody when off, in the Admin’s user log', async () => {
    const regular = await createUser(t.app);
    expect((await passwordStep(t.app, regular.email)).res.statusCode).toBe(200);
    const set = await callRoute(t.app, mfaRoutes.setPolicy, { token: adminToken, body: { policy: 'everyone' } });
    expect(set.json().data.policy).toBe('everyone');
    expect((await passwordStep(t.app, regular.email)).res.error().code).toBe(MFA_CODES.enrolmentRequired);

    await callRoute(t.app, mfaRoutes.setPolicy, { token: adminToken, body: { policy: 'off' } });
    const fa = await createUser(t.app, { role: 'FacilityAdmin' });
    expect((await passwordStep(t.app, fa.email)).res.statusCode).toBe(200);

    await callRoute(t.app, mfaRoutes.setPolicy, { token: adminToken, body: { policy: 'admins' } });
    expect((await callRoute(t.app, mfaRoutes.policy, { token: adminToken })).json().data.policy).toBe('admins');
    expect((await passwordStep(t.app, fa.email)).res.error().code).toBe(MFA_CODES.enrolmentRequired);
    const adminId = (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).userId;
    expect((await auditEvents(adminId)).filter((e) => e === 'multi-factor policy changed')).toHaveLength(3);

    const fromFa = await callRoute(t.app, mfaRoutes.setPolicy, {
      token: (await login(t.app, fa.email)).token,
      body: { policy: 'off' },
    });
    expect(fromFa.statusCode).toBe(403);
  });

  it('keeps the factors through an Admin’s password reset; an Admin’s factor reset removes them, logged', async () => {
    const user = await enrolled();
    const reset = await callRoute(t.app, adminUserRoutes.resetPassword, {
      token: adminToken,
      body: { id: user.id, newPassword: TEST_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect((await passwordStep(t.app, user.email)).res.error().code).toBe(MFA_CODES.required);

    const cleared = await callRoute(t.app, mfaRoutes.resetUser, { token: adminToken, params: { id: user.id } });
    expect(cleared.statusCode).toBe(200);
    expect(await auditEvents(user.id)).toContain('second factors reset');
    // A FacilityAdmin must enrol again; their old authenticator and recovery codes are gone.
    expect((await passwordStep(t.app, user.email)).res.error().code).toBe(MFA_CODES.enrolmentRequired);
    const codes = await t.app.db.selectFrom('mfa_recovery_codes').select('id').where('user_id', '=', user.id).execute();
    expect(codes).toHaveLength(0);
  });

  it('signs the first Admin in through both steps in every test (the shared helper enrolled them)', () => {
    expect(knownSeed(t.app, TEST_ADMIN.email)).toMatch(/^[A-Z2-7]+$/);
  });
});
