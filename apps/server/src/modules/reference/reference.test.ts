import type { TApiRoute } from '@rounds/contracts/api-route';
import {
  REFERENCE_KINDS,
  referenceRoutes,
  type TReferenceItem,
  type TReferenceListReply,
} from '@rounds/contracts/reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type TRouteInput } from '../../../test/support/call-route';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { createUser, login } from '../../../test/support/users';

let t: TestApp;
let tokens: Record<'Admin' | 'FacilityAdmin' | 'Regular', string>;
beforeAll(async () => {
  t = await createTestApp();
  const fa = await createUser(t.app, { role: 'FacilityAdmin' });
  const reg = await createUser(t.app);
  tokens = {
    Admin: (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token,
    FacilityAdmin: (await login(t.app, fa.email)).token,
    Regular: (await login(t.app, reg.email)).token,
  };
});
afterAll(() => t.close());

const call = <R extends TApiRoute>(role: keyof typeof tokens | null, route: R, input: Omit<TRouteInput<R>, 'token'>) =>
  callRoute(t.app, route, { ...input, ...(role ? { token: tokens[role] } : {}) } as TRouteInput<R>);

/** GET /<kind> answers one item when asked by id, else a page: the test knows which it asked for. */
const item$ = (res: { json(): unknown }) => res.json() as { data: TReferenceItem };
const page$ = (res: { json(): unknown }) => res.json() as TReferenceListReply;

describe('reference data', () => {
  it.each(REFERENCE_KINDS)('%s: Admin creates, renames, lists with members, deletes', async (kind) => {
    const created = await call('Admin', referenceRoutes(kind).create, { body: { name: `  Cardiac ${kind}  ` } });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data;
    expect(item).toMatchObject({ name: `Cardiac ${kind}`, members: 0 });

    const dup = await call('Admin', referenceRoutes(kind).create, { body: { name: `CARDIAC ${kind.toUpperCase()}` } });
    expect(dup.statusCode).toBe(409);
    expect(dup.error().code).toBe('DUPLICATE_NAME');

    const renamed = await call('Admin', referenceRoutes(kind).update, { body: { id: item.id, name: `Heart ${kind}` } });
    expect(renamed.json().data.name).toBe(`Heart ${kind}`);

    const publicList = await call(null, referenceRoutes(kind).publicList, { query: { all: '1', keyword: 'heart' } });
    expect(publicList.statusCode).toBe(200);
    expect(publicList.json()).toMatchObject({
      page: 1,
      total: 1,
      results: [{ id: item.id, name: `Heart ${kind}`, members: 0 }],
    });

    const byId = await call('Regular', referenceRoutes(kind).list, { query: { id: item.id } });
    expect(item$(byId).data.id).toBe(item.id);
    expect((await call(null, referenceRoutes(kind).list, { query: {} })).statusCode).toBe(401);

    const gone = await call('Admin', referenceRoutes(kind).remove, { body: { id: item.id } });
    expect(gone.statusCode).toBe(200);
    expect((await call('Admin', referenceRoutes(kind).remove, { body: { id: item.id } })).statusCode).toBe(404);
  });

  it('lets FacilityAdmins write facilities only, and Regular users nothing', async () => {
    expect(
      (await call('FacilityAdmin', referenceRoutes('facility').create, { body: { name: 'North Campus' } })).statusCode,
    ).toBe(200);
    expect(
      (await call('FacilityAdmin', referenceRoutes('department').create, { body: { name: 'Neurology' } })).statusCode,
    ).toBe(403);
    expect(
      (await call('Regular', referenceRoutes('facility').create, { body: { name: 'South Campus' } })).statusCode,
    ).toBe(403);
    expect((await call('Regular', referenceRoutes('facility').create, { body: { name: '' } })).statusCode).toBe(403);
    expect((await call('Admin', referenceRoutes('facility').create, { body: { name: '   ' } })).error().message).toBe(
      'name: Required',
    );
  });

  it('counts members and takes a deleted item off its users', async () => {
    const dept = (await call('Admin', referenceRoutes('department').create, { body: { name: 'Oncology Ward' } })).json()
      .data;
    const prof = (await call('Admin', referenceRoutes('profession').create, { body: { name: 'Charge Nurse' } })).json()
      .data;
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await t.app.db
      .insertInto('user_departments')
      .values([
        { user_id: a.id, item_id: dept.id },
        { user_id: b.id, item_id: dept.id },
      ])
      .execute();
    await t.app.db.updateTable('users').set({ profession_id: prof.id }).where('id', '=', a.id).execute();
    expect(
      item$(await call('Admin', referenceRoutes('department').list, { query: { id: dept.id } })).data.members,
    ).toBe(2);
    expect(
      item$(await call('Admin', referenceRoutes('profession').list, { query: { id: prof.id } })).data.members,
    ).toBe(1);
    await call('Admin', referenceRoutes('department').remove, { body: { id: dept.id } });
    await call('Admin', referenceRoutes('profession').remove, { body: { id: prof.id } });
    expect(await t.app.db.selectFrom('user_departments').selectAll().where('item_id', '=', dept.id).execute()).toEqual(
      [],
    );
    const user = await t.app.db
      .selectFrom('users')
      .select('profession_id')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(user.profession_id).toBeNull();
  });

  it('pages and searches, treating % and _ literally', async () => {
    for (const n of ['Ward 100%', 'Ward_A', 'Ward B', 'Ward C'])
      await call('Admin', referenceRoutes('suffix').create, { body: { name: n } });
    const page = await call('Regular', referenceRoutes('suffix').list, {
      query: { keyword: 'ward', page: 2, pageSize: 3 },
    });
    expect(page.json()).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(page$(page).results).toHaveLength(1);
    expect(page$(await call('Regular', referenceRoutes('suffix').list, { query: { keyword: '%' } })).total).toBe(1);
    expect(page$(await call('Regular', referenceRoutes('suffix').list, { query: { keyword: '_' } })).total).toBe(1);
    expect((await call('Regular', referenceRoutes('suffix').list, { query: { page: 0 } })).statusCode).toBe(400);
  });

  it('lists names in natural order: numbers by value, accents and case aside', async () => {
    for (const n of ['Unit 10', 'unit 2', 'Ünit 3', 'Unit 1'])
      await call('Admin', referenceRoutes('department').create, { body: { name: n } });
    const names = (reply: { json(): unknown }) => page$(reply).results.map((r) => r.name);
    const all = await call('Regular', referenceRoutes('department').publicList, {
      query: { all: '1', keyword: 'nit' },
    });
    expect(names(all)).toEqual(['Unit 1', 'unit 2', 'Ünit 3', 'Unit 10']);
    const paged = await call('Regular', referenceRoutes('department').list, {
      query: { keyword: 'nit', page: 2, pageSize: 2 },
    });
    expect(names(paged)).toEqual(['Ünit 3', 'Unit 10']);
  });
});
