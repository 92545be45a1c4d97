import { chatRoomRoutes, type TMessage, ZSendMessageAck } from '@rounds/contracts/chat';
import { BREAK_GLASS_LIMITS, breakGlassRoutes } from '@rounds/contracts/compliance';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminKit } from '../../../test/support/admin-kit';
import { callRoute } from '../../../test/support/call-route';
import { callAs, collect, emitAck, type Member, member, openSocket } from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { TEST_ADMIN, type TestApp, useTestApp } from '../../../test/support/test-app';
import { login } from '../../../test/support/users';

/**
 * Break-glass access (issue 27) on a real app and database: an Admin who is not a member reads a room for an hour
 * after typing a reason, through chat's read paths, and can write nothing. Expiry is read from the clock on every
 * read: the test moves the clock (Date only) past the hour rather than waiting for it.
 */
let t: TestApp;
let admin: Member;
useTestApp(async (app) => {
  t = app;
  admin = { ...(await adminKit(t).firstAdmin()), name: 'Admin' };
});
afterEach(() => {
  vi.useRealTimers();
});

const REASON = 'Patient complaint 2026-114: review of the conversation';
const unique = () => crypto.randomUUID().slice(0, 8);
const { group, say, upload } = conversations(() => t);
/** A ward with a conversation and an image in it; the Admin is no member. */
const ward = async () => {
  const [a, b] = await Promise.all([member(t, 'Nora'), member(t, 'Omar')]);
  const room = await group(a, [b]);
  const key = await upload(a);
  const text = `Bed 12 ${unique()} needs a second line`;
  await say(a, room.id, text, { files: [key] });
  return { a, b, room, key, text };
};
const open = (roomId: string, reason = REASON) =>
  callAs(t, admin, breakGlassRoutes.open, { params: { roomId }, body: { reason } });
const read = (m: Member, roomId: string) => callAs(t, m, breakGlassRoutes.messages, { params: { roomId }, query: {} });
const file = (m: Member, roomId: string, key: string) =>
  callRoute(t.app, breakGlassRoutes.file, { token: m.token, params: { roomId }, query: { key } });

describe('break-glass access', () => {
  it('refuses a non-admin, and an Admin without a grant, with 403 on every read', async () => {
    const { a, room, key } = await ward();
    const nurse = await member(t, 'Regular');
    for (const who of [nurse, admin]) {
      expect((await read(who, room.id)).status).toBe(403);
      expect((await callAs(t, who, breakGlassRoutes.members, { params: { roomId: room.id } })).status).toBe(403);
      expect((await callAs(t, who, breakGlassRoutes.grant, { params: { roomId: room.id } })).status).toBe(403);
      expect((await file(who, room.id, key)).statusCode).toBe(403);
    }
    expect((await read(nurse, room.id)).body.code).toBe('FORBIDDEN');
    expect((await read(admin, room.id)).body.code).toBe('BREAK_GLASS_REQUIRED');
    // A non-admin can neither search rooms nor open one, even with a reason.
    expect((await callAs(t, nurse, breakGlassRoutes.rooms, { query: {} })).status).toBe(403);
    expect(
      (await callAs(t, nurse, breakGlassRoutes.open, { params: { roomId: room.id }, body: { reason: REASON } })).status,
    ).toBe(403);
    // Chat's own reads stay closed to a non-member too.
    expect((await callAs(t, admin, chatRoomRoutes.messages, { body: { twId: room.id } })).status).toBe(404);
    expect((await callAs(t, a, chatRoomRoutes.messages, { body: { twId: room.id } })).status).toBe(200);
  });

  it('asks for a reason of at least 10 characters (400 naming reason), and refuses a member or a second grant', async () => {
    const { a, room } = await ward();
    const short = await open(room.id, 'looking');
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/^reason/);
    expect((await open(room.id, '          x')).status).toBe(400);
    const unknown = await open('0123456789abcdef01234567');
    expect(unknown.status).toBe(404);
    const mine = await group(admin, [a]);
    expect((await open(mine.id)).body.code).toBe('ALREADY_MEMBER');
    expect((await open(room.id)).status).toBe(200);
    const again = await open(room.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('GRANT_LIVE');
  });

  it('opens the room read-only for an hour: history, members and files; the members are told; the user log keeps the reason', async () => {
    const { a, b, room, key, text } = await ward();
    const heard = collect<TMessage>(await openSocket(t, b), 'NewMessage');
    const before = Date.now();
    const res = await open(room.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const grant = res.body.data;
    expect(grant.roomId).toBe(room.id);
    expect(grant.reason).toBe(REASON);
    expect(grant.roomLabel).toBe(room.name);
    expect(grant.expiresAt - grant.grantedAt).toBe(BREAK_GLASS_LIMITS.durationMs);
    expect(grant.grantedAt).toBeGreaterThanOrEqual(before);

    // The members see a system line naming the Admin arrive live, and find it in the history.
    const line = await heard.next((m) => m.attributes.event?.type === 'breakGlass');
    expect(line.attributes.systemMessage).toBe(true);
    expect(line.attributes.event?.data.initiator.id).toBe(admin.id);
    expect(line.author).toBeNull();
    const theirs = (await callAs(t, a, chatRoomRoutes.messages, { body: { twId: room.id } })).body.data.messages;
    expect(theirs.at(-1)?.id).toBe(line.id);

    // The user log: who, which room, why, until when.
    const log = await t.app.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('event', '=', 'break-glass opened')
      .where('user_id', '=', admin.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details!)).toMatchObject({ grantId: grant.id, roomId: room.id, reason: REASON });

    // Reads: the history (the conversation and the line), the members, the file.
    const page = await read(admin, room.id);
    expect(page.status).toBe(200);
    expect(page.body.data.messages.map((m) => m.body)).toContain(text);
    const members = await callAs(t, admin, breakGlassRoutes.members, { params: { roomId: room.id } });
    expect(members.body.data.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    const image = await file(admin, room.id, key);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await callAs(t, admin, breakGlassRoutes.grant, { params: { roomId: room.id } })).body.data.id).toBe(
      grant.id,
    );

    // Reading writes nothing: no delivered or read position for the Admin, who is still no member.
    const rows = await t.app.db.selectFrom('room_members').select('user_id').where('room_id', '=', room.id).execute();
    expect(rows.map((r) => r.user_id)).not.toContain(admin.id);
  });

  it('lets nothing be written through a grant: send, acknowledge, mark read, remove, call', async () => {
    const { a, room } = await ward();
    const urgent = await say(a, room.id, 'Urgent: bed 3', { attributes: { important: true, level: 'URGENT' } });
    expect((await open(room.id)).status).toBe(200);
    const tab = await openSocket(t, admin);
    const send = ZSendMessageAck.parse(
      await emitAck(tab, 'SendMessage', { clientId: crypto.randomUUID(), twId: room.id, body: 'hello' }),
    );
    expect(send.ok).toBe(false);
    const readAck = await emitAck<{ ok: boolean }>(tab, 'ReadMessage', { twId: room.id, seq: urgent.seq });
    expect(readAck.ok).toBe(false);
    const callAck = await emitAck<{ ok: boolean }>(tab, 'CallInitialize', { twId: room.id, video: false });
    expect(callAck.ok).toBe(false);
    expect(
      (await callAs(t, admin, chatRoomRoutes.acknowledge, { body: { messageId: urgent.id } })).status,
    ).toBeGreaterThanOrEqual(400);
    expect(
      (await callAs(t, admin, chatRoomRoutes.removeMessage, { body: { twId: room.id, messageId: urgent.id } })).status,
    ).toBe(404);
    expect(
      (await callAs(t, admin, chatRoomRoutes.addContacts, { query: { twId: room.id }, body: { contacts: [admin.id] } }))
        .status,
    ).toBe(404);
    const messages = (await read(admin, room.id)).body.data.messages;
    expect(messages.filter((m) => m.author === admin.id)).toEqual([]);
  });

  it('expires after the hour, read from the clock on the next request', async () => {
    const { room, key } = await ward();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now(), shouldAdvanceTime: true });
    expect((await open(room.id)).status).toBe(200);
    // The access token of an hour ago has expired by then: the Admin signs in again (the grant is not a session).
    const signedIn = async () => ({
      ...admin,
      token: (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token,
    });
    vi.setSystemTime(Date.now() + BREAK_GLASS_LIMITS.durationMs - 60_000);
    expect((await read(await signedIn(), room.id)).status).toBe(200);
    vi.setSystemTime(Date.now() + 61_000);
    const later = await signedIn();
    expect((await read(later, room.id)).status).toBe(403);
    expect((await callAs(t, later, breakGlassRoutes.members, { params: { roomId: room.id } })).status).toBe(403);
    expect((await file(later, room.id, key)).statusCode).toBe(403);
    expect((await callAs(t, later, breakGlassRoutes.grant, { params: { roomId: room.id } })).status).toBe(403);
    // The one check behind chat's reads expires it there too, and a new grant (a new reason) may be opened.
    expect((await callAs(t, later, chatRoomRoutes.messages, { body: { twId: room.id } })).status).toBe(404);
    expect(
      (await callAs(t, later, breakGlassRoutes.open, { params: { roomId: room.id }, body: { reason: REASON } })).status,
    ).toBe(200);
  });

  it('can be ended early, with a user-log record', async () => {
    const { room } = await ward();
    expect((await open(room.id)).status).toBe(200);
    const ended = await callAs(t, admin, breakGlassRoutes.end, { params: { roomId: room.id } });
    expect(ended.status).toBe(200);
    expect((await read(admin, room.id)).status).toBe(403);
    expect((await callAs(t, admin, breakGlassRoutes.end, { params: { roomId: room.id } })).status).toBe(403);
    const log = await t.app.db
      .selectFrom('audit_logs')
      .select('details')
      .where('event', '=', 'break-glass ended')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details!)).toMatchObject({ roomId: room.id });
  });

  it("finds rooms by group name or member, server-paged, with the Admin's live grant", async () => {
    const tag = unique();
    const [a, b] = await Promise.all([member(t, `Zoe${tag}`), member(t, 'Paul')]);
    const named = await group(b, [a], `Cardio ${tag}`);
    const other = await group(a, [b], `Ortho ${unique()}`);
    const byName = await callAs(t, admin, breakGlassRoutes.rooms, { query: { q: `cardio ${tag}` } });
    expect(byName.body.data.results.map((r) => r.id)).toEqual([named.id]);
    const byMember = await callAs(t, admin, breakGlassRoutes.rooms, { query: { q: `zoe${tag}`, pageSize: 1 } });
    expect(byMember.body.data.total).toBe(2);
    expect(byMember.body.data.results).toHaveLength(1);
    const second = await callAs(t, admin, breakGlassRoutes.rooms, { query: { q: `zoe${tag}`, pageSize: 1, page: 2 } });
    expect([...byMember.body.data.results, ...second.body.data.results].map((r) => r.id).sort()).toEqual(
      [named.id, other.id].sort(),
    );
    await open(named.id);
    const found = (await callAs(t, admin, breakGlassRoutes.rooms, { query: { q: `cardio ${tag}` } })).body.data
      .results[0]!;
    expect(found).toMatchObject({ label: `Cardio ${tag}`, memberCount: 2, isMember: false, type: 'group' });
    expect(found.grant?.reason).toBe(REASON);
  });
});
