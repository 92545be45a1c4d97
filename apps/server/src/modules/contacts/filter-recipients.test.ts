import { CHAT_LIMITS, chatRoomRoutes } from '@rounds/contracts/chat';
import { contactRoutes, type TFilterGroupRequest } from '@rounds/contracts/contacts';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { onCallRoutes } from '@rounds/contracts/on-call';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, unchecked } from '../../../test/support/call-route';
import { callAs, collect, type Member, member, openSocket } from '../../../test/support/chat';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { createFacility, createUser, login, TEST_PASSWORD } from '../../../test/support/users';
import { newId } from '../../lib/ids';
import { insertUsers } from '../users/users.store';
import { bumpDirectory } from './staff-directory';

/**
 * Issue 25, a directory filter as a recipient list ("all ICU nurses on shift"), on a real database (SQLite, and
 * PostgreSQL with DATABASE_URL) and real sockets: the server finds the people when asked, the group is the
 * sender's, and a filter that finds nobody or more than a group holds is refused before anything is written.
 */
let t: TestApp;
let admin: Member;
let riverside: string;
const items: Record<string, string> = {};
const staff: Record<string, Member> = {};

async function item(kind: 'departments' | 'professions', name: string) {
  const id = newId();
  await t.app.db.insertInto(kind).values({ id, name, name_key: name.toLowerCase(), created_at: 0 }).execute();
  items[name] = id;
}

/** Links a person to Riverside, a department and a profession, and tells the directory. */
async function place(id: string, department: string, profession: string) {
  await t.app.db.insertInto('user_facilities').values({ user_id: id, item_id: riverside }).execute();
  await t.app.db.insertInto('user_departments').values({ user_id: id, item_id: items[department]! }).execute();
  await t.app.db.updateTable('users').set({ profession_id: items[profession]! }).where('id', '=', id).execute();
  await bumpDirectory(t.app.db, id);
}

async function clinician(first: string, department: string, profession: string) {
  const m = await member(t, first, 'Test');
  await place(m.id, department, profession);
  staff[first] = m;
  return m;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
  riverside = await createFacility(t.app, 'Riverside');
  await item('departments', 'ICU');
  await item('departments', 'Emergency');
  await item('departments', 'Big ward');
  await item('professions', 'Registered Nurse');
  await item('professions', 'Physician');
  const adminLogin = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
  admin = { id: adminLogin.userId, email: TEST_ADMIN.email, token: adminLogin.token, name: 'Admin' };
  await clinician('Mia', 'ICU', 'Registered Nurse');
  await clinician('Ann', 'ICU', 'Registered Nurse');
  await clinician('Bea', 'ICU', 'Registered Nurse');
  await clinician('Cleo', 'ICU', 'Registered Nurse');
  await clinician('Carl', 'ICU', 'Physician');
  await clinician('Dan', 'Emergency', 'Registered Nurse');
  // ICU nurses who cannot be put in a group: never signed in, deactivated, deleted.
  const newbie = await createUser(t.app, { firstName: 'Nora', lastName: 'Newbie' });
  await place(newbie.id, 'ICU', 'Registered Nurse');
  const off = await createUser(t.app, { firstName: 'Olive', lastName: 'Inactive', active: 0 });
  await place(off.id, 'ICU', 'Registered Nurse');
  const gone = await createUser(t.app, { firstName: 'Gus', lastName: 'Deleted' });
  await place(gone.id, 'ICU', 'Registered Nurse');
  await t.app.db.updateTable('users').set({ deleted: 1 }).where('id', '=', gone.id).execute();
  await bumpDirectory(t.app.db, gone.id);
});
afterAll(() => t.close());

const icuNurses = () => ({
  facility: [],
  department: [items.ICU!],
  profession: [items['Registered Nurse']!],
  specialty: [],
});
const count = async (body: { params: ReturnType<typeof icuNurses>; onShift?: boolean }, by = staff.Mia!) => {
  const res = await callAs(t, by, contactRoutes.filterRecipients, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const startGroup = (body: TFilterGroupRequest, by = staff.Mia!, language = 'en') =>
  callRoute(t.app, contactRoutes.filterGroup, { token: by.token, body, headers: { 'accept-language': language } });
const membersOf = async (roomId: string) =>
  (await t.app.db.selectFrom('room_members').select('user_id').where('room_id', '=', roomId).execute())
    .map((r) => r.user_id)
    .sort();
const ids = (...names: string[]) => names.map((n) => staff[n]!.id).sort();
const roomCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('rooms')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a filter as a recipient list', () => {
  it('counts the people the filter finds now, without the sender, apart from those who never signed in', async () => {
    expect(await count({ params: icuNurses() })).toEqual({ count: 3, neverSignedIn: 1 });
    // Another sender's count leaves them out and counts Mia.
    expect(await count({ params: icuNurses() }, staff.Dan!)).toEqual({ count: 4, neverSignedIn: 1 });
  });

  it('starts a group of them owned by the sender under the name given, and each of them learns of it', async () => {
    const annSocket = await openSocket(t, staff.Ann!);
    const created = collect<{ twId: string }>(annSocket, SERVER_EVENTS.ConversationCreated);
    const res = await startGroup({ params: icuNurses(), name: 'ICU nurses' });
    expect(res.statusCode, res.body).toBe(200);
    const room = res.json().data.chatRoom;
    expect(room).toMatchObject({ type: 'group', name: 'ICU nurses', owner: staff.Mia!.id });
    expect(room.participants.map((p) => p.id).sort()).toEqual(ids('Mia', 'Ann', 'Bea', 'Cleo'));
    expect(await membersOf(room.id)).toEqual(ids('Mia', 'Ann', 'Bea', 'Cleo'));
    await created.next((p) => p.twId === room.id);
  });

  it('finds the people at the instant it is asked: someone deactivated since the count is left out', async () => {
    expect((await count({ params: icuNurses() })).count).toBe(3);
    // Written straight into the database, as an operator might: the rows decide, not the directory's snapshot.
    await t.app.db.updateTable('users').set({ active: 0 }).where('id', '=', staff.Cleo!.id).execute();
    try {
      const res = await startGroup({ params: icuNurses(), name: 'ICU nurses tonight' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await membersOf(res.json().data.chatRoom.id)).toEqual(ids('Mia', 'Ann', 'Bea'));
    } finally {
      await t.app.db.updateTable('users').set({ active: 1 }).where('id', '=', staff.Cleo!.id).execute();
    }
  });

  it('refuses a filter that finds nobody (400 naming params) and one that chooses nothing', async () => {
    const rooms = await roomCount();
    const nobody = await startGroup({
      params: { facility: [], department: [items.Emergency!], profession: [items.Physician!], specialty: [] },
      name: 'Emergency physicians',
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.error()).toEqual({
      code: 'NO_RECIPIENTS',
      message: 'params: this filter finds nobody who can be messaged',
    });
    const empty = await startGroup({
      params: { facility: [], department: [], profession: [], specialty: [] },
      name: 'Everyone',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.error().message).toContain('params');
    const noName = await startGroup(unchecked({ params: icuNurses(), name: '  ' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.error().message).toContain('name');
    expect(await roomCount()).toBe(rooms);
  });

  it('answers 409 when a group already has the name, and 401 without a session', async () => {
    const taken = await startGroup({ params: icuNurses(), name: 'icu NURSES' });
    expect(taken.statusCode).toBe(409);
    expect(taken.error().code).toBe('DUPLICATE_NAME');
    const anonymous = await callRoute(t.app, contactRoutes.filterGroup, { body: { params: icuNurses(), name: 'X' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('on shift', () => {
  it('keeps the people who hold a duty role now, by hand or by a shift under way', async () => {
    const role = await callAs(t, admin, onCallRoutes.create, {
      body: { name: 'ICU charge nurse', facilityId: riverside, timeZone: 'Europe/Paris' },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const roleId = role.body.data.id;
    const now = Date.now();
    const hour = 3_600_000;
    const schedule = await callAs(t, admin, onCallRoutes.setSchedule, {
      params: { id: roleId },
      body: {
        shifts: [
          { userId: staff.Bea!.id, startsAt: now - hour, endsAt: now + hour },
          // Cleo's shift ended an hour ago: she is off.
          { userId: staff.Cleo!.id, startsAt: now - 9 * hour, endsAt: now - hour },
        ],
        rotations: [],
      },
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(200);
    const take = await callAs(t, staff.Ann!, onCallRoutes.take, { params: { id: roleId }, body: { mode: 'join' } });
    expect(take.status, JSON.stringify(take.body)).toBe(200);

    expect(await count({ params: icuNurses(), onShift: true })).toEqual({ count: 2, neverSignedIn: 0 });
    const res = await startGroup({ params: icuNurses(), onShift: true, name: 'ICU nurses on shift' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await membersOf(res.json().data.chatRoom.id)).toEqual(ids('Mia', 'Ann', 'Bea'));

    // Nobody in Emergency holds a role now.
    const emergency = { facility: [], department: [items.Emergency!], profession: [], specialty: [] };
    const none = await startGroup({ params: emergency, onShift: true, name: 'Emergency on shift' }, staff.Mia!, 'fr');
    expect(none.statusCode).toBe(400);
    expect(none.error()).toEqual({
      code: 'NO_RECIPIENTS',
      message: 'params: aucune des personnes de ce filtre n’est de garde en ce moment',
    });
  });
});

describe('the group member limit', () => {
  it('refuses more people than a group holds with 413, and takes exactly as many as it holds', async () => {
    const max = CHAT_LIMITS.groupMembersMax;
    const now = Date.now();
    const crowd = await insertUsers(
      t.app.db,
      Array.from({ length: max }, (_, i) => ({
        email: `ward${i}@test.rounds`,
        first_name: 'Ward',
        last_name: `Nurse${i}`,
        password_hash: TEST_PASSWORD,
        email_verified: 1,
        phone_verified: 1,
        last_login_at: now,
      })),
    );
    await t.app.db
      .insertInto('user_departments')
      .values(crowd.map((u) => ({ user_id: u.id!, item_id: items['Big ward']! })))
      .execute();
    await bumpDirectory(t.app.db);
    const ward = { facility: [], department: [items['Big ward']!], profession: [], specialty: [] };
    const rooms = await roomCount();

    expect(await count({ params: ward })).toEqual({ count: max, neverSignedIn: 0 });
    const tooMany = await startGroup({ params: ward, name: 'Big ward' }, staff.Mia!, 'fr');
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.error()).toEqual({
      code: 'TOO_MANY_RECIPIENTS',
      message: `Ce filtre trouve ${max} personnes ; un groupe en compte au plus ${max - 1} en plus de vous. Affinez le filtre.`,
    });
    expect(await roomCount()).toBe(rooms);
    // The same crowd named by hand to /chat-room: the group creation itself holds the limit too.
    const byHand = await callAs(t, staff.Mia!, chatRoomRoutes.create, {
      body: { type: 'group', name: 'Big ward by hand', participants: crowd.map((u) => u.id!) },
    });
    expect(byHand.status).toBe(400);
    expect(byHand.body.message).toBe('participants: too many members');
    expect(await roomCount()).toBe(rooms);

    // One fewer (deleted since) and the group holds them all, the sender included.
    await t.app.db.updateTable('users').set({ deleted: 1 }).where('id', '=', crowd[0]!.id!).execute();
    const res = await startGroup({ params: ward, name: 'Big ward' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await membersOf(res.json().data.chatRoom.id)).length).toBe(max);
  });
});
