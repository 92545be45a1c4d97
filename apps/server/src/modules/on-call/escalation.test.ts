import { randomUUID } from 'node:crypto';
import { adminUserRoutes } from '@rounds/contracts/admin-users';
import { chatRoomRoutes, ZChatRoomReply } from '@rounds/contracts/chat';
import { escalationRoutes, type TEscalationPolicyRequest } from '@rounds/contracts/escalation';
import { onCallRoutes } from '@rounds/contracts/on-call';
import { outboxRoutes } from '@rounds/contracts/outbox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { callAs, collect, type Member, member, notificationsSent, openSocket } from '../../../test/support/chat';
import { onCallHospital } from '../../../test/support/on-call-hospital';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { setRoomRole } from './escalation.store';

/**
 * Issue 25, escalation chains, on a real database (SQLite, and PostgreSQL with DATABASE_URL). The clock is moved
 * by handing the step job the instant to run at (`fireDue(now)`), as the URGENT reminder tests do: the job's own
 * timer, on the real clock, finds nothing due minutes ahead.
 */
let t: TestApp;
let admin: Member;
let fay: Member; // FacilityAdmin of the heart hospital
let nurse: Member;
let heart: string;
let other: string;
const PARIS = 'Europe/Paris';
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://rounds.example.org', URGENT_ESCALATION_SECONDS: '120' });
  await t.listen();
  ({ heart, other, admin, fay } = await onCallHospital(t));
  nurse = await member(t, 'Nora', 'Nurse');
});
afterAll(() => t.close());

const role = async (name: string, facilityId = heart) => {
  const res = await callAs(t, admin, onCallRoutes.create, {
    body: { name: `${name} ${randomUUID().slice(0, 6)}`, facilityId, timeZone: PARIS },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
/** Someone holding a role by hand from now on (or for the given stretch, as a shift). */
const hold = async (roleId: string, m: Member, shift?: { from: number; to: number }) => {
  if (shift) {
    await t.app.db
      .insertInto('duty_role_shifts')
      .values({
        id: randomUUID().replace(/-/g, '').slice(0, 24),
        role_id: roleId,
        user_id: m.id,
        starts_at: shift.from,
        ends_at: shift.to,
      })
      .execute();
    return;
  }
  await t.app.db.insertInto('user_facilities').values({ user_id: m.id, item_id: heart }).execute();
  const res = await callAs(t, m, onCallRoutes.take, { params: { id: roleId }, body: { mode: 'join' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const setPolicy = (roleId: string, body: TEscalationPolicyRequest, by: Member = admin) =>
  callAs(t, by, escalationRoutes.setPolicy, { params: { id: roleId }, body });
const toRole = (roleId: string, afterMinutes: number) => ({ afterMinutes, target: { kind: 'role' as const, roleId } });

/** A group of the nurse's with the role's holders, speaking for the role (the role conversation's link). */
const roleRoom = async (roleId: string, holders: Member[]) => {
  const res = await callAs(t, nurse, chatRoomRoutes.create, {
    body: { type: 'group', name: `Role room ${randomUUID().slice(0, 8)}`, participants: holders.map((h) => h.id) },
  });
  const room = ZChatRoomReply.parse(res.body).data.chatRoom;
  await setRoomRole(t.app.db, room.id, roleId);
  return room.id;
};
const sendUrgent = (twId: string, by: Member = nurse, more: { sms?: boolean; toEscalationTarget?: boolean } = {}) =>
  t.app.chat.writer.send({
    userId: by.id,
    clientId: randomUUID(),
    twId,
    body: 'Bed 12 chest pain, troponin rising',
    level: 'URGENT',
    ...more,
  });
const urgent = async (twId: string, by: Member = nurse, sms = false, toEscalationTarget = false) => {
  const ack = await sendUrgent(twId, by, {
    ...(sms ? { sms } : {}),
    ...(toEscalationTarget ? { toEscalationTarget } : {}),
  });
  if (!ack.ok) throw new Error(ack.error.message);
  return ack.message;
};
const timeline = async (messageId: string, by: Member = nurse) => {
  const res = await callAs(t, by, escalationRoutes.timeline, { params: { messageId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const kinds = async (messageId: string) => (await timeline(messageId)).entries.map((e) => e.kind);
const acknowledge = (m: Member, messageId: string) => callAs(t, m, chatRoomRoutes.acknowledge, { body: { messageId } });
const members = async (twId: string) =>
  (await t.app.db.selectFrom('room_members').select('user_id').where('room_id', '=', twId).execute()).map(
    (r) => r.user_id,
  );
/** A cardiology role held by Roy, a backup role held by Chen, a last resort person; the chain climbs them. */
const ladder = async () => {
  const [roy, chen, dana] = [
    await member(t, 'Ravi', 'Roy'),
    await member(t, 'Mei', 'Chen'),
    await member(t, 'Dana', 'Diaz'),
  ];
  const cardio = await role('Cardiology on call');
  const backup = await role('Cardiology backup');
  await hold(cardio.id, roy);
  await hold(backup.id, chen);
  expect(
    (
      await setPolicy(cardio.id, {
        steps: [toRole(backup.id, 3), { afterMinutes: 4, target: { kind: 'user', userId: dana.id } }],
        finalAfterMinutes: 5,
      })
    ).status,
  ).toBe(200);
  const twId = await roleRoom(cardio.id, [roy]);
  return { roy, chen, dana, cardio, backup, twId };
};

describe('escalation policies', () => {
  it('are saved and read by Admins and the FacilityAdmin of the role, with their targets named', async () => {
    const cardio = await role('Cardiology on call');
    const backup = await role('Cardiology backup');
    const dana = await member(t, 'Dana', 'Diaz');
    const body = {
      steps: [toRole(backup.id, 5), { afterMinutes: 10, target: { kind: 'user' as const, userId: dana.id } }],
      finalAfterMinutes: 15,
    };
    const saved = await setPolicy(cardio.id, body, fay);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({
      roleId: cardio.id,
      steps: [
        { afterMinutes: 5, target: { kind: 'role', id: backup.id, name: backup.name } },
        { afterMinutes: 10, target: { kind: 'user', id: dana.id, name: 'Dana Diaz' } },
      ],
      finalAfterMinutes: 15,
    });
    expect((await callAs(t, fay, escalationRoutes.policy, { params: { id: cardio.id } })).body.data).toEqual(
      saved.body.data,
    );
    expect((await callAs(t, admin, escalationRoutes.policy, { params: { id: backup.id } })).body.data).toBeNull();
    expect(await t.app.onCall.escalation.escalationTargetOf(cardio.id)).toEqual({
      kind: 'role',
      id: backup.id,
      name: backup.name,
    });
    expect(await t.app.onCall.escalation.escalationTargetOf(backup.id)).toBeNull();

    const elsewhere = await role('Night nurse', other);
    expect((await setPolicy(elsewhere.id, { steps: [], finalAfterMinutes: 5 }, fay)).status).toBe(403);
    expect((await setPolicy(cardio.id, body, nurse)).status).toBe(403);
    const log = await t.app.db
      .selectFrom('audit_logs')
      .select('details')
      .where('event', '=', 'escalation policy changed')
      .where('user_id', '=', fay.id)
      .execute();
    expect(log).toHaveLength(1);
  });

  it('refuses a step naming the role itself (400 naming the step) and a chain that loops back (409 naming it)', async () => {
    const a = await role('ICU on call');
    const b = await role('ICU backup');
    const c = await role('ICU consultant');
    const self = await setPolicy(a.id, { steps: [toRole(b.id, 5), toRole(a.id, 5)], finalAfterMinutes: 5 });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('steps.1.target: a step cannot alert the role it escalates from');

    expect((await setPolicy(b.id, { steps: [toRole(c.id, 5)], finalAfterMinutes: 5 })).status).toBe(200);
    expect((await setPolicy(c.id, { steps: [toRole(a.id, 5)], finalAfterMinutes: 5 })).status).toBe(200);
    const loop = await setPolicy(a.id, { steps: [toRole(b.id, 5)], finalAfterMinutes: 5 });
    expect(loop.status).toBe(409);
    expect(loop.body.code).toBe('ESCALATION_LOOP');
    expect(loop.body.message).toBe(
      `Step 1 leads back to ${a.name} through ${b.name} → ${c.name}: the chain would never end.`,
    );
    const fr = await callRoute(t.app, escalationRoutes.setPolicy, {
      params: { id: a.id },
      token: admin.token,
      headers: { 'accept-language': 'fr' },
      body: { steps: [toRole(b.id, 5)], finalAfterMinutes: 5 },
    });
    expect(fr.error().message).toMatch(/^L’étape 1 ramène à /);
    expect((await callAs(t, admin, escalationRoutes.policy, { params: { id: a.id } })).body.data).toBeNull();

    const unknown = await setPolicy(a.id, { steps: [toRole('0'.repeat(24), 5)], finalAfterMinutes: 5 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^steps\.0\.target: /);
    const zero = await setPolicy(a.id, { steps: [toRole(b.id, 0)], finalAfterMinutes: 5 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toMatch(/^steps\.0\.afterMinutes: /);
  });
});

describe('escalation chains', () => {
  it('climbs step by step: the backup, then the last-resort person, then tells the sender nobody answered', async () => {
    const { roy, chen, dana, cardio, backup, twId } = await ladder();
    const chenSocket = await openSocket(t, chen);
    const nurseSocket = await openSocket(t, nurse);
    const reminders = collect<{ message: { id: string } }>(chenSocket, 'UrgentReminder');
    const added = collect<{ twId: string }>(chenSocket, 'ConversationCreated');
    const changed = collect<{ messageId: string }>(nurseSocket, 'EscalationChanged');
    const m = await urgent(twId);
    const start = m.timetoken;
    const fire = (at: number) => t.app.onCall.escalation.fireDue(at);

    expect(m.attributes.escalation).toBe(true);
    expect(await kinds(m.id)).toEqual(['sent']);
    const sent = (await timeline(m.id)).entries[0]!;
    expect(sent.target).toEqual({ kind: 'role', id: cardio.id, name: cardio.name });
    expect(sent.people).toEqual([{ id: roy.id, fullName: 'Ravi Roy' }]);
    // Earlier tests' chains fall due too; each assertion looks at this message's chain only.
    await fire(start + 3 * MIN - 1);
    expect(await kinds(m.id)).toEqual(['sent']);
    await fire(start + 3 * MIN);
    expect(await kinds(m.id)).toEqual(['sent', 'escalated']);
    expect(await members(twId)).toContain(chen.id);
    expect((await added.next((p) => p.twId === twId)).twId).toBe(twId);
    expect((await reminders.next((p) => p.message.id === m.id)).message.id).toBe(m.id);
    await changed.next((p) => p.messageId === m.id);
    const line = (await callAs(t, chen, chatRoomRoutes.messages, { body: { twId } })).body.data.messages.at(-1)!;
    expect(line.attributes.event).toMatchObject({
      type: 'escalated',
      data: { name: backup.name, users: [{ id: chen.id }] },
    });

    // The existing URGENT reminder (after 2 minutes here) shows on the timeline too.
    await t.app.chat.priority.escalate(start + 3 * MIN + 1);
    await fire(start + 7 * MIN);
    expect(await members(twId)).toContain(dana.id);
    await fire(start + 12 * MIN);
    const done = await timeline(m.id);
    expect(done.status).toBe('unanswered');
    expect(done.entries.map((e) => e.kind)).toEqual(['sent', 'escalated', 'reminded', 'escalated', 'unanswered']);
    expect(done.entries[3]).toMatchObject({
      target: { kind: 'user', id: dana.id },
      people: [{ fullName: 'Dana Diaz' }],
    });
    await fire(start + 60 * MIN);
    expect((await timeline(m.id)).entries).toEqual(done.entries);

    // The Admins read every step in the user log.
    const log = await t.app.db
      .selectFrom('audit_logs')
      .select(['event', 'details'])
      .where('user_id', '=', nurse.id)
      .where('event', 'in', ['escalation step', 'escalation unanswered'])
      .execute();
    const mine = log.filter((l) => JSON.parse(l.details!).messageId === m.id).map((l) => l.event);
    expect(mine).toEqual(['escalation step', 'escalation step', 'escalation unanswered']);
  });

  it('stops everywhere when anyone alerted acknowledges: the pending steps never fire', async () => {
    const { chen, dana, twId } = await ladder();
    const m = await urgent(twId);
    await t.app.onCall.escalation.fireDue(m.timetoken + 3 * MIN);
    const ack = await acknowledge(chen, m.id);
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    const after = await timeline(m.id);
    expect(after.status).toBe('acknowledged');
    // (The steps run minutes ahead of the clock here, so the acknowledgement sorts before the step it followed.)
    expect(after.entries.find((e) => e.kind === 'acknowledged')).toMatchObject({
      people: [{ id: chen.id, fullName: 'Mei Chen' }],
    });
    await t.app.onCall.escalation.fireDue(m.timetoken + 60 * MIN);
    expect((await timeline(m.id)).entries).toEqual(after.entries);
    expect(await members(twId)).not.toContain(dana.id);
    const jobs = await t.app.db
      .selectFrom('escalation_jobs')
      .innerJoin('escalation_chains', 'escalation_chains.id', 'escalation_jobs.chain_id')
      .select('escalation_jobs.status')
      .where('escalation_chains.message_id', '=', m.id)
      .orderBy('escalation_jobs.position')
      .execute();
    expect(jobs.map((j) => j.status)).toEqual(['fired', 'cancelled', 'cancelled']);
  });

  it('texts those a step alerts when the message went by SMS, with the link only, under the same caps', async () => {
    const { roy, chen, twId } = await ladder();
    const m = await urgent(twId, nurse, true);
    await t.app.onCall.escalation.fireDue(m.timetoken + 3 * MIN);
    await notificationsSent(t);
    const texts = async (who: Member) => {
      const u = await t.app.db
        .selectFrom('users')
        .select(['phone', 'phone_country_code'])
        .where('id', '=', who.id)
        .executeTakeFirstOrThrow();
      const res = await callAs(t, admin, outboxRoutes.read, { query: { to: `${u.phone_country_code}${u.phone}` } });
      return res.body.data.messages.map((x) => x.text);
    };
    const [chenTexts, royTexts] = [await texts(chen), await texts(roy)];
    expect(chenTexts).toHaveLength(1);
    expect(chenTexts[0]).toMatch(/^Rounds: .*Nora Nurse.*https:\/\/rounds\.example\.org\/\?rs=/);
    expect(chenTexts[0]).not.toContain('troponin');
    expect(royTexts).toHaveLength(1); // the message's own SMS to the holder, not repeated by the step
  });

  it('leaves a role without a policy to the reminders every URGENT message gets', async () => {
    const plain = await role('Pharmacy on call');
    const paul = await member(t, 'Paul', 'Pharma');
    await hold(plain.id, paul);
    const twId = await roleRoom(plain.id, [paul]);
    const m = await urgent(twId);
    expect(m.attributes.escalation).toBeUndefined();
    const res = await callAs(t, nurse, escalationRoutes.timeline, { params: { messageId: m.id } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ESCALATION_NOT_FOUND');
  });

  it('shows the timeline to the sender and the room owner only', async () => {
    const { roy, twId } = await ladder();
    const m = await urgent(twId);
    const member = await callAs(t, roy, escalationRoutes.timeline, { params: { messageId: m.id } });
    expect(member.status).toBe(403);
    const outsider = await callAs(t, admin, escalationRoutes.timeline, { params: { messageId: m.id } });
    expect(outsider.status).toBe(404);
  });

  it('follows the role to its new holder when a shift ends while a step is pending', async () => {
    const [roy, early, late] = [
      await member(t, 'Ravi', 'Roy'),
      await member(t, 'Eve', 'Early'),
      await member(t, 'Liam', 'Late'),
    ];
    const cardio = await role('Cardiology on call');
    const backup = await role('Cardiology backup');
    await hold(cardio.id, roy);
    const now = Date.now();
    await hold(backup.id, early, { from: now - 60 * MIN, to: now + 2 * MIN });
    await hold(backup.id, late, { from: now + 2 * MIN, to: now + 600 * MIN });
    await setPolicy(cardio.id, { steps: [toRole(backup.id, 3)], finalAfterMinutes: 5 });
    const twId = await roleRoom(cardio.id, [roy]);
    const m = await urgent(twId);
    await t.app.onCall.escalation.fireDue(m.timetoken + 3 * MIN);
    const escalated = (await timeline(m.id)).entries.find((e) => e.kind === 'escalated')!;
    expect(escalated.people.map((p) => p.id)).toEqual([late.id]);
    expect(await members(twId)).not.toContain(early.id);
  });

  it('refuses to retire a role while a chain runs to or through it, and allows it once the chain ended', async () => {
    const { chen, cardio, backup, twId } = await ladder();
    const m = await urgent(twId);
    for (const id of [cardio.id, backup.id]) {
      const res = await callAs(t, admin, onCallRoutes.retire, { params: { id } });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('ESCALATION_PENDING');
    }
    await t.app.onCall.escalation.fireDue(m.timetoken + 3 * MIN);
    expect((await acknowledge(chen, m.id)).status).toBe(200);
    expect((await callAs(t, admin, onCallRoutes.retire, { params: { id: backup.id } })).status).toBe(200);
  });

  it('when the only holder is deactivated: the Admins are told, and an URGENT message goes straight to the target', async () => {
    const [roy, chen] = [await member(t, 'Ravi', 'Roy'), await member(t, 'Mei', 'Chen')];
    const cardio = await role('Cardiology on call');
    const backup = await role('Cardiology backup');
    await hold(cardio.id, roy);
    await hold(backup.id, chen);
    await setPolicy(cardio.id, { steps: [toRole(backup.id, 10)], finalAfterMinutes: 10 });
    const twId = await roleRoom(cardio.id, [roy]);
    const adminSocket = await openSocket(t, admin);
    const told = collect<{ roleId: string; roleName: string; fallsTo: string | null }>(
      adminSocket,
      'DutyRoleUncovered',
    );
    const off = await callAs(t, admin, adminUserRoutes.deactivate, { body: { userId: roy.id } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await told.next((p) => p.roleId === cardio.id)).toEqual({
      roleId: cardio.id,
      roleName: cardio.name,
      fallsTo: backup.name,
    });
    const log = await t.app.db
      .selectFrom('audit_logs')
      .select('details')
      .where('event', '=', 'duty role uncovered')
      .execute();
    expect(log.some((l) => JSON.parse(l.details!).roleId === cardio.id)).toBe(true);

    // Nobody holds it: the send is refused, naming the target; sent to it once the sender confirms, the first
    // step is due with the message (the job's own timer may take it first).
    const refused = await sendUrgent(twId);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('ROLE_UNHELD');
    expect(refused.error.message).toBe(`Nobody holds ${cardio.name} now; it will go to ${backup.name}`);
    expect(refused.error.extra.details).toEqual({
      roleId: cardio.id,
      target: { kind: 'role', id: backup.id, name: backup.name },
    });
    const m = await urgent(twId, nurse, false, true);
    await t.app.onCall.escalation.fireDue(m.timetoken);
    await vi.waitFor(async () =>
      expect((await timeline(m.id)).entries.map((e) => e.kind)).toEqual(['sent', 'escalated']),
    );
    const entries = (await timeline(m.id)).entries;
    expect(entries[0]!.people).toEqual([]);
    expect(entries[1]!.people.map((p) => p.id)).toEqual([chen.id]);
  });
});

describe('escalation steps as durable jobs', () => {
  // Several processes need PostgreSQL (config: WORKERS > 1 requires it); on SQLite, the one process's own runs
  // overlapping (the timer's and a second caller's) claim the same rows the same way.
  it('fire each step once when two processes run the job at the same instant', async () => {
    const second = process.env.DATABASE_URL
      ? await createTestApp({ DATA_DIR: t.config.DATA_DIR, MESSAGE_KEY: t.config.MESSAGE_KEY }, { schema: t.schema })
      : null;
    try {
      const chains = await Promise.all([ladder(), ladder(), ladder()]);
      const sent = await Promise.all(chains.map((c) => urgent(c.twId)));
      const at = Math.max(...sent.map((m) => m.timetoken)) + 3 * MIN;
      await Promise.all([t.app.onCall.escalation.fireDue(at), (second ?? t).app.onCall.escalation.fireDue(at)]);
      for (const m of sent) expect((await kinds(m.id)).filter((k) => k === 'escalated')).toHaveLength(1);
      for (const c of chains) {
        const line = await t.app.db
          .selectFrom('messages')
          .select('id')
          .where('room_id', '=', c.twId)
          .where('attributes', 'like', '%"escalated"%')
          .execute();
        expect(line).toHaveLength(1);
      }
    } finally {
      await second?.close({ keepData: true });
    }
  });

  it('resume after a restart: a chain started by a process that stopped climbs on in the next one', async () => {
    const sameData = () =>
      createTestApp({ DATA_DIR: t.config.DATA_DIR, MESSAGE_KEY: t.config.MESSAGE_KEY }, { schema: t.schema });
    const main = t;
    const before = await sameData();
    let m: Awaited<ReturnType<typeof urgent>>;
    let chain: Awaited<ReturnType<typeof ladder>>;
    try {
      t = before;
      chain = await ladder();
      m = await urgent(chain.twId);
      await before.app.onCall.escalation.fireDue(m.timetoken + 3 * MIN);
      expect(await kinds(m.id)).toEqual(['sent', 'escalated']);
    } finally {
      t = main;
      await before.close({ keepData: true });
    }
    const after = await sameData();
    try {
      await after.app.onCall.escalation.fireDue(m.timetoken + 7 * MIN);
      expect(await members(chain.twId)).toContain(chain.dana.id);
      expect(await kinds(m.id)).toEqual(['sent', 'escalated', 'escalated']);
    } finally {
      await after.close({ keepData: true });
    }
  });
});
