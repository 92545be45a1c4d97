import { chatRoomRoutes, ZChatRoomReply } from '@rounds/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, emitAck, member, openSocket } from '../../test/support/chat';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/** realtime/socket-handler.ts: every client event is counted, authorized and parsed, and refused in one shape. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
});
afterAll(() => t.close());

const refusal = (code: string, message: string | RegExp) => ({
  ok: false,
  code,
  message: typeof message === 'string' ? message : expect.stringMatching(message),
});

describe('socket-handler', () => {
  it('refuses chat, presence and Ping alike: { ok: false, message, code }, in the reader language', async () => {
    const ana = await member(t, 'Ana');
    const socket = await openSocket(t, ana);
    // Malformed payloads, whatever the module: the field named, nothing else in the reply.
    expect(await emitAck(socket, 'SendMessage', 'nonsense')).toEqual(refusal('VALIDATION_ERROR', /.+/));
    expect(await emitAck(socket, 'ChangeChatStatus', { chatStatus: 9 })).toEqual(
      refusal('VALIDATION_ERROR', /^chatStatus: /),
    );
    expect(await emitAck(socket, 'Ping', 'x')).toEqual(refusal('VALIDATION_ERROR', /.+/));
    expect(await emitAck(socket, 'ReadMessage', { twId: 'nope', seq: 1 })).toEqual(
      refusal('VALIDATION_ERROR', /^twId: /),
    );
    // Successes keep their shapes.
    expect(await emitAck(socket, 'ChangeChatStatus', { chatStatus: 3 })).toEqual({ ok: true });
    expect(await emitAck(socket, 'Ping', { at: 1 })).toEqual({ at: expect.any(Number) });

    // A French reader gets the French texts, from the service's refusals and the handler's own.
    const leo = await member(t, 'Léo');
    await t.app.db.updateTable('users').set({ language: 'fr' }).where('id', '=', leo.id).execute();
    const fr = await openSocket(t, leo);
    const room = ZChatRoomReply.parse(
      (
        await callAs(t, ana, chatRoomRoutes.create, {
          body: { type: 'direct', participants: [(await member(t, 'Bo')).id] },
        })
      ).body,
    ).data.chatRoom;
    expect(await emitAck(fr, 'Typing', { twId: room.id })).toEqual(
      refusal('CONVERSATION_UNAVAILABLE', "La conversation n'est pas disponible, veuillez réessayer."),
    );
    expect(await emitAck(fr, 'SendMessage', { clientId: crypto.randomUUID(), twId: room.id, body: ' ' })).toEqual(
      refusal('VALIDATION_ERROR', 'body: Obligatoire'),
    );
  });

  it('counts every client event against a per-user budget: a burst of 700 is mostly refused', async () => {
    const max = t.config.SOCKET_RATE_LIMIT_MAX;
    const eve = await member(t, 'Eve');
    // Two tabs share the one budget of their user.
    const [tab1, tab2] = await Promise.all([openSocket(t, eve), openSocket(t, eve)]);
    const replies = await Promise.all(
      Array.from({ length: 700 }, (_, i) =>
        emitAck<{ ok?: boolean; code?: string; message?: string; at?: number }>(i % 2 ? tab1 : tab2, 'Ping', {}),
      ),
    );
    const refused = replies.filter((r) => r.code === 'RATE_LIMITED');
    expect(replies.filter((r) => typeof r.at === 'number')).toHaveLength(max);
    expect(refused).toHaveLength(700 - max);
    expect(refused.length).toBeGreaterThan(350);
    expect(refused[0]).toEqual(refusal('RATE_LIMITED', /^Too many requests, please try again in \d+ seconds\.$/));
    // Chat events are counted too, and refused before they reach the chat.
    expect(await emitAck(tab1, 'Typing', { twId: '0'.repeat(24) })).toMatchObject({ code: 'RATE_LIMITED' });
    // Another user's budget is untouched.
    expect(await emitAck(await openSocket(t, await member(t, 'Fay')), 'Ping', {})).toEqual({ at: expect.any(Number) });
  });
});
