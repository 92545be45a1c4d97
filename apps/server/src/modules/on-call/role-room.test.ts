import type { TCall } from '@rounds/contracts/calls';
import { chatRoomRoutes, type TChatRoom, ZMessagesReply } from '@rounds/contracts/chat';
import { escalationRoutes } from '@rounds/contracts/escalation';
import { onCallRoutes as routes } from '@rounds/contracts/on-call';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  callAs,
  caller,
  collect,
  emitAck,
  type Member,
  openSocket,
  sendMessage,
  settle,
} from '../../../test/support/chat';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { createFacility, login } from '../../../test/support/users';
import { ROLE_ROOMS_SWEEP } from './role-room.service';

/**
 * Issue 25, messaging a role: the role's room on a real database (SQLite, and PostgreSQL with DATABASE_URL) and
 * real sockets. Its members follow the holders by hand and by the clock; holders write as the role; nobody
 * holding it refuses a send; a call rings the holders.
 */
let t: TestApp;
let admin: Member;
let heart: string;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
  heart = await createFacility(t.app, 'Heart Hospital');
  const adminLogin = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
  admin = { id: adminLogin.userId, email: TEST_ADMIN.email, token: adminLogin.token, name: 'Admin' };
});
afterAll(() => t.close());
afterEach(async () => {
  vi.useRealTimers();
  // A test that moved the clock hours ahead left the sweep's next run there: it is due again now.
  await t.app.db.updateTable('job_due').set({ due_at: 0 }).where('name', '=', ROLE_ROOMS_SWEEP.name).execute();
});

/** A clinician of the heart hospital, allowed voice and video calls. */
const clinician = async (first: string, last: string) => {
  const m = await caller(t, `${first} ${last}`);
  await t.app.db.insertInto('user_facilities').values({ user_id: m.id, item_id: heart }).execute();
  return m;
};
const createRole = async () => {
  n += 1;
  const res = await callAs(t, admin, routes.create, {
    body: { name: `Cardiology on call ${n}`, facilityId: heart, timeZone: 'Europe/Paris' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const take = async (m: Member, roleId: string, mode?: 'takeOver' | 'join') => {
  const res = await callAs(t, m, routes.take, { params: { id: roleId }, body: mode ? { mode } : {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const openRoom = async (m: Member, roleId: string): Promise<TChatRoom> => {
  const res = await callAs(t, m, routes.room, { params: { id: roleId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.chatRoom;
};
/** Ravi Roy holds a new role; Nina Night, who does not, opens its room. */
const heldRoleRoom = async () => {
  const [roy, nina] = await Promise.all([clinician('Ravi', 'Roy'), clinician('Nina', 'Night')]);
  const role = await createRole();
  await take(roy, role.id);
  return { roy, nina, role, room: await openRoom(nina, role.id) };
};
const send = (socket: Socket, twId: string, body: string) => sendMessage(socket, { twId, body });
const memberIdsOf = async (twId: string) =>
  (await t.app.db.selectFrom('room_members').select('user_id').where('room_id', '=', twId).execute())
    .map((r) => r.user_id)
    .sort();
/** The room's system lines as stored (read from the database: the members' tokens expire when the clock moves). */
const systemLines = async (twId: string) =>
  (
    await t.app.db
      .selectFrom('messages')
      .select('attributes')
      .where('room_id', '=', twId)
      .where('author_id', 'is', null)
      .orderBy('seq')
      .execute()
  ).map((r) => (JSON.parse(r.attributes) as { event?: { type: string } }).event?.type);
const history = async (m: Member, twId: string) => {
  const res = await callAs(t, m, chatRoomRoutes.messages, { body: { twId } });
  return { status: res.status, messages: res.status === 200 ? ZMessagesReply.parse(res.body).data.messages : [] };
};

describe('opening a role’s conversation', () => {
  it('starts the role’s one room with its holders and the sender, as a group named after the role', async () => {
    const [roy, nina] = await Promise.all([clinician('Ravi', 'Roy'), clinician('Nina', 'Night')]);
    const role = await createRole();
    await take(roy, role.id);
    const royTab = await openSocket(t, roy);
    const told = collect<{ twId: string }>(royTab, 'ConversationCreated');

    const room = await openRoom(nina, role.id);
    expect(room).toMatchObject({
      type: 'group',
      name: role.name,
      owner: null,
      dutyRole: { id: role.id, name: role.name },
    });
    expect(room.participants.map((p) => p.id).sort()).toEqual([roy.id, nina.id].sort());
    expect((await told.next((p) => p.twId === room.id)).twId).toBe(room.id);
    // Opened again, by anyone: the same room, continued.
    expect((await openRoom(nina, role.id)).id).toBe(room.id);
    expect((await openRoom(roy, role.id)).id).toBe(room.id);
    // Nobody edits its members by hand: they follow the role.
    const edit = await callAs(t, nina, chatRoomRoutes.removeContacts, {
      query: { twId: room.id },
      body: { contacts: [roy.id] },
    });
    expect(edit.status).toBe(403);
    // A holder leaves by releasing the role, not the room; a sender may leave.
    const holderLeaves = await callAs(t, roy, chatRoomRoutes.leave, { query: { twId: room.id } });
    expect(holderLeaves.status).toBe(403);
    expect(holderLeaves.body).toMatchObject({ code: 'ROLE_HOLDER', message: expect.stringContaining('release it') });
    expect((await callAs(t, nina, chatRoomRoutes.leave, { query: { twId: room.id } })).status).toBe(200);
    expect((await openRoom(nina, role.id)).participants.map((p) => p.id)).toContain(nina.id);
    // A second role of the same name elsewhere is no clash: role rooms take no group name.
    const renamed = await callAs(t, admin, routes.update, {
      params: { id: role.id },
      body: { name: `${role.name} (adult)` },
    });
    expect(renamed.status).toBe(200);
    expect((await openRoom(nina, role.id)).name).toBe(`${role.name} (adult)`);
    expect((await callAs(t, admin, routes.room, { params: { id: '0'.repeat(24) } })).status).toBe(404);
  });

  it('two people opening it at once get the same room', async () => {
    const [roy, a, b] = await Promise.all([clinician('Ravi', 'Roy'), clinician('Ann', 'A'), clinician('Bob', 'B')]);
    const role = await createRole();
    await take(roy, role.id);
    const [ra, rb] = await Promise.all([openRoom(a, role.id), openRoom(b, role.id)]);
    expect(ra.id).toBe(rb.id);
    expect(await memberIdsOf(ra.id)).toEqual([roy.id, a.id, b.id].sort());
  });
});

describe('messages in a role’s room', () => {
  it('a holder’s message carries the role’s name; the sender’s and a direct chat’s do not', async () => {
    const { roy, nina, role, room } = await heldRoleRoom();
    const [royTab, ninaTab] = await Promise.all([openSocket(t, roy), openSocket(t, nina)]);
    const royHears = collect<{ body: string; asRole?: string }>(royTab, 'NewMessage');

    const question = await send(ninaTab, room.id, 'Bed 12 chest pain, troponin rising');
    expect(question.ok && question.message.asRole).toBeUndefined();
    expect((await royHears.next((m) => m.body.startsWith('Bed 12'))).asRole).toBeUndefined();

    const ninaHears = collect<{ body: string; authorName: string; asRole?: string }>(ninaTab, 'NewMessage');
    const answer = await send(royTab, room.id, 'Coming');
    expect(answer.ok && answer.message.asRole).toBe(role.name);
    expect(await ninaHears.next((m) => m.body === 'Coming')).toMatchObject({ authorName: roy.name, asRole: role.name });
    const stored = (await history(nina, room.id)).messages.find((m) => m.body === 'Coming');
    expect(stored?.asRole).toBe(role.name);

    const direct = await callAs(t, nina, chatRoomRoutes.create, { body: { type: 'direct', participants: [roy.id] } });
    const plain = await send(royTab, direct.body.data.chatRoom.id, 'Direct, as myself');
    expect(plain.ok && 'asRole' in plain.message).toBe(false);
  });

  it('refuses a send to a role nobody holds before writing it, naming the role, in the sender’s language', async () => {
    const { roy, nina, role, room } = await heldRoleRoom();
    await callAs(t, roy, routes.release, { params: { id: role.id } });
    const before = (await t.app.db
      .selectFrom('rooms')
      .select('last_seq')
      .where('id', '=', room.id)
      .executeTakeFirst())!;

    const refused = await send(await openSocket(t, nina), room.id, 'Anyone?');
    expect(refused).toEqual({ ok: false, code: 'ROLE_UNHELD', message: `Nobody holds ${role.name} now` });
    await t.app.db.updateTable('users').set({ language: 'fr' }).where('id', '=', nina.id).execute();
    const enFrancais = await send(await openSocket(t, nina), room.id, 'Quelqu’un ?');
    expect(enFrancais).toMatchObject({ ok: false, message: `Personne ne tient ${role.name} en ce moment` });
    const after = (await t.app.db.selectFrom('rooms').select('last_seq').where('id', '=', room.id).executeTakeFirst())!;
    expect(Number(after.last_seq)).toBe(Number(before.last_seq));
  });
});

describe('members follow the holders', () => {
  it('take, take over and release: the new holder gets the room and its history, the one leaving loses it live', async () => {
    const { roy, nina, role, room } = await heldRoleRoom();
    const chen = await clinician('Mei', 'Chen');
    const [royTab, chenTab, ninaTab] = await Promise.all([
      openSocket(t, roy),
      openSocket(t, chen),
      openSocket(t, nina),
    ]);
    expect((await send(ninaTab, room.id, 'Before the handover')).ok).toBe(true);

    const royLoses = collect<{ twId: string }>(royTab, 'ChatRoomDeleted');
    const chenGets = collect<{ twId: string }>(chenTab, 'ConversationCreated');
    await take(chen, role.id, 'takeOver');
    expect(await memberIdsOf(room.id)).toEqual([chen.id, nina.id].sort());
    await royLoses.next((p) => p.twId === room.id);
    await chenGets.next((p) => p.twId === room.id);
    // The new holder reads what was said before; the one who left reads nothing more.
    expect((await history(chen, room.id)).messages.map((m) => m.body)).toContain('Before the handover');
    expect((await history(roy, room.id)).status).toBe(404);

    const royHears = collect<{ body: string }>(royTab, 'NewMessage');
    const chenHears = collect<{ body: string }>(chenTab, 'NewMessage');
    expect((await send(ninaTab, room.id, 'After the handover')).ok).toBe(true);
    await chenHears.next((m) => m.body === 'After the handover');
    await settle();
    expect(royHears.seen.map((m) => m.body)).not.toContain('After the handover');
    expect((await send(royTab, room.id, 'Still here?')).ok).toBe(false);

    // A second holder joins; the first releases: the sender stays throughout.
    await take(roy, role.id, 'join');
    expect(await memberIdsOf(room.id)).toEqual([roy.id, chen.id, nina.id].sort());
    await callAs(t, chen, routes.release, { params: { id: role.id } });
    expect(await memberIdsOf(room.id)).toEqual([roy.id, nina.id].sort());
    const lines = (await history(nina, room.id)).messages.filter((m) => m.attributes.systemMessage);
    expect(lines.map((m) => m.attributes.event?.type)).toEqual(['created', 'added', 'removed', 'added', 'removed']);
    expect(lines.at(-1)?.attributes.event?.data.initiator.fullName).toBe(role.name);
  });

  it('a shift boundary moves the room by the clock, once across processes', async () => {
    const [roy, chen, nina] = await Promise.all([
      clinician('Ravi', 'Roy'),
      clinician('Mei', 'Chen'),
      clinician('Nina', 'Night'),
    ]);
    const role = await createRole();
    const now = Date.now();
    const hour = 3_600_000;
    const saved = await callAs(t, admin, routes.setSchedule, {
      params: { id: role.id },
      body: {
        shifts: [
          { userId: roy.id, startsAt: now - hour, endsAt: now + hour },
          { userId: chen.id, startsAt: now + hour, endsAt: now + 3 * hour },
        ],
        rotations: [],
      },
    });
    expect(saved.status).toBe(200);
    const room = await openRoom(nina, role.id);
    expect(await memberIdsOf(room.id)).toEqual([roy.id, nina.id].sort());
    const royTab = await openSocket(t, roy);
    const royLoses = collect<{ twId: string }>(royTab, 'ChatRoomDeleted');

    vi.useFakeTimers({ toFake: ['Date'], now, shouldAdvanceTime: true });
    vi.setSystemTime(now + hour + 1_000);
    // Two processes look at the same moment: one claims the run, the other finds it taken.
    // (The app's own sweep runs in the background too, and may be the one to claim it.)
    const runs = await Promise.all([t.app.onCall.roleRooms.sweepIfDue(), t.app.onCall.roleRooms.sweepIfDue()]);
    expect(runs.filter((r) => r !== null).length).toBeLessThanOrEqual(1);
    await vi.waitFor(async () => expect(await memberIdsOf(room.id)).toEqual([chen.id, nina.id].sort()));
    await royLoses.next((p) => p.twId === room.id);
    expect(await systemLines(room.id)).toEqual(['created', 'added', 'removed']);

    // Nothing changed since: the next run changes nothing and writes no line.
    vi.setSystemTime(now + hour + 10_000);
    await t.app.onCall.roleRooms.sweepIfDue();
    expect(await systemLines(room.id)).toEqual(['created', 'added', 'removed']);

    // The shift ends: nobody holds the role, the sender stays and is told so on sending.
    vi.setSystemTime(now + 3 * hour + 1_000);
    await t.app.onCall.roleRooms.sweepIfDue();
    await vi.waitFor(async () => expect(await memberIdsOf(room.id)).toEqual([nina.id]));
    expect(await systemLines(room.id)).toEqual(['created', 'added', 'removed', 'removed']);
    // (Through the writer itself: the sockets' tokens of three hours ago have expired.)
    const refused = await t.app.chat.writer.send({
      userId: nina.id,
      clientId: crypto.randomUUID(),
      twId: room.id,
      body: 'Anyone?',
    });
    expect(!refused.ok && refused.error.code).toBe('ROLE_UNHELD');
  });
});

describe('seats', () => {
  it('a sender who comes to hold the role leaves at the end of the turn; a holder deactivated mid-shift is let go', async () => {
    const { roy, nina, role, room } = await heldRoleRoom();
    await take(nina, role.id, 'join');
    await callAs(t, nina, routes.release, { params: { id: role.id } });
    expect(await memberIdsOf(room.id)).toEqual([roy.id]);

    await t.app.db.updateTable('users').set({ active: 0 }).where('id', '=', roy.id).execute();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000, shouldAdvanceTime: true });
    await t.app.onCall.roleRooms.sweepIfDue();
    await vi.waitFor(async () => expect(await memberIdsOf(room.id)).toEqual([]));
  });
});

describe('calling a role', () => {
  it('rings its current holders, not the other senders of its room', async () => {
    const [roy, chen, nina, otto] = await Promise.all([
      clinician('Ravi', 'Roy'),
      clinician('Mei', 'Chen'),
      clinician('Nina', 'Night'),
      clinician('Otto', 'Other'),
    ]);
    const role = await createRole();
    await take(roy, role.id);
    await take(chen, role.id, 'join');
    const room = await openRoom(otto, role.id);
    await openRoom(nina, role.id);
    const [royTab, chenTab, ottoTab, ninaTab] = await Promise.all([
      openSocket(t, roy),
      openSocket(t, chen),
      openSocket(t, otto),
      openSocket(t, nina),
    ]);
    const rung = [roy, chen].map((m, i) => ({
      m,
      heard: collect<{ call: TCall }>([royTab, chenTab][i]!, 'CallInitialized'),
    }));
    const init = await emitAck<{ ok: boolean; call?: TCall }>(ninaTab, 'CallInitialize', {
      twId: room.id,
      video: false,
    });
    expect(init.ok).toBe(true);
    const ringing = init.call!.participants.filter((p) => p.status === 'ringing').map((p) => p.id);
    expect(ringing.sort()).toEqual([roy.id, chen.id].sort());
    expect(init.call!.participants.map((p) => p.id)).not.toContain(otto.id);
    for (const { m, heard } of rung) {
      const call = (await heard.next()).call;
      expect(call.participants.find((p) => p.id === m.id)?.status).toBe('ringing');
    }
    expect((await emitAck<{ ok: boolean }>(ninaTab, 'CallEnd', { twId: room.id })).ok).toBe(true);
    void ottoTab;
  });
});

describe('a role nobody holds falls to its escalation target', () => {
  /** A role nobody holds whose policy escalates to a backup role held by a clinician; its room, opened. */
  const uncovered = async () => {
    const [roy, nina, chen] = await Promise.all([
      clinician('Ravi', 'Roy'),
      clinician('Nina', 'Night'),
      clinician('Mei', 'Chen'),
    ]);
    const [role, backup] = [await createRole(), await createRole()];
    await take(chen, backup.id);
    const policy = await callAs(t, admin, escalationRoutes.setPolicy, {
      params: { id: role.id },
      body: { steps: [{ afterMinutes: 5, target: { kind: 'role', roleId: backup.id } }], finalAfterMinutes: 10 },
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    await take(roy, role.id);
    const room = await openRoom(nina, role.id);
    await callAs(t, roy, routes.release, { params: { id: role.id } });
    return { nina, chen, role, backup, room };
  };
  const sendTo = (socket: Socket, twId: string, body: string, more: Record<string, unknown> = {}) =>
    sendMessage(socket, { twId, body, ...more });

  it('refuses the send naming the target, in the sender’s language, with the target in the details', async () => {
    const { nina, role, backup, room } = await uncovered();
    const details = { roleId: role.id, target: { kind: 'role', id: backup.id, name: backup.name } };
    expect(await sendTo(await openSocket(t, nina), room.id, 'Anyone?')).toEqual({
      ok: false,
      code: 'ROLE_UNHELD',
      message: `Nobody holds ${role.name} now; it will go to ${backup.name}`,
      details,
    });
    await t.app.db.updateTable('users').set({ language: 'fr' }).where('id', '=', nina.id).execute();
    expect(await sendTo(await openSocket(t, nina), room.id, 'Quelqu’un ?')).toEqual({
      ok: false,
      code: 'ROLE_UNHELD',
      message: `Personne ne tient ${role.name} en ce moment ; le message ira à ${backup.name}`,
      details,
    });
  });

  it('confirmed, the message is written and reaches the target’s holder live, who stays in the room', async () => {
    const { nina, chen, backup, room } = await uncovered();
    const chenTab = await openSocket(t, chen);
    const joined = collect<{ twId: string }>(chenTab, 'ConversationCreated');
    const heard = collect<{ twId: string; body: string; attributes: { event?: { type: string } } }>(
      chenTab,
      'NewMessage',
    );
    const sent = await sendTo(await openSocket(t, nina), room.id, 'Bed 12 needs a review', {
      toEscalationTarget: true,
    });
    expect(sent).toMatchObject({ ok: true, message: { body: 'Bed 12 needs a review' } });
    expect(await joined.next((e) => e.twId === room.id)).toEqual({ twId: room.id });
    expect(await heard.next((m) => m.twId === room.id && m.body === 'Bed 12 needs a review')).toBeTruthy();
    const line = await heard.next((m) => m.twId === room.id && m.attributes.event?.type === 'escalated');
    expect(line.attributes.event).toMatchObject({ data: { users: [{ id: chen.id }], name: backup.name } });
    // The role-rooms sweep moves holder seats only: the target's holder stays to answer.
    await t.app.onCall.roleRooms.sweepIfDue(Date.now() + ROLE_ROOMS_SWEEP.everyMs);
    expect(await memberIdsOf(room.id)).toContain(chen.id);
    expect((await history(chen, room.id)).messages.some((m) => m.body === 'Bed 12 needs a review')).toBe(true);
  });

  it('an URGENT message confirmed to the target alerts it once, through the role’s chain', async () => {
    const { nina, chen, room } = await uncovered();
    const chenTab = await openSocket(t, chen);
    const alerts = collect<{ twId: string }>(chenTab, 'UrgentReminder');
    const sent = await sendTo(await openSocket(t, nina), room.id, 'Bed 12 chest pain', {
      level: 'URGENT',
      toEscalationTarget: true,
    });
    expect(sent.ok).toBe(true);
    await t.app.onCall.escalation.fireDue(Date.now());
    await alerts.next((e) => e.twId === room.id);
    await t.app.onCall.escalation.fireDue(Date.now());
    expect((await systemLines(room.id)).filter((type) => type === 'escalated')).toEqual(['escalated']);
    expect(await memberIdsOf(room.id)).toContain(chen.id);
  });

  it('without a target, the confirmation changes nothing: still refused', async () => {
    const { roy, nina, role, room } = await heldRoleRoom();
    await callAs(t, roy, routes.release, { params: { id: role.id } });
    expect(await sendTo(await openSocket(t, nina), room.id, 'Anyone?', { toEscalationTarget: true })).toEqual({
      ok: false,
      code: 'ROLE_UNHELD',
      message: `Nobody holds ${role.name} now`,
    });
  });
});
