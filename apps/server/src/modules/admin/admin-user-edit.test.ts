import { accountRoutes } from '@rounds/contracts/account';
import { adminUserRoutes, ZAdminUserReply } from '@rounds/contracts/admin-users';
import { routeUrl, type TApiRoute, type TBodyIn } from '@rounds/contracts/api-route';
import { authRoutes } from '@rounds/contracts/auth';
import { contactRoutes } from '@rounds/contracts/contacts';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKit, type Caller, next, silent, usersSectionCast } from '../../../test/support/admin-kit';
import { callRoute, unchecked } from '../../../test/support/call-route';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { freshIp, login, TEST_PASSWORD } from '../../../test/support/users';

/** The Users section's forms (issue 10): get, create, update, reset password, avatars; with the role matrix. */
let t: TestApp;
let kit: ReturnType<typeof adminKit>;
let ward: string;
let north: string;
const ref: Record<string, string> = {};
let admin: Caller;
let fa: Caller;
let regular: Caller;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let n = 0;
/** A valid new user, with `o` laid over it (some tests lay invalid values on purpose). */
function form(o: Record<string, unknown> = {}): TBodyIn<typeof adminUserRoutes.create> {
  n += 1;
  return unchecked({
    firstName: 'Nadia',
    lastName: `Guidry${n}`,
    email: `nadia.${n}.${Date.now()}@test.rounds`,
    phone: '2255550100',
    phoneCountryCode: '+1',
    phoneCountryName: 'United States',
    facilityId: [ward],
    departmentId: [ref.department],
    professionId: [ref.profession],
    specialtyId: [ref.specialty],
    suffixId: [],
    sessionTimeout: '',
    ...o,
  });
}

async function created(token: string, o: Record<string, unknown> = {}) {
  const res = await kit.call(token, adminUserRoutes.create, { body: form(o) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZAdminUserReply.parse(res.body).data;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
  kit = adminKit(t);
  ({ ward, north, admin, fa, regular } = await usersSectionCast(kit));
  for (const kind of ['department', 'profession', 'specialty', 'suffix'] as const)
    ref[kind] = await kit.item(kind, `${kind} one`);
  ref.profession2 = await kit.item('profession', 'profession two');
  ref.suffix2 = await kit.item('suffix', 'suffix two');
});
afterAll(async () => {
  kit.closeSockets();
  await t.close();
});

describe('who may call the Users section', () => {
  it('answers 401 to anonymous callers and 403 to Regular users on every route', async () => {
    const target = await kit.caller({ facilities: [ward] });
    const calls: [route: TApiRoute, input: object][] = [
      [adminUserRoutes.get, { query: { id: target.id } }],
      [adminUserRoutes.create, { body: form() }],
      [adminUserRoutes.update, { body: { ...form(), id: target.id } }],
      [adminUserRoutes.resetPassword, { body: { id: target.id, newPassword: 'Fresh2026' } }],
      [adminUserRoutes.deleteAvatar, { query: { id: target.id } }],
    ];
    for (const [route, input] of calls) {
      const path = routeUrl(route);
      expect((await kit.call(null, route, unchecked(input))).status, path).toBe(401);
      const denied = await kit.call(regular.token, route, unchecked(input));
      expect(denied.status, path).toBe(403);
      expect(denied.body.code).toBe('FORBIDDEN');
    }
    for (const route of [adminUserRoutes.uploadAvatar, adminUserRoutes.importCsv]) {
      const path = routeUrl(route);
      const parts = [{ name: 'file', filename: 'x.png', type: 'image/png', bytes: PNG }];
      expect((await kit.call(null, route, { multipart: parts })).status, path).toBe(401);
      expect((await kit.call(regular.token, route, { multipart: parts })).status, path).toBe(403);
    }
  });
});

describe('GET /user/get-user', () => {
  it('gives the user view to an Admin and to a FacilityAdmin in scope; 404 unknown, 403 out of scope', async () => {
    const nurse = await kit.caller({ facilities: [ward] });
    const far = await kit.caller({ facilities: [north] });
    const boss = await kit.caller({ role: 'Admin', facilities: [ward] });
    const got = await kit.call(admin.token, adminUserRoutes.get, { query: { id: nurse.id } });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id: nurse.id, email: nurse.email, facilityId: [ward] });
    expect((await kit.call(fa.token, adminUserRoutes.get, { query: { id: nurse.id } })).status).toBe(200);
    const out = await kit.call(fa.token, adminUserRoutes.get, { query: { id: far.id } });
    expect(out.status).toBe(403);
    expect(out.body.code).toBe('OUT_OF_SCOPE');
    expect((await kit.call(fa.token, adminUserRoutes.get, { query: { id: boss.id } })).status).toBe(403);
    expect((await kit.call(admin.token, adminUserRoutes.get, { query: { id: 'f'.repeat(24) } })).status).toBe(404);
    const bad = await kit.call(admin.token, adminUserRoutes.get, { query: { id: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('id');
  });
});

describe('POST /user (create)', () => {
  it('creates a verified user without a password, emails a set-password link, and lists them in contacts', async () => {
    const admins = await kit.open(admin.token);
    const logs = next(admins, SERVER_EVENTS.LogsChanged);
    const body = form({
      email: `  New.Person.${Date.now()}@Test.Rounds `,
      sessionTimeout: '45',
      suffixId: [ref.suffix],
    });
    const res = await kit.call(admin.token, adminUserRoutes.create, { body: body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('User created successfully');
    const user = ZAdminUserReply.parse(res.body).data;
    const email = String(body.email).trim().toLowerCase();
    expect(user).toMatchObject({
      email,
      role: 'Regular',
      emailVerified: true,
      phoneVerified: true,
      active: true,
      sessionTimeout: 45,
      facilityId: [ward],
      professionId: [ref.profession],
      suffixId: [ref.suffix],
    });
    await logs;

    // No password signs in until they choose one.
    const attempt = await callRoute(t.app, authRoutes.login, {
      body: { username: email, password: TEST_PASSWORD },
      remoteAddress: freshIp(),
    });
    expect(attempt.statusCode).toBe(401);

    const [mail] = await kit.outbox(email);
    expect(mail?.subject).toBe('Your Rounds account');
    const token = /\/set-password\?token=([A-Z0-9]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const set = await callRoute(t.app, authRoutes.setPassword, {
      body: { token: token!, password: 'Chosen2026' },
      remoteAddress: freshIp(),
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await login(t.app, email, 'Chosen2026')).token).toBeTruthy();

    const contacts = await kit.call(regular.token, contactRoutes.list, { body: { search: email } });
    expect(JSON.stringify(contacts.body)).toContain(user.id);
    const audit = await t.app.db.selectFrom('audit_logs').select('event').where('user_id', '=', user.id).execute();
    expect(audit.map((a) => a.event)).toContain('user created');
  });

  it('answers in French and refuses bad fields with 400 naming them', async () => {
    const fr = await kit.call(admin.token, adminUserRoutes.create, {
      body: form(),
      headers: { 'accept-language': 'fr' },
    });
    expect(fr.body.message).toBe('Utilisateur créé');
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '  ' }, 'firstName: Required'],
      [{ email: 'not-an-email' }, 'email: Invalid email address'],
      [{ facilityId: [] }, 'facilityId: Required'],
      [{ professionId: [] }, 'professionId: Required'],
      [{ phone: '12ab' }, 'phone: Please enter your phone number in the following format: +1234567890'],
      [{ sessionTimeout: '0' }, 'sessionTimeout: Minimal value is 1.'],
      [{ departmentId: ['f'.repeat(24)] }, 'departmentId: unknown item'],
      [{ role: 'Owner' }, 'role'],
    ];
    for (const [o, message] of cases) {
      const res = await kit.call(admin.token, adminUserRoutes.create, { body: form(o) });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });

  it('answers 409 for an email already registered, whatever its case', async () => {
    const first = await created(admin.token);
    const again = await kit.call(admin.token, adminUserRoutes.create, {
      body: form({ email: first.email.toUpperCase() }),
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('EMAIL_TAKEN');
  });

  it('lets a FacilityAdmin create in their own facilities only, and never an Admin', async () => {
    const mine = await created(fa.token);
    expect(mine.facilityId).toEqual([ward]);
    const elsewhere = await kit.call(fa.token, adminUserRoutes.create, { body: form({ facilityId: [ward, north] }) });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.code).toBe('OUT_OF_SCOPE');
    const asAdmin = await kit.call(fa.token, adminUserRoutes.create, { body: form({ role: 'Admin' }) });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.code).toBe('ADMIN_ROLE');
    const byAdmin = await created(admin.token, { role: 'Admin', facilityId: [north] });
    expect(byAdmin.role).toBe('Admin');
  });
});

describe('POST /user/update-user', () => {
  it('updates names and classifications live (UserUpdated), keeping the session', async () => {
    const nurse = await kit.caller({ facilities: [ward] });
    const socket = await kit.open(nurse.token);
    const updated = next<{ user: { firstName: string } }>(socket, SERVER_EVENTS.UserUpdated);
    const loggedOut = silent(socket, SERVER_EVENTS.ForcedLogout, 800);
    const current = (await kit.call(admin.token, adminUserRoutes.get, { query: { id: nurse.id } })).body.data as {
      email: string;
      phone: string;
    };
    const res = await kit.call(fa.token, adminUserRoutes.update, {
      body: {
        ...form({ email: current.email, phone: current.phone, firstName: 'Renamed', specialtyId: [ref.specialty] }),
        id: nurse.id,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('User updated successfully');
    expect(ZAdminUserReply.parse(res.body).data).toMatchObject({ firstName: 'Renamed', specialtyId: [ref.specialty] });
    expect((await updated).user.firstName).toBe('Renamed');
    expect(await loggedOut).toBe(true);
    expect((await kit.call(nurse.token, accountRoutes.me, {})).status).toBe(200);
    const table = await kit.call(admin.token, adminUserRoutes.list, { query: { keyword: 'renamed', pageSize: 100 } });
    expect(JSON.stringify(table.body)).toContain(nurse.id);
  });

  it('ends the sessions when the email changes (AccountDataChanged, ForcedLogout accountChanged)', async () => {
    const nurse = await kit.caller({ facilities: [ward] });
    const socket = await kit.open(nurse.token);
    const changed = next(socket, SERVER_EVENTS.AccountDataChanged);
    const warned = next<{ reason: string }>(socket, SERVER_EVENTS.ForcedLogout);
    const email = `moved.${Date.now()}@test.rounds`;
    const res = await kit.call(admin.token, adminUserRoutes.update, { body: { ...form({ email }), id: nurse.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZAdminUserReply.parse(res.body).data).toMatchObject({ email, emailVerified: true });
    await changed;
    expect(await warned).toEqual({ reason: 'accountChanged' });
    expect((await kit.call(nurse.token, accountRoutes.me, {})).status).toBe(401);
    expect((await login(t.app, email)).token).toBeTruthy();
  });

  it('holds clinical role and suffix to one value on create and update: 400 naming the field (issue 28)', async () => {
    const nurse = await kit.caller({ facilities: [ward] });
    const two = {
      professionId: { professionId: [ref.profession, ref.profession2] },
      suffixId: { suffixId: [ref.suffix, ref.suffix2] },
    };
    for (const [field, o] of Object.entries(two)) {
      const update = await kit.call(admin.token, adminUserRoutes.update, { body: { ...form(o), id: nurse.id } });
      expect(update.status, field).toBe(400);
      expect(update.body.message).toBe(`${field}: only one value is allowed`);
      const create = await kit.call(admin.token, adminUserRoutes.create, { body: form(o) });
      expect(create.status, field).toBe(400);
      expect(create.body.message).toBe(`${field}: only one value is allowed`);
    }
  });

  it("keeps a user's links to facilities the FacilityAdmin does not run (issue 28)", async () => {
    const nurse = await kit.caller({ facilities: [ward, north] });
    const facilitiesOf = async () =>
      (
        (await kit.call(admin.token, adminUserRoutes.get, { query: { id: nurse.id } })).body.data as {
          facilityId: string[];
        }
      ).facilityId;
    const update = (facilityId: string[]) =>
      kit.call(fa.token, adminUserRoutes.update, {
        body: {
          ...form({ email: nurse.email, facilityId }),
          id: nurse.id,
        },
      });
    const onlyWard = await update([ward]);
    expect(onlyWard.status, JSON.stringify(onlyWard.body)).toBe(200);
    expect((await facilitiesOf()).sort()).toEqual([ward, north].sort());
    // The form sends back what get-user showed, Northgate included: accepted, nothing changes.
    expect((await update([ward, north])).status).toBe(200);
    expect((await facilitiesOf()).sort()).toEqual([ward, north].sort());
    // Leaving Riverside (theirs) is theirs to do; Northgate stays.
    expect((await update([north])).status).toBe(200);
    expect(await facilitiesOf()).toEqual([north]);
  });

  it('refuses out of scope (403), an unknown user (404), a taken email (409), and bad fields (400)', async () => {
    const far = await kit.caller({ facilities: [north] });
    const nurse = await kit.caller({ facilities: [ward] });
    expect((await kit.call(fa.token, adminUserRoutes.update, { body: { ...form(), id: far.id } })).status).toBe(403);
    expect(
      (await kit.call(fa.token, adminUserRoutes.update, { body: { ...form({ facilityId: [north] }), id: nurse.id } }))
        .status,
    ).toBe(403);
    expect(
      (await kit.call(admin.token, adminUserRoutes.update, { body: { ...form(), id: 'f'.repeat(24) } })).status,
    ).toBe(404);
    const taken = await kit.call(admin.token, adminUserRoutes.update, {
      body: {
        ...form({ email: far.email }),
        id: nurse.id,
      },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('EMAIL_TAKEN');
    const bad = await kit.call(admin.token, adminUserRoutes.update, {
      body: { ...form({ lastName: '' }), id: nurse.id },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('lastName: Required');
    const noId = await kit.call(admin.token, adminUserRoutes.update, { body: unchecked(form()) });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toContain('id');
  });
});

describe('POST /user/reset-password', () => {
  it('sets the password and ends every session of the user with a forced logout', async () => {
    const nurse = await kit.caller({ facilities: [ward] });
    const socket = await kit.open(nurse.token);
    const warned = next<{ reason: string }>(socket, SERVER_EVENTS.ForcedLogout);
    const res = await kit.call(fa.token, adminUserRoutes.resetPassword, {
      body: { id: nurse.id, newPassword: 'Reset2026x' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Password updated successfully');
    expect(await warned).toEqual({ reason: 'accountChanged' });
    expect((await kit.call(nurse.token, accountRoutes.me, {})).status).toBe(401);
    await expect(login(t.app, nurse.email)).rejects.toThrow();
    expect((await login(t.app, nurse.email, 'Reset2026x')).token).toBeTruthy();
    const audit = await t.app.db.selectFrom('audit_logs').select('event').where('user_id', '=', nurse.id).execute();
    expect(audit.map((a) => a.event)).toContain('password set by admin');
  });

  it('lets an Admin reset anyone; a FacilityAdmin never an Admin nor outside their facilities', async () => {
    const boss = await kit.caller({ role: 'Admin', facilities: [ward] });
    const far = await kit.caller({ facilities: [north] });
    const body = (id: string) => ({ id, newPassword: 'Reset2026x' });
    expect((await kit.call(fa.token, adminUserRoutes.resetPassword, { body: body(boss.id) })).status).toBe(403);
    expect((await kit.call(fa.token, adminUserRoutes.resetPassword, { body: body(far.id) })).status).toBe(403);
    expect((await kit.call(admin.token, adminUserRoutes.resetPassword, { body: body(far.id) })).status).toBe(200);
    expect((await kit.call(admin.token, adminUserRoutes.resetPassword, { body: body(boss.id) })).status).toBe(200);
    expect((await kit.call(admin.token, adminUserRoutes.resetPassword, { body: body('f'.repeat(24)) })).status).toBe(
      404,
    );
    const weak = await kit.call(admin.token, adminUserRoutes.resetPassword, {
      body: { id: far.id, newPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('newPassword: Password must be at least 6 characters long');
  });
});

describe('avatars of another user', () => {
  it('uploads (png by its bytes, at most 2 MB) and removes, telling the user (UserUpdated)', async () => {
    const nurse = await kit.caller({ facilities: [ward] });
    const socket = await kit.open(nurse.token);
    const updated = next<{ user: { avatar: { path: string } | null } }>(socket, SERVER_EVENTS.UserUpdated);
    const up = await kit.call(fa.token, adminUserRoutes.uploadAvatar, {
      multipart: [
        { name: 'file', filename: 'face.png', type: 'image/png', bytes: PNG },
        { name: 'id', value: nurse.id },
      ],
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.message).toBe('Avatar updated successfully');
    const path = ZAdminUserReply.parse(up.body).data.avatar?.path ?? '';
    expect(path).toMatch(/^\/api\/v1\/avatars\/[0-9a-f]{32}\.png$/);
    expect((await updated).user.avatar?.path).toBe(path);
    expect((await t.app.inject({ url: path })).statusCode).toBe(200);

    // The id may come before the file as well.
    const replaced = next(socket, SERVER_EVENTS.UserUpdated);
    const again = await kit.call(admin.token, adminUserRoutes.uploadAvatar, {
      multipart: [
        { name: 'id', value: nurse.id },
        { name: 'file', filename: 'face.png', type: 'image/png', bytes: PNG },
      ],
    });
    expect(again.status).toBe(200);
    const second = again.body.data.avatar.path as string;
    await replaced;
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);

    const removed = next<{ user: { avatar: unknown } }>(socket, SERVER_EVENTS.UserUpdated);
    const del = await kit.call(fa.token, adminUserRoutes.deleteAvatar, { query: { id: nurse.id } });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Avatar removed successfully');
    expect((del.body.data as { avatar: unknown }).avatar).toBeNull();
    expect((await removed).user.avatar).toBeNull();
    expect((await t.app.inject({ url: second })).statusCode).toBe(404);
    const audit = await t.app.db.selectFrom('audit_logs').select('event').where('user_id', '=', nurse.id).execute();
    expect(audit.map((a) => a.event)).toEqual(expect.arrayContaining(['avatar changed', 'avatar removed']));
  });

  it('refuses a file that is not an image (415), too large (413), no id (400), out of scope (403), unknown (404)', async () => {
    const nurse = await kit.caller({ facilities: [ward] });
    const far = await kit.caller({ facilities: [north] });
    const png = { name: 'file', filename: 'face.png', type: 'image/png', bytes: PNG };
    const fake = await kit.call(admin.token, adminUserRoutes.uploadAvatar, {
      multipart: [
        { ...png, bytes: Buffer.from('<svg onload=alert(1)>') },
        { name: 'id', value: nurse.id },
      ],
    });
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe('Allowed formats: png, gif, jpeg');
    const big = await kit.call(admin.token, adminUserRoutes.uploadAvatar, {
      multipart: [
        { ...png, bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) },
        { name: 'id', value: nurse.id },
      ],
    });
    expect(big.status).toBe(413);
    const noId = await kit.call(admin.token, adminUserRoutes.uploadAvatar, { multipart: [png] });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('id: invalid id');
    const noFile = await kit.call(admin.token, adminUserRoutes.uploadAvatar, {
      multipart: [{ name: 'id', value: nurse.id }],
    });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('file: Required');
    const out = await kit.call(fa.token, adminUserRoutes.uploadAvatar, {
      multipart: [png, { name: 'id', value: far.id }],
    });
    expect(out.status).toBe(403);
    expect((await kit.call(fa.token, adminUserRoutes.deleteAvatar, { query: { id: far.id } })).status).toBe(403);
    const missing = await kit.call(admin.token, adminUserRoutes.uploadAvatar, {
      multipart: [png, { name: 'id', value: 'f'.repeat(24) }],
    });
    expect(missing.status).toBe(404);
  });
});
