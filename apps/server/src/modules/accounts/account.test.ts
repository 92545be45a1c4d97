import { accountRoutes, ZUserReply } from '@rounds/contracts/account';
import { routeUrl, type TApiRoute, type TBodyIn } from '@rounds/contracts/api-route';
import { outboxRoutes } from '@rounds/contracts/outbox';
import { adminSettingRoutes } from '@rounds/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type TRouteInput, unchecked } from '../../../test/support/call-route';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { createUser, freshIp, login, TEST_PASSWORD } from '../../../test/support/users';
import { newId } from '../../lib/ids';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function session() {
  const u = await createUser(t.app);
  const s = await login(t.app, u.email);
  const call = <R extends TApiRoute>(route: R, body?: TBodyIn<R>) =>
    callRoute(t.app, route, { body, token: s.token, remoteAddress: freshIp() } as unknown as TRouteInput<R>);
  return { ...u, ...s, call };
}

async function outboxCode(to: string) {
  const admin = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
  const res = await callRoute(t.app, outboxRoutes.read, { query: { to }, token: admin.token });
  return /(\d{6})/.exec(res.json().data.messages[0]?.text ?? '')?.[1] ?? '';
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('own account', () => {
  it('needs a session', async () => {
    for (const route of [
      accountRoutes.me,
      accountRoutes.changePassword,
      accountRoutes.updateAccount,
      adminSettingRoutes.write,
      accountRoutes.deleteAvatar,
    ]) {
      const url = routeUrl(route);
      const res = await callRoute(t.app, route, unchecked({ body: route.method === 'POST' ? {} : undefined }));
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('reads me and updates preferences', async () => {
    const s = await session();
    const me = await s.call(accountRoutes.me);
    expect(me.json().data).toMatchObject({
      id: s.id,
      email: s.email,
      settings: { theme: 'light', playNotificationSound: true },
    });
    const upd = await s.call(adminSettingRoutes.write, {
      id: s.id,
      settings: { theme: 'dark', playNotificationSound: false },
    });
    expect(ZUserReply.parse(upd.json()).user.settings).toEqual({ theme: 'dark', playNotificationSound: false });
    const lang = await s.call(adminSettingRoutes.write, { language: 'fr' });
    expect(ZUserReply.parse(lang.json()).user.language).toBe('fr');
    expect((await s.call(adminSettingRoutes.write, { language: 'de' })).statusCode).toBe(400);
    const list = await s.call(accountRoutes.settings);
    expect(list.json().data).toEqual(expect.arrayContaining([{ key: 'sessionTimeout', value: 60 }]));
  });

  it('changes the password, keeps this session, ends the others', async () => {
    const s = await session();
    const other = await login(t.app, s.email); // a second device (ends s after 10 s, not yet)
    const wrong = await s.call(accountRoutes.changePassword, {
      currentPassword: 'Nope1234',
      newPassword: 'Better123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.error().code).toBe('WRONG_PASSWORD');
    const weak = await s.call(accountRoutes.changePassword, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    const call2 = <R extends TApiRoute>(route: R) => callRoute(t.app, route, { token: other.token } as TRouteInput<R>);
    const ok = await callRoute(t.app, accountRoutes.changePassword, {
      body: { currentPassword: TEST_PASSWORD, newPassword: 'Better123' },
      token: other.token,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Password has been updated');
    expect((await call2(accountRoutes.me)).statusCode).toBe(200);
    expect((await s.call(accountRoutes.me)).statusCode).toBe(401);
    const audit = await t.app.db.selectFrom('audit_logs').select('event').where('user_id', '=', s.id).execute();
    expect(audit.map((a) => a.event)).toContain('password changed');
  });

  it('updates personal and professional information with validation', async () => {
    const s = await session();
    const kinds = ['facilities', 'departments', 'professions', 'specialties', 'suffixes'] as const;
    const ids = {} as Record<(typeof kinds)[number], string>;
    for (const kind of kinds) {
      ids[kind] = newId();
      await t.app.db
        .insertInto(kind)
        .values({ id: ids[kind], name: `${kind}-${ids[kind]}`, name_key: `${kind}-${ids[kind]}`, created_at: 0 })
        .execute();
    }
    const body = {
      firstName: '  Jeanne ',
      lastName: 'Arceneaux',
      facilityId: [ids.facilities],
      departmentId: [ids.departments],
      professionId: ids.professions,
      specialtyId: [ids.specialties],
      suffixId: [],
      sessionTimeout: '30',
    };
    const ok = await s.call(accountRoutes.updateAccount, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({
      firstName: 'Jeanne',
      sessionTimeout: 30,
      isDefaultSessionTimeout: false,
      suffixId: [],
    });
    expect(ok.json().user.facilities).toEqual([{ id: ids.facilities, name: `facilities-${ids.facilities}` }]);
    const zero = await s.call(accountRoutes.updateAccount, { ...body, sessionTimeout: '0' });
    expect(zero.statusCode).toBe(400);
    expect(zero.error().message).toBe('sessionTimeout: Minimal value is 1.');
    const empty = await s.call(accountRoutes.updateAccount, { ...body, sessionTimeout: '' });
    expect(empty.json().user).toMatchObject({ sessionTimeout: 60, isDefaultSessionTimeout: true });
    const blank = await s.call(accountRoutes.updateAccount, { ...body, firstName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.error().message).toBe('firstName: Required');
    const noFacility = await s.call(accountRoutes.updateAccount, { ...body, facilityId: [] });
    expect(noFacility.error().message).toBe('facilityId: Required');
    for (const field of ['professionId', 'suffixId']) {
      const two = await s.call(accountRoutes.updateAccount, { ...body, [field]: [newId(), newId()] });
      expect(two.statusCode, field).toBe(400);
      expect(two.error().message).toBe(`${field}: only one value is allowed`);
    }
  });

  it('changes phone with a code, and cancels a pending email', async () => {
    const s = await session();
    const res = await s.call(accountRoutes.requestContactChange, {
      email: s.email,
      phone: '4155550123',
      phoneCountryCode: '+1',
      phoneCountryName: 'United States',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updatedUser).toMatchObject({ unverifiedPhone: '4155550123' });
    expect(res.json().attemptLeft).toBe(2);
    const code = await outboxCode('+14155550123');
    expect(
      (
        await s.call(accountRoutes.verifyContactChange, {
          verifyToken: '000000' === code ? '111111' : '000000',
        })
      ).statusCode,
    ).toBe(400);
    const ok = await s.call(accountRoutes.verifyContactChange, { verifyToken: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ phone: '4155550123', unverifiedPhone: null });

    const newEmail = `new.${s.email}`;
    const pending = await s.call(accountRoutes.requestContactChange, {
      email: newEmail,
      phone: '4155550123',
      phoneCountryCode: '+1',
      phoneCountryName: 'United States',
    });
    expect(pending.json().updatedUser).toMatchObject({ email: s.email, unverifiedEmail: newEmail });
    const cancel = await s.call(accountRoutes.cancelContactChange);
    expect(cancel.json().user).toMatchObject({ email: s.email, unverifiedEmail: null });
    const code2 = await outboxCode(newEmail);
    const late = await s.call(accountRoutes.verifyContactChange, { verifyToken: code2, type: 'email' });
    expect(late.statusCode).toBe(400);

    const bad = await s.call(accountRoutes.requestContactChange, {
      email: s.email,
      phone: '12ab',
      phoneCountryCode: '+1',
      phoneCountryName: 'US',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().message).toBe('phone: Please enter your phone number in the following format: +1234567890');
  });

  it('refuses a new email another account took while its code was on its way (409, the old email kept)', async () => {
    const s = await session();
    const wanted = `taken.${s.email}`;
    const asked = await callRoute(t.app, accountRoutes.requestContactChange, {
      token: s.token,
      remoteAddress: freshIp(),
      body: { email: wanted, phone: '4155550124', phoneCountryCode: '+1', phoneCountryName: 'United States' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const code = await outboxCode(wanted);
    await createUser(t.app, { email: wanted });
    const late = await callRoute(t.app, accountRoutes.verifyContactChange, {
      token: s.token,
      remoteAddress: freshIp(),
      body: { verifyToken: code, type: 'email' },
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.error().code).toBe('EMAIL_TAKEN');
    const me = await callRoute(t.app, accountRoutes.me, { token: s.token });
    expect(me.json().data).toMatchObject({ email: s.email, emailVerified: true });
  });

  it('uploads an avatar decided by its bytes, at most 2 MB, and deletes it', async () => {
    const s = await session();
    const up = await callRoute(t.app, accountRoutes.uploadAvatar, {
      multipart: [{ name: 'file', filename: 'me.png', type: 'image/png', bytes: PNG }],
      token: s.token,
    });
    expect(up.statusCode, up.body).toBe(200);
    const path = up.json().user.avatar!.path as string;
    expect(path).toMatch(/^\/api\/v1\/avatars\/[0-9a-f]{32}\.png$/);
    const img = await t.app.inject({ url: path });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);

    const refused = await callRoute(t.app, accountRoutes.uploadAvatar, {
      multipart: [
        { name: 'file', filename: 'evil.png', type: 'image/png', bytes: Buffer.from('<script>alert(1)</script>') },
      ],
      token: s.token,
    });
    expect(refused.statusCode).toBe(415);

    const tooBig = await callRoute(t.app, accountRoutes.uploadAvatar, {
      multipart: [
        {
          name: 'file',
          filename: 'big.png',
          type: 'image/png',
          bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
        },
      ],
      token: s.token,
    });
    expect(tooBig.statusCode).toBe(413);

    const del = await s.call(accountRoutes.deleteAvatar);
    expect(del.json().user.avatar).toBeNull();
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
  });
});
