import { quickUnlockRoutes as routes, UNLOCK_REFUSALS } from '@rounds/contracts/quick-unlock';
import { adminSettingRoutes } from '@rounds/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { callAs, type Member, member, openSocket } from '../../../test/support/chat';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createUser, login, TEST_PASSWORD } from '../../../test/support/users';

/**
 * Quick unlock on shared workstations (issue 26): a PIN set with the password, checked by the server; the fifth
 * wrong PIN or password in a row ends that session (its sockets close, the user log says why) and no other; the
 * hospital's idle time is an app setting only an Admin changes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SINGLE_SESSION: 'false' });
  await t.listen();
});
afterAll(() => t.close());

const events = async (userId: string) =>
  (
    await t.app.db
      .selectFrom('audit_logs')
      .select('event')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute()
  )
    .map((r) => r.event)
    .filter((e) => e.includes('unlock'));

const setPin = (m: Member, pin = '4821', password = TEST_PASSWORD) =>
  callAs(t, m, routes.setPin, { body: { pin, password } });

describe('the PIN', () => {
  it('is set with the password, never shown, and changed or removed by its owner', async () => {
    const m = await member(t, 'Pia');
    expect((await callAs(t, m, routes.status, {})).body.data).toEqual({
      hasPin: false,
      lockAfterMinutes: 2,
      proof: 'password',
    });
    const set = await setPin(m);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      message: 'Your PIN is set.',
      data: { hasPin: true, lockAfterMinutes: 2, proof: 'password' },
    });
    const stored = await t.app.db.selectFrom('unlock_pins').select('pin_hash').where('user_id', '=', m.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.pin_hash).toMatch(/^\$argon2id\$/);
    expect(stored[0]!.pin_hash).not.toContain('4821');
    expect((await callAs(t, m, routes.unlock, { body: { pin: '4821' } })).status).toBe(200);
    expect((await setPin(m, '135790')).status).toBe(200);
    expect((await callAs(t, m, routes.unlock, { body: { pin: '4821' } })).status).toBe(400);
    expect((await callAs(t, m, routes.unlock, { body: { pin: '135790' } })).status).toBe(200);
    const removed = await callAs(t, m, routes.removePin, {});
    expect(removed.body).toEqual({
      message: 'Your PIN is removed.',
      data: { hasPin: false, lockAfterMinutes: 2, proof: 'password' },
    });
    expect(await events(m.id)).toEqual(['unlock PIN set', 'unlock PIN set', 'unlock PIN removed']);
  });

  it('refuses a wrong password and a PIN that is not 4 to 6 digits, naming the field', async () => {
    const m = await member(t, 'Quinn');
    const wrong = await setPin(m, '4821', 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(UNLOCK_REFUSALS.wrongPassword);
    // An account with a password gives it, however recent its sign-in.
    const none = await callAs(t, m, routes.setPin, { body: { pin: '4821' } });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe(UNLOCK_REFUSALS.wrongPassword);
    for (const pin of ['123', '1234567', '12a4', ' 1234', '']) {
      const res = await setPin(m, pin);
      expect(res.status, pin).toBe(400);
      expect(res.body.message).toBe('pin: The PIN has 4 to 6 digits.');
    }
    expect((await callAs(t, m, routes.status, {})).body.data.hasPin).toBe(false);
  });
});

describe('unlocking', () => {
  it('takes the PIN or the password; a PIN asked of an account without one is a 409 that does not count', async () => {
    const m = await member(t, 'Rui');
    const none = await callAs(t, m, routes.unlock, { body: { pin: '0000' } });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe(UNLOCK_REFUSALS.noPin);
    expect((await callAs(t, m, routes.unlock, { body: { password: TEST_PASSWORD } })).status).toBe(200);
    await setPin(m);
    expect((await callAs(t, m, routes.unlock, { body: { password: TEST_PASSWORD } })).status).toBe(200);
  });

  it('counts wrong tries on the session: a right one starts again, the fifth in a row ends it and its sockets', async () => {
    const m = await member(t, 'Sol');
    await setPin(m);
    const other = { ...m, token: (await login(t.app, m.email)).token };
    const wrongOnce = await callAs(t, m, routes.unlock, { body: { pin: '0000' } });
    expect(wrongOnce.status).toBe(400);
    expect(wrongOnce.body).toMatchObject({
      code: UNLOCK_REFUSALS.wrong,
      attemptsLeft: 4,
      message: 'That is not right. 4 tries left before you are signed out.',
    });
    expect((await callAs(t, m, routes.unlock, { body: { pin: '4821' } })).status).toBe(200);

    const socket = await openSocket(t, m);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const tries = [];
    for (let i = 0; i < 4; i += 1) {
      const body = i % 2 ? { pin: '9999' } : { password: 'wrong-password' };
      tries.push((await callAs(t, m, routes.unlock, { body })).body.attemptsLeft);
    }
    expect(tries).toEqual([4, 3, 2, 1]);
    const fifth = await callAs(t, m, routes.unlock, { body: { pin: '1111' } });
    expect(fifth.status).toBe(401);
    expect(fifth.body).toMatchObject({
      code: UNLOCK_REFUSALS.ended,
      message: 'Too many wrong tries: you have been signed out. Please sign in again.',
    });
    await closed;
    expect((await callAs(t, m, routes.status, {})).status).toBe(401);
    // The same account's other session is not this screen's: it stays signed in.
    expect((await callAs(t, other, routes.status, {})).status).toBe(200);
    expect(await events(m.id)).toEqual(['unlock PIN set', 'signed out after wrong unlocks']);
  });

  it('answers in French to a French reader', async () => {
    const m = await member(t, 'Théo');
    await setPin(m);
    const res = await callRoute(t.app, routes.unlock, {
      token: m.token,
      headers: { 'accept-language': 'fr' },
      body: { pin: '0000' },
    });
    expect(res.error().message).toBe('Ce n’est pas le bon. Encore 4 essais avant la déconnexion.');
  });
});

describe('the idle time before the lock', () => {
  it('is the hospital’s: an Admin sets 0 to 60 minutes, everyone reads it', async () => {
    const admin = await createUser(t.app, { role: 'Admin' });
    const a = { id: admin.id, email: admin.email, name: 'Admin', token: (await login(t.app, admin.email)).token };
    const m = await member(t, 'Uma');
    const set = await callAs(t, a, adminSettingRoutes.write, { body: { key: 'quickLockMinutes', value: 5 } });
    expect(set.status).toBe(200);
    expect((await callAs(t, m, routes.status, {})).body.data.lockAfterMinutes).toBe(5);
    const refused = await callAs(t, m, adminSettingRoutes.write, { body: { key: 'quickLockMinutes', value: 1 } });
    expect(refused.status).toBe(403);
    for (const value of [-1, 61, 'soon']) {
      const res = await callAs(t, a, adminSettingRoutes.write, { body: { key: 'quickLockMinutes', value } as never });
      expect(res.status, String(value)).toBe(400);
      expect(res.body.message).toMatch(/^value: /);
    }
    await callAs(t, a, adminSettingRoutes.write, { body: { key: 'quickLockMinutes', value: 2 } });
  });
});
