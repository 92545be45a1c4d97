import { REFERENCE_KINDS } from '@rounds/contracts/reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const call = (
  role: keyof typeof tokens | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: role ? { authorization: `Bearer ${tokens[role]}` } : {} });

describe('reference data', () => {
  it.each(REFERENCE_KINDS)('%s: Admin creates, renames, lists with members, deletes', async (kind) => {
    const created = await call('Admin', 'POST', `/api/v1/${kind}`, { name: `  Cardiac ${kind}  ` });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data;
    expect(item).toMatchObject({ name: `Cardiac ${kind}`, members: 0 });

    const dup = await call('Admin', 'POST', `/api/v1/${kind}`, { name: `CARDIAC ${kind.toUpperCase()}` });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('DUPLICATE_NAME');

    const renamed = await call('Admin', 'PUT', `/api/v1/${kind}`, { id: item.id, name: `Heart ${kind}` });
    expect(renamed.json().data.name).toBe(`Heart ${kind}`);

    const publicList = await call(null, 'GET', `/api/v1/${kind}/list?all=1&keyword=heart`);
    expect(publicList.statusCode).toBe(200);
    expect(publicList.json()).toMatchObject({
      page: 1,
      total: 1,
      results: [{ id: item.id, name: `Heart ${kind}`, members: 0 }],
    });

    const byId = await call('Regular', 'GET', `/api/v1/${kind}?id=${item.id}`);
    expect(byId.json().data.id).toBe(item.id);
    expect((await call(null, 'GET', `/api/v1/${kind}`)).statusCode).toBe(401);

    const gone = await call('Admin', 'DELETE', `/api/v1/${kind}`, { id: item.id });
    expect(gone.statusCode).toBe(200);
    expect((await call('Admin', 'DELETE', `/api/v1/${kind}`, { id: item.id })).statusCode).toBe(404);
  });

  it('lets FacilityAdmins write facilities only, and Regular users nothing', async () => {
    expect((await call('FacilityAdmin', 'POST', '/api/v1/facility', { name: 'North Campus' })).statusCode).toBe(200);
    expect((await call('FacilityAdmin', 'POST', '/api/v1/department', { name: 'Neurology' })).statusCode).toBe(403);
    expect((await call('Regular', 'POST', '/api/v1/facility', { name: 'South Campus' })).statusCode).toBe(403);
    expect((await call('Regular', 'POST', '/api/v1/facility', { name: '' })).statusCode).toBe(403);
    expect((await call('Admin', 'POST', '/api/v1/facility', { name: '   ' })).json().message).toBe('name: Required');
  });

  it('counts members and takes a deleted item off its users', async () => {
    const dept = (await call('Admin', 'POST', '/api/v1/department', { name: 'Oncology Ward' })).json().data;
    const prof = (await call('Admin', 'POST', '/api/v1/profession', { name: 'Charge Nurse' })).json().data;
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
    expect((await call('Admin', 'GET', `/api/v1/department?id=${dept.id}`)).json().data.members).toBe(2);
    expect((await call('Admin', 'GET', `/api/v1/profession?id=${prof.id}`)).json().data.members).toBe(1);
    await call('Admin', 'DELETE', '/api/v1/department', { id: dept.id });
    await call('Admin', 'DELETE', '/api/v1/profession', { id: prof.id });
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
      await call('Admin', 'POST', '/api/v1/suffix', { name: n });
    const page = await call('Regular', 'GET', '/api/v1/suffix?keyword=ward&page=2&pageSize=3');
    expect(page.json()).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(page.json().results).toHaveLength(1);
    expect((await call('Regular', 'GET', '/api/v1/suffix?keyword=%25')).json().total).toBe(1);
    expect((await call('Regular', 'GET', '/api/v1/suffix?keyword=_')).json().total).toBe(1);
    expect((await call('Regular', 'GET', '/api/v1/suffix?page=0')).statusCode).toBe(400);
  });

  it('lists names in natural order: numbers by value, accents and case aside', async () => {
    for (const n of ['Unit 10', 'unit 2', 'Ünit 3', 'Unit 1'])
      await call('Admin', 'POST', '/api/v1/department', { name: n });
    const names = (reply: { json: () => { results: { name: string }[] } }) => reply.json().results.map((r) => r.name);
    const all = await call('Regular', 'GET', '/api/v1/department/list?all=1&keyword=nit');
    expect(names(all)).toEqual(['Unit 1', 'unit 2', 'Ünit 3', 'Unit 10']);
    const paged = await call('Regular', 'GET', '/api/v1/department?keyword=nit&page=2&pageSize=2');
    expect(names(paged)).toEqual(['Ünit 3', 'Unit 10']);
  });
});
