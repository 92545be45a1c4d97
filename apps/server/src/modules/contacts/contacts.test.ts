import { accountRoutes } from '@rounds/contracts/account';
import { contactRoutes, type TContactListRequest, ZContactListReply } from '@rounds/contracts/contacts';
import { referenceRoutes } from '@rounds/contracts/reference';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, unchecked } from '../../../test/support/call-route';
import { onPresence } from '../../../test/support/chat';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createUser, login } from '../../../test/support/users';
import { newId } from '../../lib/ids';
import { bumpDirectory } from './staff-directory';

let t: TestApp;
let url: string;
const ids: Record<string, string> = {};
const people: Record<string, { id: string; email: string; token: string }> = {};

async function item(kind: 'facilities' | 'departments' | 'professions' | 'specialties' | 'suffixes', name: string) {
  const id = newId();
  await t.app.db.insertInto(kind).values({ id, name, name_key: name.toLowerCase(), created_at: 0 }).execute();
  ids[name] = id;
  return id;
}

async function person(
  key: string,
  first: string,
  last: string,
  o: { facilities?: string[]; departments?: string[]; profession?: string } = {},
) {
  const u = await createUser(t.app, { firstName: first, lastName: last });
  for (const f of o.facilities ?? [])
    await t.app.db.insertInto('user_facilities').values({ user_id: u.id, item_id: ids[f]! }).execute();
  for (const d of o.departments ?? [])
    await t.app.db.insertInto('user_departments').values({ user_id: u.id, item_id: ids[d]! }).execute();
  if (o.profession)
    await t.app.db.updateTable('users').set({ profession_id: ids[o.profession]! }).where('id', '=', u.id).execute();
  people[key] = { ...u, token: (await login(t.app, u.email)).token };
}

beforeAll(async () => {
  t = await createTestApp();
  url = await t.listen();
  await item('facilities', 'Riverside');
  await item('facilities', 'Northgate');
  await item('departments', 'ICU');
  await item('departments', 'Emergency');
  await item('professions', 'Registered Nurse');
  await item('professions', 'Physician');
  await person('me', 'Mia', 'Landry', {
    facilities: ['Riverside'],
    departments: ['ICU'],
    profession: 'Registered Nurse',
  });
  await person('ann', 'Ann', 'Broussard', {
    facilities: ['Riverside'],
    departments: ['ICU'],
    profession: 'Registered Nurse',
  });
  await person('bob', 'Bob', 'Hebert', {
    facilities: ['Riverside', 'Northgate'],
    departments: ['Emergency'],
    profession: 'Physician',
  });
  await person('cy', 'Cyrille', 'Dubois', { facilities: ['Northgate'], departments: ['ICU'], profession: 'Physician' });
  // Not in anyone's directory: inactive, deleted, unverified.
  const off = await createUser(t.app, { firstName: 'Olive', lastName: 'Inactive', active: 0 });
  const gone = await createUser(t.app, { firstName: 'Gus', lastName: 'Deleted' });
  await t.app.db.updateTable('users').set({ deleted: 1 }).where('id', '=', gone.id).execute();
  const unv = await createUser(t.app, { firstName: 'Una', lastName: 'Unverified' });
  await t.app.db.updateTable('users').set({ phone_verified: 0 }).where('id', '=', unv.id).execute();
  expect(off.id).toBeTruthy();
});
afterAll(() => t.close());

// Filters name the test's own items (`ids`), which the type checker cannot know are set.
const list = async (body: { [K in keyof TContactListRequest]: unknown }, who = 'me') => {
  const res = await callRoute(t.app, contactRoutes.list, { token: people[who]!.token, body: unchecked(body) });
  expect(res.statusCode, res.body).toBe(200);
  return ZContactListReply.parse(res.json()).data.contacts;
};
const names = (cs: { firstName: string }[]) => cs.map((c) => c.firstName);

describe('contact list', () => {
  it('lists active verified colleagues without me, sorted by name, with classifications', async () => {
    const all = await list({});
    expect(names(all)).toEqual(['Ann', 'Bob', 'Cyrille', 'Rounds']); // Rounds Administrator, the first Admin
    const bob = all.find((c) => c.firstName === 'Bob')!;
    expect(bob.facilities.map((f) => f.name)).toEqual(['Northgate', 'Riverside']);
    expect(bob.professions).toEqual([{ id: ids.Physician, name: 'Physician' }]);
    expect(bob).toMatchObject({ connected: false, chatStatus: 4 });
  });

  it('combines filters: any item within a kind, every kind chosen', async () => {
    expect(names(await list({ facilityId: [ids.Riverside] }))).toEqual(['Ann', 'Bob']);
    expect(names(await list({ facilityId: [ids.Riverside, ids.Northgate] }))).toEqual(['Ann', 'Bob', 'Cyrille']);
    expect(names(await list({ facilityId: [ids.Northgate], departmentId: [ids.ICU] }))).toEqual(['Cyrille']);
    expect(names(await list({ professionId: [ids.Physician], departmentId: [ids.Emergency, ids.ICU] }))).toEqual([
      'Bob',
      'Cyrille',
    ]);
  });

  it('searches names and emails, case-insensitively, with wildcards taken literally', async () => {
    expect(names(await list({ search: 'hEb' }))).toEqual(['Bob']);
    expect(names(await list({ name: 'dubois cy' }))).toEqual(['Cyrille']);
    expect(names(await list({ search: 'ann broussard' }))).toEqual(['Ann']);
    expect(await list({ search: '%' })).toEqual([]);
    expect(names(await list({ search: 'ICU'.toLowerCase(), facilityId: [ids.Riverside] }))).toEqual([]);
  });

  it('rejects bad filters with 400 naming the field and needs a session', async () => {
    const res = await callRoute(t.app, contactRoutes.list, { token: people.me!.token, body: { facilityId: ['nope'] } });
    expect(res.statusCode).toBe(400);
    expect(res.error().message).toContain('facilityId');
    expect((await callRoute(t.app, contactRoutes.list, { body: {} })).statusCode).toBe(401);
  });
});

describe('saved filters', () => {
  const token = (who: string) => people[who]!.token;
  const filters = async (who: string) =>
    (await callRoute(t.app, contactRoutes.filters, { token: token(who) })).json().results;
  // Bodies as given: some are the bad input the route must refuse, and `ids` are unknown to the type checker.
  const save = (who: string, body: object) =>
    callRoute(t.app, contactRoutes.createFilter, { token: token(who), body: unchecked(body) });
  const remove = (who: string, id: string) =>
    callRoute(t.app, contactRoutes.deleteFilter, { token: token(who), body: { id } });

  it('are private to their owner', async () => {
    const created = await save('me', {
      name: 'ICU nurses',
      params: { facility: [], department: [ids.ICU], profession: [ids['Registered Nurse']], specialty: [] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const f = created.json().data;
    expect(await filters('me')).toEqual([f]);
    expect(await filters('ann')).toEqual([]);
    expect((await remove('ann', f.id)).statusCode).toBe(404);
    expect(await filters('me')).toHaveLength(1);
    expect((await remove('me', f.id)).statusCode).toBe(200);
    expect(await filters('me')).toEqual([]);
  });

  it('name only reference items that exist: another kind of id is refused, not stored', async () => {
    const wrong = await save('me', {
      name: 'Odd',
      params: { facility: [], department: [], profession: [people.ann!.id], specialty: [] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.error().message).toBe('params.profession: unknown item');
    expect(await filters('me')).toEqual([]);
  });

  it("each have their own name per user, whatever the case: 409 in the caller's language (issue 28)", async () => {
    const params = { facility: [ids.Riverside], department: [], profession: [], specialty: [] };
    const first = await save('me', { name: 'Night shift', params });
    expect(first.statusCode, first.body).toBe(200);
    const again = await save('me', { name: '  NIGHT shift ', params });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You already have a saved filter with this name.',
      code: 'FILTER_NAME_TAKEN',
    });
    const fr = await callRoute(t.app, contactRoutes.createFilter, {
      token: token('me'),
      body: unchecked({ name: 'night shift', params }),
      headers: { 'accept-language': 'fr' },
    });
    expect(fr.error().message).toBe('Vous avez déjà un filtre enregistré portant ce nom.');
    // Another user's names are theirs.
    expect((await save('ann', { name: 'Night shift', params })).statusCode).toBe(200);
    expect(await filters('me')).toHaveLength(1);
    await remove('me', first.json().data.id);
  });

  it('need a name and at least one chosen filter', async () => {
    expect((await save('me', { name: ' ', params: { facility: [ids.Riverside] } })).error().message).toBe(
      'name: Required',
    );
    expect((await save('me', { name: 'Empty', params: {} })).statusCode).toBe(400);
  });
});

describe('presence', () => {
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });
  const open = (who: string, tab: string) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(url, {
        path: '/server/socket.io',
        query: { token: people[who]!.token, uuid: tab },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error('condition not reached');
  };
  const bobSeenBy = async (who: string) => (await list({ search: 'hebert' }, who))[0]!;

  it('keeps a user online while any tab is, and tells others', async () => {
    const watcher = await open('ann', 'ann-1');
    // Ann shares no room with Bob: she hears of him while her contact list is open.
    expect(await watcher.emitWithAck('WatchPresence', { watching: true })).toEqual({ ok: true });
    const events: string[] = [];
    onPresence(watcher, (p) => {
      if (p.userId !== people.bob!.id) return;
      if (p.event === 'UserOnline') events.push('online');
      if (p.event === 'UserOffline') events.push('offline');
    });
    const tab1 = await open('bob', 'bob-1');
    const tab2 = await open('bob', 'bob-2');
    await until(async () => (await bobSeenBy('ann')).connected);
    expect((await bobSeenBy('ann')).chatStatus).toBe(1);
    // Presence is told per tick, the last change of a user winning: each step is awaited to be told alone.
    await until(async () => events.join() === 'online');
    tab1.disconnect();
    await new Promise((r) => setTimeout(r, 200));
    expect((await bobSeenBy('ann')).connected).toBe(true);
    tab2.disconnect();
    await until(async () => !(await bobSeenBy('ann')).connected);
    expect((await bobSeenBy('ann')).chatStatus).toBe(4);
    await until(async () => events.join() === 'online,offline');
  });

  it('sets a chat status by hand and keeps it over automatic changes', async () => {
    const watcher = await open('ann', 'ann-2');
    expect(await watcher.emitWithAck('WatchPresence', { watching: true })).toEqual({ ok: true });
    const seen: number[] = [];
    let online = false;
    onPresence(watcher, (p) => {
      if (p.userId !== people.bob!.id) return;
      if (p.event === 'UserOnline') online = true;
      if (p.event === 'ChatStatusChanged') seen.push(p.chatStatus);
    });
    const bob = await open('bob', 'bob-3');
    // Told in a tick of its own, before the status changes (a change in the same tick would be told instead).
    await until(async () => online);
    expect(await bob.emitWithAck('ChangeChatStatus', { chatStatus: 3 })).toEqual({ ok: true });
    await until(async () => (await bobSeenBy('ann')).chatStatus === 3);
    await until(async () => seen.length === 1);
    // Inactivity would make Bob Away, but he chose Do not disturb.
    await bob.emitWithAck('ChangeChatStatus', { chatStatus: 2, manual: false });
    expect((await bobSeenBy('ann')).chatStatus).toBe(3);
    expect(await bob.emitWithAck('ChangeChatStatus', { chatStatus: 9 })).toMatchObject({ ok: false });
    await bob.emitWithAck('ChangeChatStatus', { chatStatus: 1 });
    await until(async () => seen.length === 2);
    await bob.emitWithAck('ChangeChatStatus', { chatStatus: 2, manual: false });
    await until(async () => (await bobSeenBy('ann')).chatStatus === 2);
    await until(async () => seen.length === 3);
    bob.disconnect();
    // Closing the last window resets an automatic Away.
    await until(async () => {
      const row = await t.app.db
        .selectFrom('users')
        .select('chat_status')
        .where('id', '=', people.bob!.id)
        .executeTakeFirstOrThrow();
      return row.chat_status === 1;
    });
    expect(seen).toEqual([3, 1, 2]);
  });

  it('heals presence left by a killed process', async () => {
    // What a SIGKILLed process leaves behind: its server row and the presence of its sockets.
    await t.app.db
      .insertInto('servers')
      .values({ id: newId(), heartbeat_at: Date.now() - 60_000 })
      .execute();
    const dead = await t.app.db.selectFrom('servers').select('id').orderBy('heartbeat_at').executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('presence')
      .values({ socket_id: 'ghost', user_id: people.cy!.id, server_id: dead.id, connected_at: 0 })
      .execute();
    expect((await list({ search: 'dubois' }, 'ann'))[0]!.connected).toBe(true);
    await t.app.presence.sweep();
    expect((await list({ search: 'dubois' }, 'ann'))[0]!.connected).toBe(false);
  });

  it('heals on restart of the only process', async () => {
    const t1 = await createTestApp();
    const u = await createUser(t1.app);
    await t1.app.db
      .insertInto('presence')
      .values({ socket_id: 'ghost-2', user_id: u.id, server_id: t1.app.presence.serverId, connected_at: 0 })
      .execute();
    // Simulate a crash: the process stops without cleaning up its rows.
    const serverId = t1.app.presence.serverId;
    await t1.app.db
      .insertInto('presence')
      .values({ socket_id: 'ghost-3', user_id: u.id, server_id: serverId, connected_at: 0 })
      .execute();
    const rowsBefore = await t1.app.db.selectFrom('presence').select('socket_id').execute();
    expect(rowsBefore.length).toBe(2);
    await t1.app.db.updateTable('servers').set({ heartbeat_at: 0 }).execute();
    const t2 = await createTestApp({ DATA_DIR: t1.config.DATA_DIR }, { schema: t1.schema });
    try {
      const left = await t2.app.db
        .selectFrom('presence')
        .select('socket_id')
        .where('server_id', '=', serverId)
        .execute();
      expect(left).toEqual([]);
    } finally {
      await t2.close({ keepData: true });
      await t1.close();
    }
  });
});

describe('directory snapshot', () => {
  it('reflects account changes, reference renames and deletions on the next read', async () => {
    expect(names(await list({ search: 'broussard' }, 'bob'))).toEqual(['Ann']);
    const ann = people.ann!;
    ids.Spec = newId();
    await t.app.db
      .insertInto('specialties')
      .values({ id: ids.Spec, name: 'Critical Care', name_key: 'critical care', created_at: 0 })
      .execute();
    const res = await callRoute(t.app, accountRoutes.updateAccount, {
      token: ann.token,
      body: {
        firstName: 'Annette',
        lastName: 'Broussard',
        facilityId: [ids.Northgate!],
        departmentId: [ids.ICU!],
        professionId: ids['Registered Nurse'],
        specialtyId: [ids.Spec],
        suffixId: [],
        sessionTimeout: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = (await list({ search: 'broussard' }, 'bob'))[0]!;
    expect(seen.firstName).toBe('Annette');
    expect(seen.facilities.map((f) => f.name)).toEqual(['Northgate']);

    const admin = await login(
      t.app,
      (await t.app.db.selectFrom('users').select('email').where('role', '=', 'Admin').executeTakeFirstOrThrow()).email,
      'Admin12345',
    );
    await callRoute(t.app, referenceRoutes('facility').update, {
      token: admin.token,
      body: { id: ids.Northgate!, name: 'Northgate Campus' },
    });
    expect((await list({ search: 'broussard' }, 'bob'))[0]!.facilities.map((f) => f.name)).toEqual([
      'Northgate Campus',
    ]);
    await callRoute(t.app, referenceRoutes('specialty').remove, { token: admin.token, body: { id: ids.Spec } });
    expect((await list({ search: 'broussard' }, 'bob'))[0]!.specialties).toEqual([]);
  });
});

describe('directory snapshot updated in place', () => {
  it('shows a profile edit and a first sign-in on the next read without a rebuild', async () => {
    await list({}, 'bob'); // the snapshot is current
    const before = t.app.directory.stats();
    const cardio = await item('specialties', 'Cardiology');
    const res = await callRoute(t.app, accountRoutes.updateAccount, {
      token: people.cy!.token,
      body: {
        firstName: 'Aaron',
        lastName: 'Dubois',
        facilityId: [ids.Riverside!],
        departmentId: [ids.Emergency!],
        professionId: [ids['Registered Nurse']!],
        specialtyId: [cardio],
        suffixId: [],
        sessionTimeout: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Moved to its alphabetical place, with its new classifications, found by its new name and filters.
    const all = await list({}, 'bob');
    expect(names(all)[0]).toBe('Aaron');
    expect(all[0]!.specialties).toEqual([{ id: cardio, name: 'Cardiology' }]);
    expect(names(await list({ search: 'aaron dub' }, 'bob'))).toEqual(['Aaron']);
    expect(names(await list({ search: 'cyrille' }, 'bob'))).toEqual([]);
    expect(names(await list({ specialtyId: [cardio], departmentId: [ids.Emergency!] }, 'bob'))).toEqual(['Aaron']);
    expect(names(await list({ facilityId: [ids.Northgate!], departmentId: [ids.ICU!] }, 'bob'))).not.toContain('Aaron');
    // Someone new appears once they have signed in (only then can they be picked for groups).
    const zoe = await createUser(t.app, { firstName: 'Zoé', lastName: 'Adams' });
    await login(t.app, zoe.email);
    expect(names(await list({}, 'bob')).at(-1)).toBe('Zoé');
    expect(names(await list({ search: 'zoé' }, 'bob'))).toEqual(['Zoé']);
    expect(t.app.directory.stats().rebuilds).toBe(before.rebuilds);
    expect(t.app.directory.stats().updates).toBe(before.updates + 2);
  });

  it('rebuilds when a change is not about one person', async () => {
    const before = t.app.directory.stats().rebuilds;
    await bumpDirectory(t.app.db);
    await list({}, 'bob');
    expect(t.app.directory.stats().rebuilds).toBe(before + 1);
  });
});

describe('directory order', () => {
  it('sorts as people read, accents beside their letter', async () => {
    await createUser(t.app, { firstName: 'Léa', lastName: 'Laurent' });
    await createUser(t.app, { firstName: 'Lucas', lastName: 'Fontenot' });
    await createUser(t.app, { firstName: 'lea', lastName: 'Aaron' });
    await bumpDirectory(t.app.db);
    const order = names(await list({ search: 'l' })).filter((n) => /^l/i.test(n));
    expect(order).toEqual(['lea', 'Léa', 'Lucas']);
  });
});
