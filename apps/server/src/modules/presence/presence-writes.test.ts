import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, openSocket, settle } from '../../../test/support/chat';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { PRESENCE_WRITE_GATHER_MS } from './presence.service';

/**
 * A restart brings thousands of sockets back at once: their presence rows are written together, one write at
 * most every PRESENCE_WRITE_GATHER_MS while they keep coming, instead of one durable commit per socket or two.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
});
afterAll(async () => {
  await t?.close();
});

/** The presence rows of these users: each write stamps its rows with one time. */
const rowsOf = (userIds: string[]) =>
  t.app.db.selectFrom('presence').select(['user_id', 'connected_at']).where('user_id', 'in', userIds).execute();

describe('presence writes', () => {
  it('writes a crowd connecting together in few writes, spaced, and every socket gets its row', async () => {
    const crowd = await Promise.all(Array.from({ length: 24 }, (_, i) => member(t, `Crowd${i}`)));
    const ids = crowd.map((m) => m.id);
    await Promise.all(crowd.map((m) => openSocket(t, m)));
    for (let i = 0; i < 100 && (await rowsOf(ids)).length < ids.length; i++) await settle(50);
    const rows = await rowsOf(ids);
    expect(rows.map((r) => r.user_id).sort()).toEqual([...ids].sort());

    const writes = [...new Set(rows.map((r) => Number(r.connected_at)))].sort((a, b) => a - b);
    expect(writes.length).toBeLessThan(ids.length);
    // Timers may fire a millisecond off the wall clock the rows are stamped with.
    for (let i = 1; i < writes.length; i++) {
      expect(writes[i]! - writes[i - 1]!).toBeGreaterThanOrEqual(PRESENCE_WRITE_GATHER_MS - 2);
    }
  });

  it('writes a socket connecting after a quiet moment promptly', async () => {
    const alone = await member(t, 'Alone');
    await settle(PRESENCE_WRITE_GATHER_MS * 2);
    const before = Date.now();
    await openSocket(t, alone);
    for (let i = 0; i < 100 && (await rowsOf([alone.id])).length === 0; i++) await settle(5);
    const [row] = await rowsOf([alone.id]);
    // Written as soon as it connected: well within the gathering delay a storm would add, even on a busy machine.
    expect(Number(row!.connected_at) - before).toBeLessThan(PRESENCE_WRITE_GATHER_MS + 200);
  });
});
