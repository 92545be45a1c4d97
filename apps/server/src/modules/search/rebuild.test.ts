import { chatRoomRoutes } from '@rounds/contracts/chat';
import { searchRoutes } from '@rounds/contracts/search';
import { describe, expect, it } from 'vitest';
import { callAs, member } from '../../../test/support/chat';
import { type TestApp, useTestApp } from '../../../test/support/test-app';
import { rebuildIndex } from './rebuild';

let t: TestApp;
useTestApp(
  (app) => {
    t = app;
  },
  {},
  { listen: false },
);

describe('rebuilding the search index', () => {
  it('indexes existing messages again, leaving removed ones out, and reports its progress', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = (
      await callAs(t, a, chatRoomRoutes.create, { body: { type: 'group', name: 'Rebuild ward', participants: [b.id] } })
    ).body.data.chatRoom;
    const send = async (body: string) => {
      const r = await t.app.chat.writer.send({ userId: a.id, clientId: crypto.randomUUID(), twId: room.id, body });
      if (!r.ok) throw r.error;
      return r.message;
    };
    const kept = await send('Dobutamine infusion running');
    const removed = await send('Dobutamine wrong room');
    await callAs(t, a, chatRoomRoutes.removeMessage, { body: { twId: room.id, messageId: removed.id } });
    const found = async () =>
      (await callAs(t, b, searchRoutes.messages, { query: { q: 'dobutamine' } })).body.results.map((r) => r.message.id);
    // Data written before the index existed: nothing to find.
    await t.app.db.deleteFrom('message_terms').execute();
    expect(await found()).toEqual([]);

    const seen: [number, number][] = [];
    const result = await rebuildIndex(t.app.db, t.app.messageSearch, (done, total) => seen.push([done, total]));
    expect(await found()).toEqual([kept.id]);
    expect(result.messages).toBeGreaterThanOrEqual(3);
    expect(seen[0]).toEqual([0, result.messages]);
    expect(seen.at(-1)).toEqual([result.messages, result.messages]);
  });
});
