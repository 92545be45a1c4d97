import { chatRoomRoutes } from '@rounds/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, collect, member, openSocket, sentMessage } from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

/**
 * Fifty notified members acknowledge one URGENT message at the same instant: none is lost, on SQLite and on
 * PostgreSQL (where two transactions rewriting the message's attributes at once would otherwise drop one).
 */
const N = 50;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ URGENT_ESCALATION_SECONDS: '60' });
  await t.listen();
});
afterAll(() => t.close());
const { group } = conversations(() => t);

type Acks = { message: { id: string; attributes: { acknowledgements?: { userId: string }[] } } };

describe('acknowledgements at the same instant', () => {
  it(`keeps all ${N} acknowledgements fired at once`, { timeout: 60_000 }, async () => {
    const sender = await member(t, 'Grace');
    const staff = [];
    for (let i = 0; i < N; i++) staff.push(await member(t, `Nurse${i}`));
    const room = await group(sender, staff, 'Rapid response');
    const socket = await openSocket(t, sender);
    const events = collect<Acks>(socket, 'Acknowledged');
    const { id } = await sentMessage(socket, {
      twId: room.id,
      body: 'Code blue, ward 4',
      level: 'URGENT',
      notify: staff.map((s) => s.id),
    });

    const replies = await Promise.all(
      staff.map((s) => callAs(t, s, chatRoomRoutes.acknowledge, { body: { messageId: id } })),
    );
    expect(replies.map((r) => r.status)).toEqual(staff.map(() => 200));

    const everyone = staff.map((s) => s.id).sort();
    const ackers = (m: Acks['message']) => (m.attributes.acknowledgements ?? []).map((a) => a.userId).sort();
    // Stored: the message as the room reads it, and the rows.
    const stored = (
      await callAs(t, sender, chatRoomRoutes.messages, { body: { twId: room.id } })
    ).body.data.messages.find((m: Acks['message']) => m.id === id);
    expect(ackers(stored!)).toEqual(everyone);
    const rows = await t.app.db.selectFrom('acknowledgements').select('user_id').where('message_id', '=', id).execute();
    expect(rows).toHaveLength(N);
    // Live: one Acknowledged event per acknowledgement, the fullest of them naming all fifty.
    const fullest = await events.next((e) => ackers(e.message).length === N);
    expect(ackers(fullest.message)).toEqual(everyone);
    expect(events.seen).toHaveLength(N);
    // The escalation is off once everyone has acknowledged.
    const escalation = await t.app.db
      .selectFrom('escalations')
      .select('done_at')
      .where('message_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(escalation.done_at).not.toBeNull();
  });
});
