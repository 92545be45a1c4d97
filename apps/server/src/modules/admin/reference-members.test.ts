import { ZAdminUserListReply } from '@rounds/contracts/admin-users';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { REFERENCE_KINDS } from '@rounds/contracts/reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKit, type Caller, next } from '../../../test/support/admin-kit';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

/** Members of reference items (issue 10): the filtered GET /user lists and add-member / remove-member. */
let t: TestApp;
let kit: ReturnType<typeof adminKit>;
let admin: Caller;
let fa: Caller;
let regular: Caller;
let ward: string;
let north: string;

const members = async (token: string, query: string) => {
  const res = await kit.call(token, 'GET', `/user?pageSize=100&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZAdminUserListReply.parse(res.body);
};
const ids = (reply: { results: { id: string }[] }) => reply.results.map((u) => u.id);

beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
  kit = adminKit(t);
  ward = await kit.item('facility', 'Riverside');
  north = await kit.item('facility', 'Northgate');
  admin = await kit.firstAdmin();
  fa = await kit.caller({ role: 'FacilityAdmin', facilities: [ward] });
  regular = await kit.caller({ facilities: [ward] });
});
afterAll(async () => {
  kit.closeSockets();
  await t.close();
});

async function itemMembers(kind: (typeof REFERENCE_KINDS)[number], id: string): Promise<number> {
  const list = await kit.call(admin.token, 'GET', `/${kind}?pageSize=100`);
  const found = (list.body as unknown as { results: { id: string; members: number }[] }).results.find(
    (i) => i.id === id,
  );
  return found?.members ?? -1;
}

describe('members of reference items', () => {
  it('adds and removes members of every kind; the lists, the user and the members count follow', async () => {
    for (const kind of REFERENCE_KINDS) {
      const item = await kit.item(kind, `${kind} members ${Date.now()}`);
      const nurse = await kit.caller({ facilities: [ward] });
      const socket = await kit.open(nurse.token);
      const key = `${kind}Id`;
      expect(ids(await members(admin.token, `${key}=${item}`))).toEqual([]);
      expect(ids(await members(admin.token, `${key}=${item}&exclude=true`))).toContain(nurse.id);

      const updated = next<{ user: Record<string, string[]> }>(socket, SERVER_EVENTS.UserUpdated);
      const add = await kit.call(admin.token, 'POST', `/${kind}/add-member`, { id: item, userId: nurse.id });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      expect(add.body.message).toBe('Member added successfully');
      expect((await updated).user[key]).toContain(item);
      expect(ids(await members(admin.token, `${key}=${item}`))).toEqual([nurse.id]);
      expect(ids(await members(admin.token, `${key}=${item}&exclude=1`))).not.toContain(nurse.id);
      expect(await itemMembers(kind, item)).toBe(1);
      // Adding again changes nothing.
      expect((await kit.call(admin.token, 'POST', `/${kind}/add-member`, { id: item, userId: nurse.id })).status).toBe(
        200,
      );
      expect(await itemMembers(kind, item)).toBe(1);

      const removed = next<{ user: Record<string, string[]> }>(socket, SERVER_EVENTS.UserUpdated);
      const remove = await kit.call(admin.token, 'POST', `/${kind}/remove-member`, { id: item, userId: nurse.id });
      expect(remove.status).toBe(200);
      expect(remove.body.message).toBe('Member removed successfully');
      expect((await removed).user[key]).not.toContain(item);
      expect(ids(await members(admin.token, `${key}=${item}`))).toEqual([]);
      expect(await itemMembers(kind, item)).toBe(0);
      const audit = await t.app.db.selectFrom('audit_logs').select('event').where('user_id', '=', nurse.id).execute();
      expect(audit.map((a) => a.event)).toEqual(expect.arrayContaining(['member added', 'member removed']));
    }
  }, 30_000);

  it('keeps one clinical role and one suffix: add replaces, remove empties', async () => {
    const nurse = await kit.caller({ facilities: [ward] });
    const [a, b] = [await kit.item('profession', 'Nurse A'), await kit.item('profession', 'Nurse B')];
    await kit.call(admin.token, 'POST', '/profession/add-member', { id: a, userId: nurse.id });
    await kit.call(admin.token, 'POST', '/profession/add-member', { id: b, userId: nurse.id });
    const view = await kit.call(admin.token, 'GET', `/user/get-user?id=${nurse.id}`);
    expect((view.body.data as { professionId: string[] }).professionId).toEqual([b]);
    // Removing the role they no longer hold leaves the one they hold.
    await kit.call(admin.token, 'POST', '/profession/remove-member', { id: a, userId: nurse.id });
    const still = await kit.call(admin.token, 'GET', `/user/get-user?id=${nurse.id}`);
    expect((still.body.data as { professionId: string[] }).professionId).toEqual([b]);
    await kit.call(admin.token, 'POST', '/profession/remove-member', { id: b, userId: nurse.id });
    const none = await kit.call(admin.token, 'GET', `/user/get-user?id=${nurse.id}`);
    expect((none.body.data as { professionId: string[] }).professionId).toEqual([]);
  });

  it('keeps the FacilityAdmin scope in the lists and in the changes', async () => {
    const mine = await kit.caller({ facilities: [ward] });
    const far = await kit.caller({ facilities: [north] });
    // The Available users list of a FacilityAdmin holds only the users they manage.
    const available = ids(await members(fa.token, `facilityId=${north}&exclude=true`));
    expect(available).toContain(mine.id);
    expect(available).not.toContain(far.id);
    expect(ids(await members(fa.token, `facilityId=${north}`))).toEqual([]);

    const add = (token: string, id: string, userId: string) =>
      kit.call(token, 'POST', '/facility/add-member', { id, userId });
    // Their own facility, a user in scope: yes. Another facility or a user out of scope: no.
    expect((await add(fa.token, ward, mine.id)).status).toBe(200);
    expect((await add(fa.token, north, mine.id)).status).toBe(403);
    expect((await add(fa.token, ward, far.id)).status).toBe(403);
    expect((await add(admin.token, ward, far.id)).status).toBe(200);
    expect((await kit.call(fa.token, 'POST', '/facility/remove-member', { id: ward, userId: far.id })).status).toBe(
      200,
    );
    // Other kinds are the Admin's.
    const dept = await kit.item('department', 'Radiology');
    const denied = await kit.call(fa.token, 'POST', '/department/add-member', { id: dept, userId: mine.id });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('FORBIDDEN');
  });

  it('answers 404 for an unknown item or user, 400 for a bad id, 401 and 403 to the wrong callers', async () => {
    const nurse = await kit.caller({ facilities: [ward] });
    const missing = 'f'.repeat(24);
    expect(
      (await kit.call(admin.token, 'POST', '/facility/add-member', { id: missing, userId: nurse.id })).status,
    ).toBe(404);
    expect((await kit.call(admin.token, 'POST', '/facility/add-member', { id: ward, userId: missing })).status).toBe(
      404,
    );
    const bad = await kit.call(admin.token, 'POST', '/suffix/remove-member', { id: 'x', userId: nurse.id });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('id');
    for (const kind of REFERENCE_KINDS) {
      for (const action of ['add-member', 'remove-member']) {
        const body = { id: ward, userId: nurse.id };
        expect((await kit.call(null, 'POST', `/${kind}/${action}`, body)).status).toBe(401);
        expect((await kit.call(regular.token, 'POST', `/${kind}/${action}`, body)).status).toBe(403);
      }
    }
  });
});
