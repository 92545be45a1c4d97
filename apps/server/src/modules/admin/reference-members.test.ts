import { adminUserRoutes, memberRoutes, ZAdminUserListReply } from '@rounds/contracts/admin-users';
import type { TQueryIn } from '@rounds/contracts/api-route';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { REFERENCE_KINDS, referenceRoutes } from '@rounds/contracts/reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKit, type Caller, next, usersSectionCast } from '../../../test/support/admin-kit';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

/** Members of reference items (issue 10): the filtered GET /user lists and add-member / remove-member. */
let t: TestApp;
let kit: ReturnType<typeof adminKit>;
let admin: Caller;
let fa: Caller;
let regular: Caller;
let ward: string;
let north: string;

const members = async (token: string, query: TQueryIn<typeof adminUserRoutes.list>) => {
  const res = await kit.call(token, adminUserRoutes.list, { query: { pageSize: 100, ...query } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZAdminUserListReply.parse(res.body);
};
const ids = (reply: { results: { id: string }[] }) => reply.results.map((u) => u.id);

beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
  kit = adminKit(t);
  ({ ward, north, admin, fa, regular } = await usersSectionCast(kit));
});
afterAll(async () => {
  kit.closeSockets();
  await t.close();
});

async function itemMembers(kind: (typeof REFERENCE_KINDS)[number], id: string): Promise<number> {
  const list = await kit.call(admin.token, referenceRoutes(kind).list, { query: { pageSize: 100 } });
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
      expect(ids(await members(admin.token, { [key]: item }))).toEqual([]);
      expect(ids(await members(admin.token, { [key]: item, exclude: 'true' }))).toContain(nurse.id);

      const updated = next<{ user: Record<string, string[]> }>(socket, SERVER_EVENTS.UserUpdated);
      const add = await kit.call(admin.token, memberRoutes(kind).add, { body: { id: item, userId: nurse.id } });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      expect(add.body.message).toBe('Member added successfully');
      expect((await updated).user[key]).toContain(item);
      expect(ids(await members(admin.token, { [key]: item }))).toEqual([nurse.id]);
      expect(ids(await members(admin.token, { [key]: item, exclude: '1' }))).not.toContain(nurse.id);
      expect(await itemMembers(kind, item)).toBe(1);
      // Adding again changes nothing.
      expect(
        (await kit.call(admin.token, memberRoutes(kind).add, { body: { id: item, userId: nurse.id } })).status,
      ).toBe(200);
      expect(await itemMembers(kind, item)).toBe(1);

      const removed = next<{ user: Record<string, string[]> }>(socket, SERVER_EVENTS.UserUpdated);
      const remove = await kit.call(admin.token, memberRoutes(kind).remove, { body: { id: item, userId: nurse.id } });
      expect(remove.status).toBe(200);
      expect(remove.body.message).toBe('Member removed successfully');
      expect((await removed).user[key]).not.toContain(item);
      expect(ids(await members(admin.token, { [key]: item }))).toEqual([]);
      expect(await itemMembers(kind, item)).toBe(0);
      const audit = await t.app.db.selectFrom('audit_logs').select('event').where('user_id', '=', nurse.id).execute();
      expect(audit.map((a) => a.event)).toEqual(expect.arrayContaining(['member added', 'member removed']));
    }
  }, 30_000);

  it('keeps one clinical role and one suffix: add replaces, remove empties', async () => {
    const nurse = await kit.caller({ facilities: [ward] });
    const [a, b] = [await kit.item('profession', 'Nurse A'), await kit.item('profession', 'Nurse B')];
    await kit.call(admin.token, memberRoutes('profession').add, { body: { id: a, userId: nurse.id } });
    await kit.call(admin.token, memberRoutes('profession').add, { body: { id: b, userId: nurse.id } });
    const view = await kit.call(admin.token, adminUserRoutes.get, { query: { id: nurse.id } });
    expect((view.body.data as { professionId: string[] }).professionId).toEqual([b]);
    // Removing the role they no longer hold leaves the one they hold.
    await kit.call(admin.token, memberRoutes('profession').remove, { body: { id: a, userId: nurse.id } });
    const still = await kit.call(admin.token, adminUserRoutes.get, { query: { id: nurse.id } });
    expect((still.body.data as { professionId: string[] }).professionId).toEqual([b]);
    await kit.call(admin.token, memberRoutes('profession').remove, { body: { id: b, userId: nurse.id } });
    const none = await kit.call(admin.token, adminUserRoutes.get, { query: { id: nurse.id } });
    expect((none.body.data as { professionId: string[] }).professionId).toEqual([]);
  });

  it('keeps the FacilityAdmin scope in the lists and in the changes', async () => {
    const mine = await kit.caller({ facilities: [ward] });
    const far = await kit.caller({ facilities: [north] });
    // The Available users list of a FacilityAdmin holds only the users they manage.
    const available = ids(await members(fa.token, { facilityId: north, exclude: 'true' }));
    expect(available).toContain(mine.id);
    expect(available).not.toContain(far.id);
    expect(ids(await members(fa.token, { facilityId: north }))).toEqual([]);

    const add = (token: string, id: string, userId: string) =>
      kit.call(token, memberRoutes('facility').add, { body: { id, userId } });
    // Their own facility, a user in scope: yes. Another facility or a user out of scope: no.
    expect((await add(fa.token, ward, mine.id)).status).toBe(200);
    expect((await add(fa.token, north, mine.id)).status).toBe(403);
    expect((await add(fa.token, ward, far.id)).status).toBe(403);
    expect((await add(admin.token, ward, far.id)).status).toBe(200);
    expect(
      (await kit.call(fa.token, memberRoutes('facility').remove, { body: { id: ward, userId: far.id } })).status,
    ).toBe(200);
    // Other kinds are the Admin's.
    const dept = await kit.item('department', 'Radiology');
    const denied = await kit.call(fa.token, memberRoutes('department').add, { body: { id: dept, userId: mine.id } });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('FORBIDDEN');
  });

  it('answers 404 for an unknown item or user, 400 for a bad id, 401 and 403 to the wrong callers', async () => {
    const nurse = await kit.caller({ facilities: [ward] });
    const missing = 'f'.repeat(24);
    expect(
      (await kit.call(admin.token, memberRoutes('facility').add, { body: { id: missing, userId: nurse.id } })).status,
    ).toBe(404);
    expect(
      (await kit.call(admin.token, memberRoutes('facility').add, { body: { id: ward, userId: missing } })).status,
    ).toBe(404);
    const bad = await kit.call(admin.token, memberRoutes('suffix').remove, { body: { id: 'x', userId: nurse.id } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('id');
    for (const kind of REFERENCE_KINDS) {
      for (const action of ['add', 'remove'] as const) {
        const body = { id: ward, userId: nurse.id };
        expect((await kit.call(null, memberRoutes(kind)[action], { body })).status).toBe(401);
        expect((await kit.call(regular.token, memberRoutes(kind)[action], { body })).status).toBe(403);
      }
    }
  });
});
