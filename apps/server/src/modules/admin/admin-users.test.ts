import { adminUserRoutes, ZAdminUserListReply } from '@rounds/contracts/admin-users';
import type { TApiRoute, TBodyIn, TQueryIn } from '@rounds/contracts/api-route';
import { userPermissionRoutes } from '@rounds/contracts/user-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type TRouteInput, unchecked } from '../../../test/support/call-route';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { createFacility, createUser, login } from '../../../test/support/users';

let t: TestApp;
const tokens: Record<string, string> = {};
const facility: Record<string, string> = {};
const ids: Record<string, string> = {};

async function person(
  key: string,
  first: string,
  last: string,
  o: { role?: 'Regular' | 'FacilityAdmin' | 'Admin'; facilities?: string[]; email?: string } = {},
) {
  const facilities = (o.facilities ?? []).map((f) => facility[f]!);
  const u = await createUser(t.app, { firstName: first, lastName: last, role: o.role, email: o.email, facilities });
  tokens[key] = (await login(t.app, u.email)).token;
  ids[key] = u.id;
  return u;
}

async function list(token: string | null, query: TQueryIn<typeof adminUserRoutes.list> = {}) {
  const res = await callRoute(t.app, adminUserRoutes.list, { query, ...(token ? { token } : {}) });
  return { status: res.statusCode, body: res.json() };
}

const names = (body: unknown) => ZAdminUserListReply.parse(body).results.map((u) => u.firstName);

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['Riverside', 'Northgate']) facility[name] = await createFacility(t.app, name);
  tokens.admin = (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token;
  await person('fa', 'Fran', 'Admin', { role: 'FacilityAdmin', facilities: ['Riverside'] });
  await person('ann', 'ann', 'Broussard', { facilities: ['Riverside'] });
  await person('bob', 'Bob', 'Hebert', { facilities: ['Riverside', 'Northgate'] });
  await person('cy', 'Cy', 'Guidry', { facilities: ['Northgate'] });
  await person('root', 'Rita', 'Boss', { role: 'Admin', facilities: ['Riverside'] });
  await person('und', 'Una', 'Derscore', { email: 'una_d@test.rounds', facilities: ['Riverside'] });
  await person('reg', 'Reg', 'Ular', { facilities: ['Riverside'] });
});
afterAll(() => t.close());

describe('GET /user (admin users table)', () => {
  it('refuses anonymous callers and Regular users', async () => {
    expect((await list(null)).status).toBe(401);
    expect((await list(tokens.reg!)).status).toBe(403);
  });

  it('gives an Admin every user, sorted by first name case-insensitively, paged with the total', async () => {
    const first = await list(tokens.admin!, { pageSize: 3 });
    expect(first.status).toBe(200);
    const page1 = ZAdminUserListReply.parse(first.body);
    expect(page1.total).toBe(8);
    expect(page1.results.map((u) => u.firstName)).toEqual(['ann', 'Bob', 'Cy']);
    const last = await list(tokens.admin!, { pageSize: 3, page: 3 });
    expect(names(last.body)).toEqual(['Rounds', 'Una']);
  });

  it('sorts by surname in both directions and by other columns', async () => {
    const desc = names((await list(tokens.admin!, { sortBy: 'lastName', order: 'desc', pageSize: 2 })).body);
    expect(desc).toEqual(['Reg', 'Bob']);
    const byRole = ZAdminUserListReply.parse((await list(tokens.admin!, { sortBy: 'role', pageSize: 100 })).body);
    expect(byRole.results[0]!.role).toBe('Admin');
  });

  it('searches names and emails as the directory does, wildcards taken literally', async () => {
    expect(names((await list(tokens.admin!, { keyword: 'broUSS' })).body)).toEqual(['ann']);
    expect(names((await list(tokens.admin!, { keyword: 'una_d' })).body)).toEqual(['Una']);
    expect(ZAdminUserListReply.parse((await list(tokens.admin!, { keyword: '%' })).body).total).toBe(0);
    expect(ZAdminUserListReply.parse((await list(tokens.admin!, { keyword: '_' })).body).total).toBe(1);
  });

  it('gives a FacilityAdmin only the non-Admin users of their facilities', async () => {
    const res = await list(tokens.fa!, { pageSize: 100 });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['ann', 'Bob', 'Fran', 'Reg', 'Una']);
  });

  it('answers 400 naming the field for a bad query', async () => {
    const sort = await list(tokens.admin!, { sortBy: unchecked('password') });
    expect(sort.status).toBe(400);
    expect(JSON.stringify(sort.body)).toContain('sortBy');
    const size = await list(tokens.admin!, { pageSize: 1000 });
    expect(size.status).toBe(400);
    expect(JSON.stringify(size.body)).toContain('pageSize');
  });
});

describe('FacilityAdmin scope on user permissions', () => {
  const post = <R extends TApiRoute>(token: string, route: R, body: TBodyIn<R>) =>
    callRoute(t.app, route, { body, token } as unknown as TRouteInput<R>);
  const stored = async (key: string) =>
    JSON.parse(
      (await t.app.db.selectFrom('users').select('permissions').where('id', '=', ids[key]!).executeTakeFirstOrThrow())
        .permissions,
    );

  it('lets a FacilityAdmin set a permission of their own facility only', async () => {
    expect(
      (await post(tokens.fa!, userPermissionRoutes.set, { userId: ids.ann!, permission: 'video', value: true }))
        .statusCode,
    ).toBe(200);
    const outside = await post(tokens.fa!, userPermissionRoutes.set, {
      userId: ids.cy!,
      permission: 'video',
      value: true,
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.error().code).toBe('OUT_OF_SCOPE');
    const admin = await post(tokens.fa!, userPermissionRoutes.set, {
      userId: ids.root!,
      permission: 'video',
      value: true,
    });
    expect(admin.statusCode).toBe(403);
  });

  it('changes, for all users, only those the FacilityAdmin manages', async () => {
    const res = await post(tokens.fa!, userPermissionRoutes.setAll, { permission: 'voice', value: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.users).toBe(5);
    expect((await stored('bob')).voice).toBe(true);
    expect((await stored('cy')).voice).toBeUndefined();
    expect((await stored('root')).voice).toBeUndefined();
  });
});
