import { accountRoutes } from '@rounds/contracts/account';
import { apiRoute, type TApiRoute } from '@rounds/contracts/api-route';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { scimRoutes, scimTokenRoutes } from '@rounds/contracts/scim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type TRouteInput, unchecked } from '../../../test/support/call-route';
import { connectAs } from '../../../test/support/chat';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { createUser, login } from '../../../test/support/users';
import { newId } from '../../lib/ids';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

let t: TestApp;
let _url: string;
let admin: { token: string; userId: string };
let secret: string;
let icu: string;

/** One SCIM request as the directory sends it (the protocol's own media type), with the token given ('' for none). */
async function scim<R extends TApiRoute>(route: R, input: TRouteInput<R>, token = secret) {
  const res = await callRoute(t.app, route, { ...input, ...(token ? { token } : {}) });
  const body: unknown = res.body ? res.json() : undefined;
  return { status: res.statusCode, type: res.headers['content-type'], body };
}

const patch = (...Operations: unknown[]) => ({ schemas: [PATCH], Operations });

async function newScimUser(extra: Record<string, unknown> = {}) {
  const n = newId().slice(-8);
  const res = await scim(scimRoutes.createUser, {
    body: {
      schemas: [USER, ENTERPRISE],
      userName: `nurse.${n}@hospital.test`,
      externalId: `ext-${n}`,
      name: { givenName: 'Ada', familyName: `Nurse${n}` },
      emails: [{ value: `nurse.${n}@hospital.test`, type: 'work', primary: true }],
      phoneNumbers: [{ value: '+15551234567', type: 'mobile' }],
      active: true,
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; userName: string; externalId: string };
}

async function logEvents(userId: string, event: string) {
  const rows = await t.app.db
    .selectFrom('audit_logs')
    .select(['details'])
    .where('user_id', '=', userId)
    .where('event', '=', event)
    .orderBy('id')
    .execute();
  return rows.map((r) => JSON.parse(r.details ?? '{}') as Record<string, unknown>);
}

const open = (token: string) => connectAs(t, token);

beforeAll(async () => {
  t = await createTestApp({ SCIM_GROUPS: JSON.stringify({ 'Rounds facility admins': 'role:FacilityAdmin' }) });
  _url = await t.listen();
  admin = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
  icu = newId();
  await t.app.db.insertInto('departments').values({ id: icu, name: 'ICU', name_key: 'icu', created_at: 0 }).execute();
  const created = await callRoute(t.app, scimTokenRoutes.create, { token: admin.token, body: { label: 'Entra ID' } });
  expect(created.statusCode).toBe(200);
  secret = created.json().data.secret;
});
afterAll(async () => {
  await t.close();
});

describe('tokens', () => {
  it('are shown once, hashed at rest, rotated and revoked by an Admin, each step in the user log', async () => {
    const made = await callRoute(t.app, scimTokenRoutes.create, { token: admin.token, body: { label: 'Okta' } });
    const { token, secret: first } = made.json().data;
    expect(first).toMatch(/^rsc_[A-Za-z0-9_-]{43}$/);
    const stored = await t.app.db.selectFrom('scim_tokens').selectAll().where('id', '=', token.id).executeTakeFirst();
    expect(JSON.stringify(stored)).not.toContain(first);
    expect((await scim(scimRoutes.listUsers, { query: { count: '1' } }, first)).status).toBe(200);

    const listed = await callRoute(t.app, scimTokenRoutes.list, { token: admin.token });
    const row = listed.json().data.tokens.find((x) => x.id === token.id)!;
    expect(row.lastUsedAt).not.toBeNull();
    expect(row.createdBy?.id).toBe(admin.userId);
    expect(JSON.stringify(listed.json())).not.toContain(first);

    const rotated = await callRoute(t.app, scimTokenRoutes.rotate, { token: admin.token, params: { id: token.id } });
    const second = rotated.json().data.secret;
    expect(second).not.toBe(first);
    expect((await scim(scimRoutes.listUsers, { query: {} }, first)).status).toBe(401);
    expect((await scim(scimRoutes.listUsers, { query: {} }, second)).status).toBe(200);

    expect(
      (await callRoute(t.app, scimTokenRoutes.revoke, { token: admin.token, params: { id: token.id } })).statusCode,
    ).toBe(200);
    const refused = await scim(scimRoutes.listUsers, { query: {} }, second);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ schemas: [ERROR], status: '401' });
    expect(
      (await callRoute(t.app, scimTokenRoutes.rotate, { token: admin.token, params: { id: token.id } })).statusCode,
    ).toBe(404);
    expect((await logEvents(admin.userId, 'scim token created')).map((d) => d.id)).toContain(token.id);
    expect(await logEvents(admin.userId, 'scim token rotated')).toContainEqual({ id: token.id });
    expect(await logEvents(admin.userId, 'scim token revoked')).toContainEqual({ id: token.id });
  });

  it('answers no token and a wrong token with 401 in SCIM’s format; a Regular user cannot manage tokens', async () => {
    for (const token of ['', 'rsc_wrong']) {
      const res = await scim(scimRoutes.listUsers, { query: {} }, token);
      expect(res.status).toBe(401);
      expect(res.type).toContain('application/scim+json');
      expect(res.body).toMatchObject({ schemas: [ERROR], status: '401' });
    }
    const nurse = await createUser(t.app);
    const { token } = await login(t.app, nurse.email);
    expect((await callRoute(t.app, scimTokenRoutes.list, { token })).statusCode).toBe(403);
  });
});

describe('Users', () => {
  it('creates, gets and filters by userName and externalId, paging with startIndex and count', async () => {
    const u = await newScimUser({ [ENTERPRISE]: { department: 'ICU' } });
    const got = await scim(scimRoutes.getUser, { params: { id: u.id } });
    expect(got.status).toBe(200);
    expect(got.type).toContain('application/scim+json');
    expect(got.body).toMatchObject({
      id: u.id,
      userName: u.userName,
      externalId: u.externalId,
      active: true,
      name: { givenName: 'Ada' },
      phoneNumbers: [{ value: '+15551234567' }],
      [ENTERPRISE]: { department: 'ICU' },
      meta: { resourceType: 'User', location: expect.stringContaining(`/scim/v2/Users/${u.id}`) },
    });
    const depts = await t.app.db.selectFrom('user_departments').select('item_id').where('user_id', '=', u.id).execute();
    expect(depts).toEqual([{ item_id: icu }]);

    const byName = await scim(scimRoutes.listUsers, { query: { filter: `userName eq "${u.userName.toUpperCase()}"` } });
    expect(byName.body).toMatchObject({ totalResults: 1, Resources: [{ id: u.id }] });
    const byExternal = await scim(scimRoutes.listUsers, { query: { filter: `externalId eq "${u.externalId}"` } });
    expect(byExternal.body).toMatchObject({ totalResults: 1, Resources: [{ id: u.id }] });
    const none = await scim(scimRoutes.listUsers, { query: { filter: 'userName eq "nobody@x.test"' } });
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });

    await newScimUser();
    const page = await scim(scimRoutes.listUsers, { query: { startIndex: '2', count: '1' } });
    expect(page.body).toMatchObject({ startIndex: 2, itemsPerPage: 1 });
    expect((page.body as { totalResults: number }).totalResults).toBeGreaterThanOrEqual(3);
    expect(await logEvents(u.id, 'user created')).toHaveLength(1);
    expect(await logEvents(u.id, 'scim provisioning')).toEqual([expect.objectContaining({ action: 'create' })]);
  });

  it('applies PATCH as Entra ID sends it', async () => {
    const u = await newScimUser();
    const res = await scim(scimRoutes.patchUser, {
      params: { id: u.id },
      body: patch(
        { op: 'Replace', path: 'name.givenName', value: 'Grace' },
        { op: 'Add', path: 'title', value: 'Charge nurse' },
        {
          op: 'Replace',
          value: { 'name.familyName': 'Hopper', [`${ENTERPRISE}:department`]: 'ICU', displayName: 'Grace Hopper' },
        },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'grace.hopper@hospital.test' },
        { op: 'Replace', path: 'phoneNumbers[type eq "mobile"].value', value: '+15559876543' },
      ),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: { givenName: 'Grace', familyName: 'Hopper' },
      displayName: 'Grace Hopper',
      title: 'Charge nurse',
      emails: [{ value: 'grace.hopper@hospital.test', type: 'work' }],
      [ENTERPRISE]: { department: 'ICU' },
      userName: u.userName,
    });
    const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
    expect([row.first_name, row.last_name, row.phone_country_code, row.phone]).toEqual([
      'Grace',
      'Hopper',
      '+1',
      '5559876543',
    ]);
    const depts = await t.app.db.selectFrom('user_departments').select('item_id').where('user_id', '=', u.id).execute();
    expect(depts).toEqual([{ item_id: icu }]);

    const off = await scim(scimRoutes.patchUser, {
      params: { id: u.id },
      body: patch({ op: 'Replace', path: 'active', value: 'False' }),
    });
    expect(off.body).toMatchObject({ active: false });
    const on = await scim(scimRoutes.patchUser, {
      params: { id: u.id },
      body: patch({ op: 'replace', value: { active: 'True' } }),
    });
    expect(on.body).toMatchObject({ active: true });
    expect(await logEvents(u.id, 'user deactivated')).toHaveLength(1);
    expect((await logEvents(u.id, 'scim provisioning')).map((d) => d.action)).toEqual([
      'create',
      'patch',
      'patch',
      'patch',
    ]);
  });

  it('replaces a user with PUT', async () => {
    const u = await newScimUser();
    const res = await scim(scimRoutes.replaceUser, {
      params: { id: u.id },
      body: {
        schemas: [USER],
        userName: 'put.replaced@hospital.test',
        externalId: 'ext-put',
        name: { givenName: 'Put', familyName: 'Replaced' },
        active: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userName: 'put.replaced@hospital.test', externalId: 'ext-put', phoneNumbers: [] });
  });

  it('deactivating a user through SCIM ends their live socket within 5 s, as an Admin’s deactivation does', async () => {
    const nurse = await createUser(t.app);
    const { token } = await login(t.app, nurse.email);
    const socket = await open(token);
    const warned = new Promise((resolve) => socket.once(SERVER_EVENTS.ForcedLogout, resolve));
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    const started = Date.now();
    const res = await scim(scimRoutes.patchUser, {
      params: { id: nurse.id },
      body: patch({ op: 'Replace', path: 'active', value: 'False' }),
    });
    expect(res.status).toBe(200);
    expect(await warned).toEqual({ reason: 'accountRemoved' });
    await closed;
    expect(Date.now() - started).toBeLessThan(5_000);
    const me = await callRoute(t.app, accountRoutes.me, { token });
    expect(me.statusCode).toBe(401);
  }, 15_000);

  it('deletes a user: their socket ends, the user is gone to SCIM and cannot sign in', async () => {
    const nurse = await createUser(t.app);
    const { token } = await login(t.app, nurse.email);
    const socket = await open(token);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    const started = Date.now();
    expect((await scim(scimRoutes.deleteUser, { params: { id: nurse.id } })).status).toBe(204);
    await closed;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await scim(scimRoutes.getUser, { params: { id: nurse.id } })).status).toBe(404);
    await expect(login(t.app, nurse.email)).rejects.toThrow();
    expect(await logEvents(nurse.id, 'user deleted')).toHaveLength(1);
  }, 15_000);

  it('refuses bad input in SCIM’s error format with the right status, never a 500', async () => {
    const u = await newScimUser();
    const cases: [Promise<{ status: number; body: unknown }>, number, string | undefined][] = [
      [
        scim(scimRoutes.patchUser, {
          params: { id: u.id },
          body: patch({ op: 'Replace', path: 'favouriteColour', value: 'red' }),
        }),
        400,
        'invalidPath',
      ],
      [
        scim(scimRoutes.patchUser, { params: { id: u.id }, body: patch({ op: 'Replace', value: { shoeSize: 44 } }) }),
        400,
        'invalidPath',
      ],
      [
        scim(scimRoutes.patchUser, {
          params: { id: u.id },
          body: patch({ op: 'Replace', path: 'name.nickname', value: 'x' }),
        }),
        400,
        'invalidPath',
      ],
      [
        scim(scimRoutes.patchUser, {
          params: { id: u.id },
          body: patch({ op: 'Replace', path: 'active', value: 'perhaps' }),
        }),
        400,
        'invalidValue',
      ],
      [
        scim(scimRoutes.patchUser, {
          params: { id: u.id },
          body: patch({ op: 'remove', path: 'emails[type eq "home"].value' }),
        }),
        400,
        'noTarget',
      ],
      [
        scim(scimRoutes.patchUser, { params: { id: u.id }, body: patch({ op: 'Frobnicate', path: 'title' }) }),
        400,
        'invalidSyntax',
      ],
      [scim(scimRoutes.patchUser, { params: { id: u.id }, body: { Operations: [] } }), 400, 'invalidSyntax'],
      [
        scim(scimRoutes.patchUser, { params: { id: u.id }, body: patch({ op: 'replace', path: 'id', value: 'x' }) }),
        400,
        'mutability',
      ],
      [scim(scimRoutes.listUsers, { query: { filter: 'userName eq' } }), 400, 'invalidFilter'],
      [scim(scimRoutes.listUsers, { query: { filter: 'title co "nurse"' } }), 400, 'invalidFilter'],
      [scim(scimRoutes.createUser, { body: { schemas: [USER], userName: u.userName } }), 409, 'uniqueness'],
      [
        scim(scimRoutes.createUser, { body: { schemas: [USER], userName: 'x@y.test', externalId: u.externalId } }),
        409,
        'uniqueness',
      ],
      [scim(scimRoutes.createUser, { body: { schemas: [USER], userName: 'not an email' } }), 400, 'invalidValue'],
      [scim(scimRoutes.createUser, { body: { schemas: [USER] } }), 400, 'invalidValue'],
      [scim(scimRoutes.createUser, { body: unchecked(undefined), rawBody: '{"userName": ' }), 400, 'invalidSyntax'],
      [scim(scimRoutes.getUser, { params: { id: newId() } }), 404, undefined],
      [scim(scimRoutes.getUser, { params: { id: 'not-an-id' } }), 404, undefined],
      [
        scim(scimRoutes.patchUser, {
          params: { id: newId() },
          body: patch({ op: 'replace', path: 'title', value: 'x' }),
        }),
        404,
        undefined,
      ],
      [scim(apiRoute({ ...scimRoutes.serviceProviderConfig, path: '/Nothing' }), {}), 404, undefined],
    ];
    for (const [pending, status, scimType] of cases) {
      const res = await pending;
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).toMatchObject({ schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}) });
    }
  });
});

describe('Groups', () => {
  it('a department group’s membership changes the user’s departments; a role group their role', async () => {
    const u = await newScimUser();
    const made = await scim(scimRoutes.createGroup, {
      body: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'department:ICU',
        externalId: 'grp-icu',
        members: [{ value: u.id }],
      },
    });
    expect(made.status).toBe(201);
    const group = made.body as { id: string };
    expect(made.body).toMatchObject({
      displayName: 'department:ICU',
      members: expect.arrayContaining([expect.objectContaining({ value: u.id })]),
    });
    const depts = () => t.app.db.selectFrom('user_departments').select('item_id').where('user_id', '=', u.id).execute();
    expect(await depts()).toEqual([{ item_id: icu }]);

    const removed = await scim(scimRoutes.patchGroup, {
      params: { id: group.id },
      body: patch({ op: 'Remove', path: 'members', value: [{ value: u.id }] }),
    });
    expect(removed.status).toBe(200);
    expect(await depts()).toEqual([]);
    await scim(scimRoutes.patchGroup, {
      params: { id: group.id },
      body: patch({ op: 'Add', path: 'members', value: [{ value: u.id }] }),
    });
    expect(await depts()).toEqual([{ item_id: icu }]);
    await scim(scimRoutes.patchGroup, {
      params: { id: group.id },
      body: patch({ op: 'Remove', path: `members[value eq "${u.id}"]` }),
    });
    expect(await depts()).toEqual([]);

    const byName = await scim(scimRoutes.listGroups, {
      query: { filter: 'displayName eq "department:ICU"', excludedAttributes: 'members' },
    });
    expect(byName.body).toMatchObject({ totalResults: 1, Resources: [{ id: group.id }] });
    expect((byName.body as { Resources: object[] }).Resources[0]).not.toHaveProperty('members');

    const admins = await scim(scimRoutes.createGroup, {
      body: { displayName: 'Rounds facility admins', members: [{ value: u.id }] },
    });
    expect(admins.status).toBe(201);
    const role = async () =>
      (await t.app.db.selectFrom('users').select('role').where('id', '=', u.id).executeTakeFirstOrThrow()).role;
    expect(await role()).toBe('FacilityAdmin');
    await scim(scimRoutes.patchGroup, {
      params: { id: (admins.body as { id: string }).id },
      body: patch({ op: 'Remove', path: 'members', value: [{ value: u.id }] }),
    });
    expect(await role()).toBe('Regular');
    expect((await logEvents(u.id, 'member added')).length).toBe(2);

    expect((await scim(scimRoutes.deleteGroup, { params: { id: group.id } })).status).toBe(204);
    expect((await scim(scimRoutes.getGroup, { params: { id: group.id }, query: {} })).status).toBe(404);
  });

  it('refuses a group that stands for nothing, a missing item, a taken name and an unknown member', async () => {
    const unmapped = await scim(scimRoutes.createGroup, { body: { displayName: 'Canteen staff' } });
    expect(unmapped).toMatchObject({ status: 400, body: { scimType: 'invalidValue' } });
    const missing = await scim(scimRoutes.createGroup, { body: { displayName: 'department:Nowhere' } });
    expect(missing).toMatchObject({ status: 400, body: { scimType: 'invalidValue' } });
    await t.app.db
      .insertInto('departments')
      .values({ id: newId(), name: 'Cardiology', name_key: 'cardiology', created_at: 0 })
      .execute();
    const made = await scim(scimRoutes.createGroup, { body: { displayName: 'Department:cardiology ' } });
    expect(made.status).toBe(201);
    const again = await scim(scimRoutes.createGroup, { body: { displayName: 'department:Cardiology' } });
    expect(again).toMatchObject({ status: 409, body: { scimType: 'uniqueness' } });
    const id = (made.body as { id: string }).id;
    const stranger = await scim(scimRoutes.patchGroup, {
      params: { id: id },
      body: patch({ op: 'Add', path: 'members', value: [{ value: newId() }] }),
    });
    expect(stranger).toMatchObject({ status: 400, body: { scimType: 'invalidValue' } });
    const unknown = await scim(scimRoutes.patchGroup, {
      params: { id: id },
      body: patch({ op: 'Replace', path: 'owner', value: 'x' }),
    });
    expect(unknown).toMatchObject({ status: 400, body: { scimType: 'invalidPath' } });
  });
});

describe('discovery', () => {
  it('describes the service, its resource types and schemas', async () => {
    const config = await scim(scimRoutes.serviceProviderConfig, {});
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
    const types = await scim(scimRoutes.resourceTypes, {});
    expect((types.body as { Resources: { id: string }[] }).Resources.map((r) => r.id)).toEqual(['User', 'Group']);
    const schemas = await scim(scimRoutes.schemas, {});
    expect((schemas.body as { totalResults: number }).totalResults).toBe(3);
    expect((await scim(scimRoutes.schema, { params: { id: USER } })).status).toBe(200);
    // Plain JSON is accepted too.
    const res = await scim(scimRoutes.createUser, {
      body: { userName: 'plain.json@hospital.test' },
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
  });
});
