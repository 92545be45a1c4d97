import type { TContact } from '@rounds/contracts/contacts';
import { CHAT_STATUS } from '@rounds/contracts/user';
import { describe, expect, it } from 'vitest';
import { withPresence } from './presence';

const contact = (id: string, connected = true) =>
  ({
    id,
    firstName: id,
    lastName: 'X',
    chatStatus: connected ? CHAT_STATUS.Available : CHAT_STATUS.Offline,
    connected,
  }) as TContact;

describe('presence in the contact list', () => {
  const list = [contact('a'), contact('b', false)];

  it('updates the one contact in place', () => {
    const next = withPresence(list, { userId: 'a', chatStatus: CHAT_STATUS.DoNotDisturb, connected: true });
    expect(next.map((c) => [c.id, c.chatStatus, c.connected])).toEqual([
      ['a', CHAT_STATUS.DoNotDisturb, true],
      ['b', CHAT_STATUS.Offline, false],
    ]);
    expect(next[1]).toBe(list[1]);
    const online = withPresence(list, { userId: 'b', chatStatus: CHAT_STATUS.Away, connected: true });
    expect(online[1]).toMatchObject({ chatStatus: CHAT_STATUS.Away, connected: true });
  });

  it('returns the same list for unknown users, no change, or no list', () => {
    expect(withPresence(list, { userId: 'zz', chatStatus: CHAT_STATUS.Away, connected: true })).toBe(list);
    expect(withPresence(list, { userId: 'a', chatStatus: CHAT_STATUS.Available, connected: true })).toBe(list);
    expect(withPresence(undefined, { userId: 'a', chatStatus: CHAT_STATUS.Away, connected: true })).toBeUndefined();
  });
});
