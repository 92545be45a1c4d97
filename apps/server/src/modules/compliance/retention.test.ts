import { chatRoomRoutes, type TMessage } from '@rounds/contracts/chat';
import { chatFileRoutes } from '@rounds/contracts/chat-files';
import {
  complianceRoutes,
  type TCreateLegalHoldRequest,
  type TRetentionPolicyInput,
} from '@rounds/contracts/compliance';
import { describe, expect, it } from 'vitest';
import { adminKit } from '../../../test/support/admin-kit';
import { callRoute } from '../../../test/support/call-route';
import { callAs, type Member, member } from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { type TestApp, useTestApp } from '../../../test/support/test-app';
import { createMessageCrypto } from '../../lib/message-crypto';

/**
 * Retention and legal hold (issue 27) on a real app and database. Time is passed into the sweep (`now`), never
 * waited for: "a month later" is the sweep run at now + 31 days.
 */
let t: TestApp;
let admin: Member;
useTestApp(async (app) => {
  t = app;
  admin = { ...(await adminKit(t).firstAdmin()), name: 'Admin' };
});

const DAY = 24 * 60 * 60 * 1000;
const later = (days: number) => Date.now() + days * DAY + 60_000;
const unique = () => crypto.randomUUID().slice(0, 8);
const crypto_ = () => createMessageCrypto(t.config.MESSAGE_KEY);

const { group, direct, say, upload } = conversations(() => t);

const setPolicy = async (policy: TRetentionPolicyInput) => {
  const res = await callAs(t, admin, complianceRoutes.setRetention, { body: policy });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const placeHold = async (body: TCreateLegalHoldRequest) => {
  const res = await callAs(t, admin, complianceRoutes.placeHold, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const release = async (id: string) => {
  const res = await callAs(t, admin, complianceRoutes.releaseHold, { params: { id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** The stored row, its body opened. */
const stored = async (id: string) => {
  const row = await t.app.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { ...row, text: crypto_().open(row.body), removed: Number(row.removed) };
};
const termsOf = async (id: string) =>
  (await t.app.db.selectFrom('message_terms').select('term').where('message_id', '=', id).execute()).length;
const uploadRow = (key: string) =>
  t.app.db.selectFrom('uploads').select(['key', 'message_id']).where('key', '=', key).executeTakeFirst();
const fileThere = async (key: string) => {
  const stream = await t.app.files.get(key);
  stream?.destroy();
  return stream !== null;
};
const sweepRecords = async () =>
  (await t.app.db.selectFrom('audit_logs').select('id').where('event', '=', 'retention sweep').execute()).length;
const history = async (m: Member, twId: string) => {
  const res = await callAs(t, m, chatRoomRoutes.messages, { body: { twId } });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('retention', () => {
  it('is forever by default: nothing is removed and no record is written', async () => {
    expect((await callAs(t, admin, complianceRoutes.retention, {})).body.data.policy).toEqual({
      defaultDays: null,
      rooms: {},
    });
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const m = await say(a, room.id, 'kept for ever');
    const before = await sweepRecords();
    expect(await t.app.compliance.retention.sweep({ now: later(10_000) })).toBeNull();
    expect((await stored(m.id)).text).toBe('kept for ever');
    expect(await sweepRecords()).toBe(before);
  });

  it('removes bodies, files and index entries past retention, per room type, and nothing younger', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const pair = await direct(a, b);
    const key = await upload(a);
    const old = await say(a, room.id, `Potassium ${unique()} recheck`, { files: [key] });
    const inDirect = await say(b, pair.id, 'Direct chats are kept for ever here');
    expect(await termsOf(old.id)).toBeGreaterThan(0);
    expect(await fileThere(key)).toBe(true);
    await setPolicy({ defaultDays: 30, rooms: { direct: null } });

    // Twenty-nine days on: younger than the policy, kept.
    await t.app.compliance.retention.sweep({ now: later(29) });
    expect((await stored(old.id)).removed).toBe(0);

    const records = await sweepRecords();
    const run = await t.app.compliance.retention.sweep({ now: later(31) });
    expect(run?.messages).toBeGreaterThanOrEqual(1);
    expect(run?.files).toBeGreaterThanOrEqual(1);
    expect(run?.indexEntries).toBeGreaterThanOrEqual(1);
    const gone = await stored(old.id);
    expect(gone).toMatchObject({ removed: 1, text: '', media: null, attributes: '{}' });
    expect(await termsOf(old.id)).toBe(0);
    expect(await uploadRow(key)).toBeUndefined();
    expect(await fileThere(key)).toBe(false);
    // The direct chat's override is forever.
    expect((await stored(inDirect.id)).text).toBe('Direct chats are kept for ever here');
    expect(await termsOf(inDirect.id)).toBeGreaterThan(0);
    // One record for the run, with its counts; the room says where its history begins.
    expect(await sweepRecords()).toBe(records + 1);
    const last = (await callAs(t, admin, complianceRoutes.retention, {})).body.data.lastSweep;
    expect(last).toMatchObject({ messages: run!.messages, files: run!.files, indexEntries: run!.indexEntries });
    const page = await history(b, room.id);
    expect(page.messages.map((m) => m.id)).not.toContain(old.id);
    expect(page.retainedFrom).toBeGreaterThan(Date.now() - DAY);
    expect((await history(b, pair.id)).retainedFrom).toBeUndefined();
  });

  it('sweeps in small batches until nothing past retention is left, with one record for the run', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const sent: TMessage[] = [];
    for (let i = 0; i < 7; i += 1) sent.push(await say(a, room.id, `batch ${i}`));
    await setPolicy({ defaultDays: 1, rooms: {} });
    const records = await sweepRecords();
    const run = await t.app.compliance.retention.sweep({ now: later(2), batchSize: 2 });
    expect(run?.messages).toBeGreaterThanOrEqual(7);
    for (const m of sent) expect((await stored(m.id)).removed).toBe(1);
    expect(await sweepRecords()).toBe(records + 1);
  });

  it('lets messages through while it sweeps: a send is acknowledged before the run ends', async () => {
    const [a, b, c] = await Promise.all([member(t), member(t), member(t)]);
    const room = await group(a, [b, c]);
    const live = await group(b, [a]);
    await say(b, live.id, 'live first');
    // Three authors, a hundred each: one user's socket budget is smaller than the lot.
    for (const author of [a, c]) await say(author, room.id, 'old first');
    await Promise.all(
      [a, b, c].flatMap((author) => Array.from({ length: 100 }, (_, i) => say(author, room.id, `old ${i}`))),
    );
    await setPolicy({ defaultDays: 1, rooms: {} });
    let ended = false;
    const run = t.app.compliance.retention.sweep({ now: later(2), batchSize: 3 }).then((r) => {
      ended = true;
      return r;
    });
    const sent = await say(b, live.id, 'Bed 12 needs a review');
    expect(ended).toBe(false);
    expect(sent.body).toBe('Bed 12 needs a review');
    expect((await run)?.messages).toBeGreaterThanOrEqual(300);
  });

  it('runs once across processes: of two runs claiming the same period, one sweeps', async () => {
    await setPolicy({ defaultDays: 1, rooms: {} });
    const now = later(400);
    const runs = await Promise.all([
      t.app.compliance.retention.sweepIfDue(now),
      t.app.compliance.retention.sweepIfDue(now),
    ]);
    expect(runs.filter((r) => r !== null)).toHaveLength(1);
    expect(await t.app.compliance.retention.sweepIfDue(now + 1000)).toBeNull();
    // A changed policy is due at the next check, not at the next hourly run.
    await setPolicy({ defaultDays: 2, rooms: {} });
    expect(await t.app.compliance.retention.sweepIfDue(now + 2000)).not.toBeNull();
    expect(await t.app.compliance.retention.sweepIfDue(now + 3000)).toBeNull();
  });
});

describe('legal hold', () => {
  it('keeps what a room hold and a person hold name, until released', async () => {
    const [a, b, c, d, e, f] = await Promise.all([
      member(t),
      member(t),
      member(t, 'Carol'),
      member(t),
      member(t),
      member(t),
    ]);
    const heldRoom = await group(a, [b]);
    const carolsRoom = await group(d, [c]);
    const other = await group(e, [f]);
    const inHeldRoom = await say(b, heldRoom.id, 'held by the room');
    const toCarol = await say(d, carolsRoom.id, 'said to Carol');
    const key = await upload(c);
    const byCarol = await say(c, carolsRoom.id, 'said by Carol', { files: [key] });
    const free = await say(e, other.id, 'no hold here');
    const roomHold = await placeHold({
      targetType: 'room',
      targetId: heldRoom.id,
      name: 'Case 2026-114',
      reason: 'Litigation: ward incident',
    });
    const personHold = await placeHold({
      targetType: 'user',
      targetId: c.id,
      name: 'Case 2026-115',
      reason: 'Complaint',
    });
    expect(roomHold.target).toMatchObject({ type: 'room', id: heldRoom.id, label: heldRoom.name, detail: 'group' });
    expect(personHold.target).toMatchObject({ type: 'user', id: c.id, detail: c.email });
    expect(personHold.placedBy?.id).toBe(admin.id);
    await setPolicy({ defaultDays: 1, rooms: {} });

    const run = await t.app.compliance.retention.sweep({ now: later(2) });
    expect(run?.held).toBeGreaterThanOrEqual(3);
    expect((await stored(inHeldRoom.id)).text).toBe('held by the room');
    expect((await stored(toCarol.id)).text).toBe('said to Carol');
    expect((await stored(byCarol.id)).text).toBe('said by Carol');
    expect(await fileThere(key)).toBe(true);
    expect(await termsOf(byCarol.id)).toBeGreaterThan(0);
    expect((await stored(free.id)).removed).toBe(1);

    const list = (await callAs(t, admin, complianceRoutes.holds, {})).body.data;
    expect(list.map((h) => h.id)).toEqual(expect.arrayContaining([roomHold.id, personHold.id]));
    expect((await release(roomHold.id)).releasedAt).not.toBeNull();
    await t.app.compliance.retention.sweep({ now: later(2) });
    expect((await stored(inHeldRoom.id)).removed).toBe(1);
    expect((await stored(byCarol.id)).text).toBe('said by Carol');
    await release(personHold.id);
    await t.app.compliance.retention.sweep({ now: later(2) });
    expect((await stored(byCarol.id)).removed).toBe(1);
    expect((await stored(toCarol.id)).removed).toBe(1);
    expect(await fileThere(key)).toBe(false);
    // The released holds stay listed, after those in force; releasing again is refused.
    const again = await callAs(t, admin, complianceRoutes.releaseHold, { params: { id: roomHold.id } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('HOLD_RELEASED');
    const audit = await t.app.db
      .selectFrom('audit_logs')
      .select('event')
      .where('event', 'in', ['legal hold placed', 'legal hold released'])
      .where('details', 'like', `%${roomHold.id}%`)
      .execute();
    expect(audit.map((r) => r.event).sort()).toEqual(['legal hold placed', 'legal hold released']);
  });

  it('a sender deleting a held message hides it but keeps the row, its body and its file, until released', async () => {
    await setPolicy({ defaultDays: null, rooms: {} });
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const key = await upload(a);
    const m = await say(a, room.id, 'Keep this one', { files: [key] });
    const hold = await placeHold({ targetType: 'user', targetId: a.id, name: 'Case 7', reason: 'Audit' });
    const removed = await callAs(t, a, chatRoomRoutes.removeMessage, { body: { twId: room.id, messageId: m.id } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);

    expect((await history(b, room.id)).messages.map((x) => x.id)).not.toContain(m.id);
    const kept = await stored(m.id);
    expect(kept).toMatchObject({ removed: 1, removal_pending: 1, text: 'Keep this one' });
    expect(kept.media).not.toBeNull();
    expect(await uploadRow(key)).toBeDefined();
    expect(await fileThere(key)).toBe(true);
    expect(await termsOf(m.id)).toBe(0);
    // Hidden from the room's members as the message is.
    const file = await callRoute(t.app, chatFileRoutes.file, { query: { key }, token: b.token });
    expect(file.statusCode).toBe(404);
    // A sweep while held leaves it; once released, the removal is finished.
    await t.app.compliance.retention.sweep({ now: Date.now() });
    expect((await stored(m.id)).text).toBe('Keep this one');
    await release(hold.id);
    await t.app.compliance.retention.sweep({ now: Date.now() });
    expect(await stored(m.id)).toMatchObject({ removed: 1, removal_pending: 0, text: '', media: null });
    expect(await uploadRow(key)).toBeUndefined();
    expect(await fileThere(key)).toBe(false);
  });

  it('deleting a held room keeps its messages', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const m = await say(b, room.id, 'in a room about to be deleted');
    const hold = await placeHold({ targetType: 'room', targetId: room.id, name: 'Case 9', reason: 'Inquest' });
    expect((await callAs(t, a, chatRoomRoutes.remove, { query: { twId: room.id } })).status).toBe(200);
    await setPolicy({ defaultDays: 1, rooms: {} });
    await t.app.compliance.retention.sweep({ now: later(2) });
    expect((await stored(m.id)).text).toBe('in a room about to be deleted');
    await release(hold.id);
  });
});

describe('compliance routes', () => {
  it('are the Admins’ only, and name the field of bad input', async () => {
    const kit = adminKit(t);
    const facilityAdmin = { ...(await kit.caller({ role: 'FacilityAdmin' })), name: 'Fay' };
    const regular = await member(t);
    for (const who of [facilityAdmin, regular]) {
      expect((await callAs(t, who, complianceRoutes.holds, {})).status).toBe(403);
      expect((await callAs(t, who, complianceRoutes.retention, {})).status).toBe(403);
      const place = await callAs(t, who, complianceRoutes.placeHold, {
        body: { targetType: 'user', targetId: regular.id, name: 'x', reason: 'y' },
      });
      expect(place.status).toBe(403);
    }
    const bad = await callAs(t, admin, complianceRoutes.setRetention, {
      body: { defaultDays: 0, rooms: {} } as never,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^defaultDays/);
    const noName = await callAs(t, admin, complianceRoutes.placeHold, {
      body: { targetType: 'user', targetId: regular.id, name: ' ', reason: 'y' },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toMatch(/^name/);
    const missing = await callAs(t, admin, complianceRoutes.placeHold, {
      body: { targetType: 'room', targetId: 'f'.repeat(24), name: 'x', reason: 'y' },
    });
    expect(missing.status).toBe(404);
    const targets = await callAs(t, admin, complianceRoutes.holdTargets, { query: { type: 'user', q: 'carol' } });
    expect(targets.status).toBe(200);
    expect(targets.body.data.every((x) => x.type === 'user' && /carol/i.test(x.label))).toBe(true);
    expect(targets.body.data.length).toBeGreaterThan(0);
  });
});
