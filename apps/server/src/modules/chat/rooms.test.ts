import type { TApiRoute } from '@rounds/contracts/api-route';
import { CHAT_TEXTS, chatRoomRoutes, ZChatRoomReply, ZChatRoomsReply } from '@rounds/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TRouteInput, unchecked } from '../../../test/support/call-route';
import {
  callAs,
  caller,
  collect,
  directRoom,
  emitAck,
  type Member,
  member,
  openSocket,
  settle,
} from '../../../test/support/chat';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createUser } from '../../../test/support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
});
afterAll(() => t.close());

const group = async (owner: Member, others: Member[], name: string) => {
  const res = await callAs(t, owner, chatRoomRoutes.create, {
    body: { type: 'group', name, participants: others.map((o) => o.id) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZChatRoomReply.parse(res.body).data.chatRoom;
};
const send = (
  socket: Awaited<ReturnType<typeof openSocket>>,
  twId: string,
  body: string,
  clientId = crypto.randomUUID(),
) =>
  emitAck<{ ok: boolean; message: { id: string; seq: number }; code?: string }>(socket, 'SendMessage', {
    clientId,
    twId,
    body,
  });

describe('chat rooms', () => {
  it('opens one direct chat per pair, whoever starts it, and tells the other person', async () => {
    const [amy, ben] = await Promise.all([member(t, 'Amy'), member(t, 'Ben')]);
    const benSocket = await openSocket(t, ben);
    const created = collect<{ twId: string }>(benSocket, 'ConversationCreated');
    const first = await callAs(t, amy, chatRoomRoutes.create, { body: { type: 'direct', participants: [ben.id] } });
    expect(first.status).toBe(200);
    const room = ZChatRoomReply.parse(first.body).data.chatRoom;
    expect(room).toMatchObject({ type: 'direct', name: ben.name, owner: null, unreadCount: 0, lastSeq: 0 });
    expect(room.twId).toBe(room.id);
    expect((await created.next()).twId).toBe(room.id);

    const again = await callAs(t, ben, chatRoomRoutes.create, {
      body: { type: 'direct', participants: [amy.id, ben.id] },
    });
    expect(ZChatRoomReply.parse(again.body).data.chatRoom).toMatchObject({ id: room.id, name: amy.name });
    const bad = await callAs(t, amy, chatRoomRoutes.create, {
      body: { type: 'direct', participants: [ben.id, (await member(t)).id] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^participants/);
  });

  it('creates groups with the spec rules: name required, 100 characters, unique, signed-in members', async () => {
    const [owner, a, b] = await Promise.all([member(t, 'Olga'), member(t), member(t)]);
    const tooLong = await callAs(t, owner, chatRoomRoutes.create, {
      body: {
        type: 'group',
        name: 'x'.repeat(101),
        participants: [a.id],
      },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain(CHAT_TEXTS.groupNameTooLong);
    const blank = await callAs(t, owner, chatRoomRoutes.create, {
      body: { type: 'group', name: '   ', participants: [a.id] },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatch(/^name/);

    const room = await group(owner, [a, b], '  Ward 4 night shift  ');
    expect(room).toMatchObject({ name: 'Ward 4 night shift', owner: owner.id, type: 'group', lastSeq: 1 });
    expect(room.participants.map((p) => p.id).sort()).toEqual([owner.id, a.id, b.id].sort());

    const dup = await callAs(t, a, chatRoomRoutes.create, {
      body: { type: 'group', name: 'WARD 4 NIGHT SHIFT', participants: [b.id] },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(CHAT_TEXTS.groupNameTaken);

    const neverSignedIn = await createUser(t.app);
    const refused = await callAs(t, owner, chatRoomRoutes.create, {
      body: {
        type: 'group',
        name: 'New',
        participants: [neverSignedIn.id],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^participants/);
  });

  it('finds similar groups by exact members and searches the user’s groups', async () => {
    const [owner, a, b, outsider] = await Promise.all([member(t), member(t), member(t), member(t)]);
    const room = await group(owner, [a, b], 'Similar check');
    const same = await callAs(t, owner, chatRoomRoutes.byParticipants, { body: { participants: [a.id, b.id] } });
    expect(ZChatRoomsReply.parse(same.body).data.chatRooms.map((r) => r.id)).toEqual([room.id]);
    const fewer = await callAs(t, owner, chatRoomRoutes.byParticipants, { body: { participants: [a.id] } });
    expect(fewer.body.data.chatRooms).toEqual([]);
    const found = await callAs(t, a, chatRoomRoutes.searchGroups, { body: { keyword: 'similar' } });
    expect(found.body.data.chatRooms.map((r: { id: string }) => r.id)).toEqual([room.id]);
    const notMine = await callAs(t, outsider, chatRoomRoutes.searchGroups, { body: { keyword: 'similar' } });
    expect(notMine.body.data.chatRooms).toEqual([]);
  });

  it('lists searched groups in natural order: Ward 2 before Ward 10, case aside', async () => {
    const [owner, a, b] = await Promise.all([member(t), member(t), member(t)]);
    for (const name of ['Ward 10', 'ward 2', 'Ward 1']) await group(owner, [a, b], name);
    const found = await callAs(t, owner, chatRoomRoutes.searchGroups, { body: { keyword: 'ar' } });
    expect(found.body.data.chatRooms.map((r: { name: string }) => r.name)).toEqual(['Ward 1', 'ward 2', 'Ward 10']);
  });

  it('lets only the owner edit; members added, removed and renamed hear of it at once', async () => {
    const [owner, a, b, c] = await Promise.all([member(t, 'Owen'), member(t), member(t), member(t, 'Cleo')]);
    const room = await group(owner, [a, b], 'Edit me');
    const [aSocket, bSocket, cSocket] = await Promise.all([openSocket(t, a), openSocket(t, b), openSocket(t, c)]);
    const aUpdated = collect<{ twId: string }>(aSocket, 'ChatRoomUpdated');
    const aMessages = collect<{ attributes: { event?: { type: string } } }>(aSocket, 'NewMessage');
    const bDeleted = collect<{ twId: string; archived: boolean }>(bSocket, 'ChatRoomDeleted');
    const cCreated = collect<{ twId: string }>(cSocket, 'ConversationCreated');

    const notOwner = await callAs(t, a, chatRoomRoutes.update, {
      body: {
        twId: room.id,
        participants: [owner.id, a.id],
        name: 'Hijack',
      },
    });
    expect(notOwner.status).toBe(403);

    const res = await callAs(t, owner, chatRoomRoutes.update, {
      body: {
        twId: room.id,
        participants: [owner.id, a.id, c.id],
        type: 'group',
        name: 'Edited',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const edited = ZChatRoomReply.parse(res.body).data.chatRoom;
    expect(edited.name).toBe('Edited');
    expect(edited.participants.map((p) => p.id).sort()).toEqual([owner.id, a.id, c.id].sort());
    expect((await aUpdated.next()).twId).toBe(room.id);
    expect((await cCreated.next()).twId).toBe(room.id);
    expect(await bDeleted.next()).toMatchObject({ twId: room.id, archived: false });
    await aMessages.next((m) => m.attributes.event?.type === 'removed');
    expect(aMessages.seen.map((m) => m.attributes.event?.type).sort()).toEqual(['added', 'removed', 'renamed']);

    // The removed member lost the room: 404, like any non-member, and sending is refused.
    expect((await callAs(t, b, chatRoomRoutes.details, { query: { twId: room.id } })).status).toBe(404);
    expect((await callAs(t, b, chatRoomRoutes.messages, { body: { twId: room.id } })).status).toBe(404);
    const refused = await send(bSocket, room.id, 'still here?');
    expect(refused).toMatchObject({ ok: false, code: 'CONVERSATION_UNAVAILABLE' });
    expect((await callAs(t, c, chatRoomRoutes.details, { query: { twId: room.id } })).status).toBe(200);
  });

  it('adds contacts: owner only, never twice; on a direct chat it makes a new group', async () => {
    const [owner, a, b] = await Promise.all([member(t, 'Ava'), member(t, 'Bo'), member(t, 'Cy')]);
    const room = await group(owner, [a], 'Add to me');
    const twice = await callAs(t, owner, chatRoomRoutes.addContacts, {
      query: { twId: room.id },
      body: { contacts: [a.id] },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(CHAT_TEXTS.alreadyMember);
    expect(
      (await callAs(t, a, chatRoomRoutes.addContacts, { query: { twId: room.id }, body: { contacts: [b.id] } })).status,
    ).toBe(403);
    const added = await callAs(t, owner, chatRoomRoutes.addContacts, {
      query: { id: room.id },
      body: { contacts: [b.id] },
    });
    expect(added.body.data.chatRoom.participants).toHaveLength(3);

    const direct = await directRoom(t, a, b);
    const grown = await callAs(t, a, chatRoomRoutes.addContacts, {
      query: { twId: direct.id },
      body: { contacts: [owner.id] },
    });
    expect(grown.status, JSON.stringify(grown.body)).toBe(200);
    const made = ZChatRoomReply.parse(grown.body).data.chatRoom;
    expect(made.type).toBe('group');
    expect(made.id).not.toBe(direct.id);
    expect(made.name).toBe('Ava, Bo, Cy');
    expect(made.participants.map((p) => p.id).sort()).toEqual([owner.id, a.id, b.id].sort());
  });

  it('removes contacts (owner only), lets members leave but not the owner', async () => {
    const [owner, a, b] = await Promise.all([member(t), member(t), member(t)]);
    const room = await group(owner, [a, b], 'Leave me');
    expect((await callAs(t, owner, chatRoomRoutes.leave, { query: { twId: room.id } })).status).toBe(403);
    expect(
      (await callAs(t, a, chatRoomRoutes.removeContacts, { query: { twId: room.id }, body: { contacts: [b.id] } }))
        .status,
    ).toBe(403);
    const removed = await callAs(t, owner, chatRoomRoutes.removeContacts, {
      query: { twId: room.id },
      body: { contacts: [b.id] },
    });
    expect(removed.body.data.chatRoom.participants).toHaveLength(2);
    const ownerSocket = await openSocket(t, owner);
    const updated = collect<{ twId: string }>(ownerSocket, 'ChatRoomUpdated');
    expect((await callAs(t, a, chatRoomRoutes.leave, { query: { twId: room.id } })).status).toBe(200);
    expect((await updated.next()).twId).toBe(room.id);
    expect((await callAs(t, a, chatRoomRoutes.details, { query: { twId: room.id } })).status).toBe(404);
  });

  it('deletes a group for its owner and archives it for the others', async () => {
    const [owner, a] = await Promise.all([member(t, 'Dora', 'Owner'), member(t)]);
    const room = await group(owner, [a], 'Archive me');
    const aSocket = await openSocket(t, a);
    const deleted = collect<{ twId: string; archived: boolean; by: { fullName: string } }>(aSocket, 'ChatRoomDeleted');
    expect((await callAs(t, a, chatRoomRoutes.remove, { query: { twId: room.id } })).status).toBe(403);
    expect((await callAs(t, owner, chatRoomRoutes.remove, { query: { twId: room.id } })).status).toBe(200);
    expect(await deleted.next()).toMatchObject({ twId: room.id, archived: true, by: { fullName: 'Dora Owner' } });

    const list = ZChatRoomsReply.parse((await callAs(t, owner, chatRoomRoutes.list, { query: {} })).body).data
      .chatRooms;
    expect(list.find((r) => r.id === room.id)).toBeUndefined();
    const seen = ZChatRoomReply.parse((await callAs(t, a, chatRoomRoutes.details, { query: { twId: room.id } })).body)
      .data.chatRoom;
    expect(seen).toMatchObject({ archived: true, archivedBy: { id: owner.id, fullName: 'Dora Owner' } });
    expect(await send(aSocket, room.id, 'anyone?')).toMatchObject({ ok: false, code: 'CONVERSATION_UNAVAILABLE' });
    // The name is free again.
    await group(a, [owner], 'Archive me');
  });

  it('keeps favorite and mute per user and tells the user’s other tabs', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await directRoom(t, a, b);
    const tab = await openSocket(t, a);
    const updated = collect<{ twId: string }>(tab, 'ConversationUpdated');
    expect(
      (await callAs(t, a, chatRoomRoutes.setFavorite, { body: { id: room.id, twId: room.id } })).body.data,
    ).toEqual({
      twId: room.id,
      isFavorite: true,
    });
    expect((await callAs(t, a, chatRoomRoutes.mute, { body: { twId: room.id } })).body.data.muted).toBe(true);
    await updated.next();
    const mine = (await callAs(t, a, chatRoomRoutes.details, { query: { twId: room.id } })).body.data.chatRoom;
    expect(mine).toMatchObject({ isFavorite: true, muted: true });
    const theirs = (await callAs(t, b, chatRoomRoutes.details, { query: { twId: room.id } })).body.data.chatRoom;
    expect(theirs).toMatchObject({ isFavorite: false, muted: false });
    await callAs(t, a, chatRoomRoutes.unsetFavorite, { body: { twId: room.id } });
    await callAs(t, a, chatRoomRoutes.unmute, { body: { twId: room.id } });
    expect((await callAs(t, a, chatRoomRoutes.details, { query: { twId: room.id } })).body.data.chatRoom).toMatchObject(
      {
        isFavorite: false,
        muted: false,
      },
    );
  });

  it('previews the last message a person wrote; call and room lines only when no person wrote after them', async () => {
    const [nurse, doctor] = await Promise.all([caller(t, 'Nell'), caller(t, 'Dov')]);
    const room = await group(nurse, [doctor], `ICU ${crypto.randomUUID().slice(0, 8)}`);
    const listed = async () =>
      (await callAs(t, doctor, chatRoomRoutes.list, { query: {} })).body.data.chatRooms.find((r) => r.id === room.id)!;
    // Nothing written yet: the room's own line (created) is the preview.
    expect((await listed()).lastMessage?.attributes.event?.type).toBe('created');

    const nurseTab = await openSocket(t, nurse);
    const doctorTab = await openSocket(t, doctor);
    const urgent = await send(nurseTab, room.id, 'Bed 4 BP 70/40, come now');
    expect(urgent.ok).toBe(true);
    // A call after it writes its system lines (init, accept, leave, end): the clinical text stays the preview.
    const ended = collect(doctorTab, 'CallEnded');
    expect((await emitAck<{ ok: boolean }>(nurseTab, 'CallInitialize', { twId: room.id, video: false })).ok).toBe(true);
    expect((await emitAck<{ ok: boolean }>(doctorTab, 'CallAccept', { twId: room.id })).ok).toBe(true);
    expect((await emitAck<{ ok: boolean }>(nurseTab, 'CallEnd', { twId: room.id })).ok).toBe(true);
    await ended.next();
    const afterCall = await listed();
    expect(afterCall.lastSeq).toBeGreaterThan(urgent.message.seq + 2);
    expect(afterCall.lastMessage).toMatchObject({ id: urgent.message.id, body: 'Bed 4 BP 70/40, come now' });
    // The room still moved up with the call: its activity time is the call's end, not the message's.
    expect(afterCall.updatedAt).toBeGreaterThan(afterCall.lastMessage!.timetoken);

    // The person's message removed: nothing a person wrote is left after the call, so the call's line shows.
    await callAs(t, nurse, chatRoomRoutes.removeMessage, { body: { twId: room.id, messageId: urgent.message.id } });
    expect((await listed()).lastMessage?.attributes.event?.type).toBe('callEnded');

    // Someone writes after the call: that is the preview again.
    const reply = await send(doctorTab, room.id, 'On my way');
    expect((await listed()).lastMessage?.id).toBe(reply.message.id);
  });

  it('answers a non-member with 404 on every call, and bad input with 400 naming the field', async () => {
    const [owner, a, outsider] = await Promise.all([member(t), member(t), member(t)]);
    const room = await group(owner, [a], 'Private ward');
    const x = <R extends TApiRoute>(route: R, input: Omit<TRouteInput<R>, 'token'>) =>
      callAs(t, outsider, route, input);
    const calls = [
      x(chatRoomRoutes.details, { query: { twId: room.id } }),
      x(chatRoomRoutes.messages, { body: { twId: room.id } }),
      x(chatRoomRoutes.addContacts, { query: { twId: room.id }, body: { contacts: [outsider.id] } }),
      x(chatRoomRoutes.removeContacts, { query: { twId: room.id }, body: { contacts: [a.id] } }),
      x(chatRoomRoutes.update, { body: { twId: room.id, participants: [outsider.id, a.id], name: 'Mine' } }),
      x(chatRoomRoutes.setFavorite, { body: { twId: room.id } }),
      x(chatRoomRoutes.mute, { body: { twId: room.id } }),
      x(chatRoomRoutes.leave, { query: { twId: room.id } }),
      x(chatRoomRoutes.remove, { query: { twId: room.id } }),
      x(chatRoomRoutes.seenBy, { query: { twId: room.id, messageId: room.lastMessage!.id } }),
      x(chatRoomRoutes.removeMessage, { body: { twId: room.id, messageId: room.lastMessage!.id } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.message).toBe(CHAT_TEXTS.conversationUnavailable);
    }
    const socket = await openSocket(t, outsider);
    expect(await send(socket, room.id, 'hi')).toMatchObject({ ok: false, code: 'CONVERSATION_UNAVAILABLE' });
    expect(await emitAck(socket, 'ReadMessage', { twId: room.id, seq: 1 })).toMatchObject({ ok: false });
    expect(await emitAck(socket, 'Typing', { twId: room.id })).toMatchObject({ ok: false });

    const bad = await callAs(t, owner, chatRoomRoutes.details, { query: { twId: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/twId/);
    const noRef = await callAs(t, owner, chatRoomRoutes.details, { query: unchecked({}) });
    expect(noRef.status).toBe(400);
    expect(
      (await callAs(t, owner, chatRoomRoutes.create, { body: { type: 'group', name: 'N', participants: [] } })).status,
    ).toBe(400);
    expect(await emitAck(socket, 'SendMessage', { twId: room.id })).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
    });
    await settle();
  });

  it('answers a deleted user 401 on every call, and their open socket sends nothing', async () => {
    const [owner, gone] = await Promise.all([member(t), member(t)]);
    const room = await group(owner, [gone], 'Deleted member');
    const socket = await openSocket(t, gone);
    const refused = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await t.app.db.updateTable('users').set({ deleted: 1 }).where('id', '=', gone.id).execute();
    const x = <R extends TApiRoute>(route: R, input: Omit<TRouteInput<R>, 'token'>) => callAs(t, gone, route, input);
    for (const res of await Promise.all([
      x(chatRoomRoutes.list, { query: {} }),
      x(chatRoomRoutes.details, { query: { twId: room.id } }),
      x(chatRoomRoutes.messages, { body: { twId: room.id } }),
      x(chatRoomRoutes.leave, { query: { twId: room.id } }),
    ])) {
      expect(res.status).toBe(401);
    }
    // A socket opened before the deletion sends nothing more: its session is checked first (socket-authority).
    const ack = await emitAck(socket, 'SendMessage', {
      clientId: crypto.randomUUID(),
      twId: room.id,
      body: 'still here',
    });
    expect(ack).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    socket.disconnect();
    await refused;
  });

  it("answers refusals in the reader's language, over HTTP and on the socket", async () => {
    const [owner, a] = await Promise.all([member(t), member(t)]);
    const room = await group(owner, [a], 'Langue');
    const dup = await callAs(t, a, chatRoomRoutes.create, {
      headers: { 'accept-language': 'fr' },
      body: { type: 'group', name: 'langue', participants: [owner.id] },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(
      'Vous ou un autre utilisateur avez déjà créé un groupe portant ce nom. Choisissez un autre nom de groupe.',
    );
    const leave = await callAs(t, owner, chatRoomRoutes.leave, {
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
      query: { twId: room.id },
    });
    expect(leave.body.message).toBe('Le propriétaire ne peut pas quitter le groupe ; supprimez-le plutôt.');

    const outsider = await member(t);
    await t.app.db.updateTable('users').set({ language: 'fr' }).where('id', '=', outsider.id).execute();
    const socket = await openSocket(t, outsider);
    expect(await send(socket, room.id, 'bonjour')).toMatchObject({
      ok: false,
      code: 'CONVERSATION_UNAVAILABLE',
      message: "La conversation n'est pas disponible, veuillez réessayer.",
    });
  });

  it('disables a direct chat whose other party was deleted', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await directRoom(t, a, b);
    await t.app.db.updateTable('users').set({ deleted: 1 }).where('id', '=', b.id).execute();
    const view = (await callAs(t, a, chatRoomRoutes.details, { query: { twId: room.id } })).body.data.chatRoom;
    expect(view.disabled).toBe(true);
    const socket = await openSocket(t, a);
    expect(await send(socket, room.id, 'hello?')).toMatchObject({ ok: false, code: 'CONVERSATION_UNAVAILABLE' });
  });
});
