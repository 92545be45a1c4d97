import { MFA_CODES, mfaRoutes } from '@rounds/contracts/mfa';
import {
  type CreationOptions,
  PasskeyAuthenticator,
  type RequestOptions,
} from '@rounds/test-kit/passkey-authenticator';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { knownSeed, totpCode } from '../../../test/support/mfa';
import { TEST_ADMIN, type TestApp, useTestApp } from '../../../test/support/test-app';
import { createUser, freshIp, login, passwordStep, TEST_PASSWORD } from '../../../test/support/users';

/**
 * Passkeys (issue 26) against a real database, with a software authenticator that speaks WebAuthn (test-kit:
 * ES256 keys, `none` attestation, signed assertions): registration in Settings, the second step with a passkey
 * instead of a code, signing in without a password, the counter, replayed and foreign challenges, another
 * origin, an unknown credential, removal, and an Admin's reset. No refusal is a 500.
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

const origin = () => t.config.PUBLIC_URL;

const auditEvents = async (userId: string) =>
  (await t.app.db.selectFrom('audit_logs').select('event').where('user_id', '=', userId).execute()).map((r) => r.event);

/** Settings: the two calls around the browser's ceremony. */
async function registerPasskey(token: string, device: PasskeyAuthenticator, label = 'Work laptop') {
  const started = await callRoute(t.app, mfaRoutes.passkeyRegistrationOptions, { token });
  expect(started.statusCode).toBe(200);
  const { challengeId, options } = started.json().data;
  const credential = device.register(options as CreationOptions);
  return callRoute(t.app, mfaRoutes.addPasskey, { token, body: { challengeId, label, credential } });
}

/** A signed-in Regular user with a passkey of their own. */
async function withPasskey() {
  const user = await createUser(t.app);
  const { token } = await login(t.app, user.email);
  const device = new PasskeyAuthenticator(origin());
  const added = await registerPasskey(token, device);
  expect(added.statusCode).toBe(200);
  return { ...user, token, device, factor: added.json().data.factor, recoveryCodes: added.json().data.recoveryCodes };
}

async function signInOptions() {
  const res = await callRoute(t.app, mfaRoutes.passkeySignInOptions, { remoteAddress: freshIp() });
  expect(res.statusCode).toBe(200);
  return res.json().data as { challengeId: string; options: RequestOptions };
}

const passwordless = (challengeId: string, credential: ReturnType<PasskeyAuthenticator['authenticate']>) =>
  callRoute(t.app, mfaRoutes.passkeySignIn, {
    body: { challengeId, credential, remember: false },
    remoteAddress: freshIp(),
  });

describe('registering a passkey in Settings', () => {
  it('adds it beside the factors, with recovery codes when it is the first, and lists it by name', async () => {
    const user = await withPasskey();
    expect(user.factor).toMatchObject({ kind: 'passkey', label: 'Work laptop' });
    expect(user.recoveryCodes).toHaveLength(10);
    const list = await callRoute(t.app, mfaRoutes.factors, { token: user.token });
    expect(list.json().data.factors).toEqual([expect.objectContaining({ kind: 'passkey', label: 'Work laptop' })]);
    expect(await auditEvents(user.id)).toContain('second factor added');
    // The device's key stays on the device: the server keeps the public key and the counter.
    const [row] = await t.app.db.selectFrom('mfa_factors').selectAll().where('user_id', '=', user.id).execute();
    expect(row).toMatchObject({ kind: 'passkey', secret_sealed: '', credential_id: user.device.ids[0] });
    expect(Number(row!.sign_count)).toBe(0);

    // The same credential again (a replayed registration) is refused; a second device is welcome.
    const second = await registerPasskey(user.token, new PasskeyAuthenticator(origin()), 'Phone');
    expect(second.json().data.recoveryCodes).toBeNull();
  });

  it('refuses a replayed challenge, another account’s challenge, another origin, and a forged attestation', async () => {
    const user = await withPasskey();
    const other = await withPasskey();
    const device = new PasskeyAuthenticator(origin());

    const started = (await callRoute(t.app, mfaRoutes.passkeyRegistrationOptions, { token: user.token })).json().data;
    const credential = device.register(started.options as CreationOptions);
    const foreign = await callRoute(t.app, mfaRoutes.addPasskey, {
      token: other.token,
      body: { challengeId: started.challengeId, label: 'Stolen', credential },
    });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.error().code).toBe('INVALID_CHALLENGE');
    // The foreign try spent it: a challenge is taken once, whoever presents it.
    const replay = await callRoute(t.app, mfaRoutes.addPasskey, {
      token: user.token,
      body: { challengeId: started.challengeId, label: 'Laptop', credential },
    });
    expect(replay.statusCode).toBe(401);

    const fresh = (await callRoute(t.app, mfaRoutes.passkeyRegistrationOptions, { token: user.token })).json().data;
    const elsewhere = await callRoute(t.app, mfaRoutes.addPasskey, {
      token: user.token,
      body: {
        challengeId: fresh.challengeId,
        label: 'Phishing site',
        credential: device.register(fresh.options as CreationOptions, { origin: 'https://rounds.example.net' }),
      },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.error().code).toBe('INVALID_PASSKEY');
    expect(await auditEvents(user.id)).toContain('passkey refused');

    const again = (await callRoute(t.app, mfaRoutes.passkeyRegistrationOptions, { token: user.token })).json().data;
    const good = device.register(again.options as CreationOptions);
    const forged = await callRoute(t.app, mfaRoutes.addPasskey, {
      token: user.token,
      body: {
        challengeId: again.challengeId,
        label: 'Forged',
        credential: { ...good, response: { ...good.response, attestationObject: 'AAAA' } },
      },
    });
    expect(forged.statusCode).toBe(400);
    const factors = (await callRoute(t.app, mfaRoutes.factors, { token: user.token })).json().data.factors;
    expect(factors).toHaveLength(1);
  });
});

describe('enrolling a passkey at sign-in', () => {
  it('lets a FacilityAdmin the policy obliges set up a passkey instead of an app, and sign in with it', async () => {
    const fa = await createUser(t.app, { role: 'FacilityAdmin' });
    const { res, ip } = await passwordStep(t.app, fa.email);
    expect(res.error().code).toBe(MFA_CODES.enrolmentRequired);
    const mfaToken = String(res.error().mfaToken);
    const started = await callRoute(t.app, mfaRoutes.enrolPasskeyOptions, { body: { mfaToken }, remoteAddress: ip });
    expect(started.statusCode).toBe(200);
    const { challengeId, options } = started.json().data;
    const device = new PasskeyAuthenticator(origin());
    const credential = device.register(options as CreationOptions);
    const done = await callRoute(t.app, mfaRoutes.enrolPasskey, {
      body: { mfaToken, challengeId, label: 'Office PC', credential },
      remoteAddress: ip,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().token).toBeTruthy();
    expect(done.json().recoveryCodes).toHaveLength(10);
    // The next password asks the passkey, not an enrolment.
    const next = await passwordStep(t.app, fa.email);
    expect(next.res.error()).toMatchObject({ code: MFA_CODES.required, passkey: true });
    // A challenge token buys no enrolment for a forged token.
    const forged = await callRoute(t.app, mfaRoutes.enrolPasskeyOptions, { body: { mfaToken: adminToken } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('signing in with a passkey alone', () => {
  it('opens a session without a password, stores the counter, and refuses the same assertion twice', async () => {
    const user = await withPasskey();
    const { challengeId, options } = await signInOptions();
    expect(options).toMatchObject({ userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const assertion = user.device.authenticate(options);
    const res = await passwordless(challengeId, assertion);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    expect(res.json().token).toBeTruthy();
    expect(res.cookies.find((c) => c.name === 'rounds_refresh')).toBeDefined();
    expect(await auditEvents(user.id)).toEqual(expect.arrayContaining(['passkey sign-in', 'login']));
    const [row] = await t.app.db.selectFrom('mfa_factors').selectAll().where('user_id', '=', user.id).execute();
    expect(Number(row!.sign_count)).toBe(1);
    expect(row!.last_used_at).not.toBeNull();

    // The same answer again: its challenge is spent.
    const replayed = await passwordless(challengeId, assertion);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.error().code).toBe('INVALID_CHALLENGE');
    // The same signed answer under a fresh challenge: the signature covers the old one.
    const fresh = await signInOptions();
    const resent = await passwordless(fresh.challengeId, assertion);
    expect(resent.statusCode).toBe(400);
    expect(resent.error().code).toBe('INVALID_PASSKEY');
  });

  it('meets the policy on its own: an Admin signs in with a passkey and no code', async () => {
    const admin = await createUser(t.app, { role: 'Admin' });
    const { token } = await login(t.app, admin.email);
    const device = new PasskeyAuthenticator(origin());
    expect((await registerPasskey(token, device)).statusCode).toBe(200);
    const { challengeId, options } = await signInOptions();
    const res = await passwordless(challengeId, device.authenticate(options));
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('Admin');
  });

  it('refuses a counter that went back (a cloned authenticator), another origin, no user verification', async () => {
    const user = await withPasskey();
    const [id] = user.device.ids;
    for (let i = 0; i < 2; i += 1) {
      const { challengeId, options } = await signInOptions();
      expect((await passwordless(challengeId, user.device.authenticate(options))).statusCode).toBe(200);
    }
    user.device.setCounter(id!, 0);
    const cloned = await signInOptions();
    const res = await passwordless(cloned.challengeId, user.device.authenticate(cloned.options));
    expect(res.statusCode).toBe(400);
    expect(res.error().code).toBe('INVALID_PASSKEY');

    user.device.setCounter(id!, 10);
    const phished = await signInOptions();
    const elsewhere = await passwordless(
      phished.challengeId,
      user.device.authenticate(phished.options, { origin: 'https://rounds.example.net' }),
    );
    expect(elsewhere.statusCode).toBe(400);

    const unverified = await signInOptions();
    const noUv = await passwordless(
      unverified.challengeId,
      user.device.authenticate(unverified.options, { userVerified: false }),
    );
    expect(noUv.statusCode).toBe(400);
    const rpElsewhere = await signInOptions();
    const wrongRp = await passwordless(
      rpElsewhere.challengeId,
      user.device.authenticate(rpElsewhere.options, { rpId: 'example.net' }),
    );
    expect(wrongRp.statusCode).toBe(400);
    const [row] = await t.app.db.selectFrom('mfa_factors').selectAll().where('user_id', '=', user.id).execute();
    expect(Number(row!.sign_count)).toBe(2);
  });

  it('refuses an unknown credential, a made-up challenge, and a deactivated account', async () => {
    const stranger = new PasskeyAuthenticator(origin());
    stranger.register({ challenge: 'x', rp: { name: 'Rounds' }, user: { id: 'eA', name: 'x' } });
    const { challengeId, options } = await signInOptions();
    const unknown = await passwordless(challengeId, stranger.authenticate(options));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.error().code).toBe('UNKNOWN_PASSKEY');

    const user = await withPasskey();
    const made = await passwordless('not-a-challenge', user.device.authenticate({ challenge: 'AAAA' }));
    expect(made.statusCode).toBe(401);

    await t.app.db.updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    const next = await signInOptions();
    const inactive = await passwordless(next.challengeId, user.device.authenticate(next.options));
    expect(inactive.statusCode).toBe(403);
    expect(inactive.error().code).toBe('ACCOUNT_INACTIVE');
    // Refused before it counts as a sign-in: the log says nothing of one.
    expect(await auditEvents(user.id)).not.toContain('passkey sign-in');
  });
});

describe('a passkey as the second step', () => {
  it('answers instead of a code for an Admin whose only factor is a passkey', async () => {
    const admin = await createUser(t.app, { role: 'Admin' });
    const { token } = await login(t.app, admin.email);
    const device = new PasskeyAuthenticator(origin());
    expect((await registerPasskey(token, device, 'Security key')).statusCode).toBe(200);
    // With the passkey there, the authenticator app may go: the passkey alone meets "required for Admins".
    const factors = (await callRoute(t.app, mfaRoutes.factors, { token })).json().data.factors;
    const app = factors.find((f: { kind: string }) => f.kind === 'totp')!;
    const removed = await callRoute(t.app, mfaRoutes.remove, {
      token,
      params: { id: app.id },
      body: { code: await totpCode(knownSeed(t.app, admin.email)!) },
    });
    expect(removed.statusCode).toBe(200);

    const { res, ip } = await passwordStep(t.app, admin.email);
    expect(res.statusCode).toBe(403);
    expect(res.error().code).toBe(MFA_CODES.required);
    expect(res.error().passkey).toBe(true);
    const mfaToken = String(res.error().mfaToken);
    const started = await callRoute(t.app, mfaRoutes.passkeyVerifyOptions, { body: { mfaToken }, remoteAddress: ip });
    expect(started.statusCode).toBe(200);
    const { challengeId, options } = started.json().data;
    expect((options as RequestOptions).allowCredentials?.map((c) => c.id)).toEqual(device.ids);
    const assertion = device.authenticate(options as RequestOptions);
    const done = await callRoute(t.app, mfaRoutes.passkeyVerify, {
      body: { mfaToken, challengeId, credential: assertion },
      remoteAddress: ip,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(admin.id);

    const replay = await callRoute(t.app, mfaRoutes.passkeyVerify, {
      body: { mfaToken, challengeId, credential: assertion },
      remoteAddress: ip,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.error().code).toBe('INVALID_CHALLENGE');
  });

  it('refuses another account’s challenge or passkey, and a passwordless challenge at the second step', async () => {
    const user = await withPasskey();
    const other = await withPasskey();
    const mine = await passwordStep(t.app, user.email);
    const theirs = await passwordStep(t.app, other.email);
    const mineToken = String(mine.res.error().mfaToken);
    const theirToken = String(theirs.res.error().mfaToken);
    const challengeOf = async (mfaToken: string) =>
      (await callRoute(t.app, mfaRoutes.passkeyVerifyOptions, { body: { mfaToken } })).json().data;
    /** My second step, answered by `device`'s first passkey to `challenge`. */
    const secondStep = (challenge: { challengeId: string; options: unknown }, device: PasskeyAuthenticator) =>
      callRoute(t.app, mfaRoutes.passkeyVerify, {
        body: {
          mfaToken: mineToken,
          challengeId: challenge.challengeId,
          credential: device.authenticate(challenge.options as RequestOptions, { credentialId: device.ids[0] }),
        },
      });

    // Their challenge with my token: foreign.
    const foreign = await secondStep(await challengeOf(theirToken), user.device);
    expect(foreign.statusCode).toBe(401);
    expect(foreign.error().code).toBe('INVALID_CHALLENGE');

    // My challenge, their passkey: not one of this account's.
    const wrongKey = await secondStep(await challengeOf(mineToken), other.device);
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.error().code).toBe('UNKNOWN_PASSKEY');

    // A passwordless challenge is no second step's.
    const open = await signInOptions();
    const crossed = await callRoute(t.app, mfaRoutes.passkeyVerify, {
      body: { mfaToken: mineToken, challengeId: open.challengeId, credential: user.device.authenticate(open.options) },
    });
    expect(crossed.statusCode).toBe(401);

    // And a forged token buys no options.
    const forged = await callRoute(t.app, mfaRoutes.passkeyVerifyOptions, { body: { mfaToken: adminToken } });
    expect(forged.statusCode).toBe(401);
  });

  it('answers NO_PASSKEY when the account has only an authenticator app', async () => {
    const fa = await createUser(t.app, { role: 'FacilityAdmin' });
    await login(t.app, fa.email); // enrols an authenticator app
    const { res } = await passwordStep(t.app, fa.email);
    expect(res.error().passkey).toBe(false);
    const options = await callRoute(t.app, mfaRoutes.passkeyVerifyOptions, {
      body: { mfaToken: String(res.error().mfaToken) },
    });
    expect(options.statusCode).toBe(409);
    expect(options.error().code).toBe('NO_PASSKEY');
  });
});

describe('renaming, removing and resetting passkeys', () => {
  it('renames and removes a passkey with the password; the removed one signs in no more', async () => {
    const user = await withPasskey();
    const renamed = await callRoute(t.app, mfaRoutes.rename, {
      token: user.token,
      params: { id: user.factor.id },
      body: { label: 'Ward 3 workstation' },
    });
    expect(renamed.json().data.factor).toMatchObject({ kind: 'passkey', label: 'Ward 3 workstation' });
    const wrong = await callRoute(t.app, mfaRoutes.remove, {
      token: user.token,
      params: { id: user.factor.id },
      body: { password: 'Not-the-password1' },
    });
    expect(wrong.statusCode).toBe(400);
    const removed = await callRoute(t.app, mfaRoutes.remove, {
      token: user.token,
      params: { id: user.factor.id },
      body: { password: TEST_PASSWORD },
    });
    expect(removed.statusCode).toBe(200);
    const { challengeId, options } = await signInOptions();
    const res = await passwordless(challengeId, user.device.authenticate(options));
    expect(res.statusCode).toBe(401);
    expect(res.error().code).toBe('UNKNOWN_PASSKEY');
    // A Regular user's last factor gone: the password alone signs in again.
    expect((await passwordStep(t.app, user.email)).res.statusCode).toBe(200);
  });

  it('keeps the last factor of an account that must have one; an Admin’s reset removes passkeys too', async () => {
    const fa = await createUser(t.app, { role: 'FacilityAdmin' });
    const { token } = await login(t.app, fa.email);
    const device = new PasskeyAuthenticator(origin());
    const added = (await registerPasskey(token, device)).json().data.factor;
    const app = (await callRoute(t.app, mfaRoutes.factors, { token }))
      .json()
      .data.factors.find((f: { kind: string }) => f.kind === 'totp')!;
    await callRoute(t.app, mfaRoutes.remove, { token, params: { id: app.id }, body: { password: TEST_PASSWORD } });
    const last = await callRoute(t.app, mfaRoutes.remove, {
      token,
      params: { id: added.id },
      body: { password: TEST_PASSWORD },
    });
    expect(last.statusCode).toBe(409);
    expect(last.error().code).toBe('MFA_REQUIRED_BY_POLICY');

    const reset = await callRoute(t.app, mfaRoutes.resetUser, { token: adminToken, params: { id: fa.id } });
    expect(reset.statusCode).toBe(200);
    expect(await auditEvents(fa.id)).toContain('second factors reset');
    const rows = await t.app.db.selectFrom('mfa_factors').select('id').where('user_id', '=', fa.id).execute();
    expect(rows).toHaveLength(0);
    // Back to enrolment at the next sign-in; the passkey opens nothing.
    expect((await passwordStep(t.app, fa.email)).res.error().code).toBe(MFA_CODES.enrolmentRequired);
    const { challengeId, options } = await signInOptions();
    expect((await passwordless(challengeId, device.authenticate(options))).statusCode).toBe(401);
  });
});
