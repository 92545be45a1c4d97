import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, directRoom, emitAck, member, onPresence, openSocket, settle } from '../../../test/support/chat';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

/**
 * Presence goes only to those who can see it: the people sharing a room with the user and the tabs showing a
 * contact list (WatchPresence); changes within one tick reach each of them as one event.
 */
type Presence = { userId: string; chatStatus: number; connected: boolean };
const PRESENCE = ['UserOnline', 'UserOffline', 'ChatStatusChanged', 'PresenceBatch'] as const;

let t: TestApp;
beforeAll(async () => {
  // A long tick, so the changes a test makes together surely fall into one, even on a busy machine.
  t = await createTestApp({}, { presenceTickMs: 1_000 });
  await t.listen();
});
afterAll(async () => {
  await t?.close();
});

/** Every presence change a socket is told, as [event name, change], and the socket.io events that carried them. */
function hear(socket: Awaited<ReturnType<typeof openSocket>>) {
  const heard: [string, Presence][] = [];
  const events: string[] = [];
  for (const name of PRESENCE) socket.on(name, () => events.push(name));
  onPresence(socket, ({ event, ...change }) => heard.push([event, change]));
  return { heard, events, about: (id: string) => heard.filter(([, c]) => c.userId === id) };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await settle(50);
  expect(check()).toBe(true);
}

describe('presence audience', () => {
  it('tells room members and contact-list watchers, not a stranger', async () => {
    const [bob, mate, watcher, stranger] = await Promise.all([
      member(t, 'Bob'),
      member(t, 'Mate'),
      member(t, 'Watcher'),
      member(t, 'Stranger'),
    ]);
    await directRoom(t, mate, bob);
    const [mateSocket, watcherSocket, strangerSocket] = await Promise.all([
      openSocket(t, mate),
      openSocket(t, watcher),
      openSocket(t, stranger),
    ]);
    const [toMate, toWatcher, toStranger] = [hear(mateSocket), hear(watcherSocket), hear(strangerSocket)];
    // Each has been told of their own arrival: what follows falls in ticks of its own.
    await until(() => [toMate, toWatcher, toStranger].every((h) => h.heard.length > 0));
    expect(await emitAck(watcherSocket, 'WatchPresence', { watching: true })).toEqual({ ok: true });
    const names = (h: typeof toMate) => h.about(bob.id).map(([name, c]) => `${name} ${c.chatStatus}`);

    const bobSocket = await openSocket(t, bob);
    await until(() => names(toMate).length === 1 && names(toWatcher).length === 1);
    expect(toMate.about(bob.id)[0]).toEqual(['UserOnline', { userId: bob.id, chatStatus: 1, connected: true }]);
    expect(await emitAck(bobSocket, 'ChangeChatStatus', { chatStatus: 3 })).toEqual({ ok: true });
    await until(() => names(toMate).length === 2);
    bobSocket.disconnect();
    await until(() => names(toMate).length === 3 && names(toWatcher).length === 3);
    expect(names(toMate)).toEqual(['UserOnline 1', 'ChatStatusChanged 3', 'UserOffline 4']);
    expect(names(toWatcher)).toEqual(names(toMate));
    await settle(1_200);
    expect(names(toStranger)).toEqual([]);

    // The watcher closes the contact list: Bob is a stranger to them again.
    expect(await emitAck(watcherSocket, 'WatchPresence', { watching: false })).toEqual({ ok: true });
    const again = await openSocket(t, bob);
    await until(() => names(toMate).length === 4);
    await settle(1_200);
    expect(names(toWatcher)).toHaveLength(3);
    expect(names(toStranger)).toEqual([]);
    again.disconnect();
  });

  it('tells the user’s own tabs about their status', async () => {
    const bob = await member(t, 'Bob');
    const [first, second] = await Promise.all([openSocket(t, bob), openSocket(t, bob)]);
    await collect<Presence>(second, 'UserOnline').next((p) => p.userId === bob.id);
    const status = collect<Presence>(second, 'ChatStatusChanged');
    await emitAck(first, 'ChangeChatStatus', { chatStatus: 2 });
    expect(await status.next()).toEqual({ userId: bob.id, chatStatus: 2, connected: true });
  });

  it('gathers the changes of one tick into one event per recipient', async () => {
    const [mate, ...others] = await Promise.all([member(t, 'Mate'), member(t, 'A'), member(t, 'B'), member(t, 'C')]);
    for (const o of others) await directRoom(t, mate, o);
    const mateSocket = await openSocket(t, mate);
    // The mate's own arrival is told to the mate's tab first, in a tick of its own.
    await collect<Presence>(mateSocket, 'UserOnline').next((p) => p.userId === mate.id);
    const toMate = hear(mateSocket);
    await Promise.all(others.map((o) => openSocket(t, o)));
    const batch = collect<{ changes: (Presence & { event: string })[] }>(mateSocket, 'PresenceBatch');
    const got = await batch.next();
    expect(got.changes.map((c) => c.userId).sort()).toEqual(others.map((o) => o.id).sort());
    expect(got.changes.every((c) => c.connected && c.event === 'UserOnline')).toBe(true);
    await settle(1_200);
    expect(toMate.events).toEqual(['PresenceBatch']);
  });
});
