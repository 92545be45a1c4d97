import { describe, expect, it } from 'vitest';
import {
  applyCallPermissions,
  applyMessage,
  applyOthersRead,
  applyOwnRead,
  applyPresence,
  patchRoom,
  withoutRoom,
} from './rooms-cache';
import { hex, ids, message, room } from './test-fixtures';

const base = room({ lastSeq: 3, lastReadSeq: 3, lastMessage: message(3) });

describe('applyMessage', () => {
  it('moves the last message on and counts another’s message as unread', () => {
    const [next] = applyMessage([base], message(4), { me: ids.me, readNow: false })!;
    expect(next?.lastMessage?.seq).toBe(4);
    expect(next?.lastSeq).toBe(4);
    expect(next?.unreadCount).toBe(1);
  });

  it('counts nothing twice when the same message comes again', () => {
    const once = applyMessage([base], message(4), { me: ids.me, readNow: false })!;
    const twice = applyMessage(once, message(4), { me: ids.me, readNow: false })!;
    expect(twice).toBe(once);
    expect(twice[0]?.unreadCount).toBe(1);
  });

  it('does not count the user’s own message, nor one read at once, and marks them read', () => {
    const own = applyMessage([base], message(4, { author: ids.me }), { me: ids.me, readNow: false })!;
    expect(own[0]?.unreadCount).toBe(0);
    expect(own[0]?.lastReadSeq).toBe(4);
    const seen = applyMessage([{ ...base, unreadCount: 2 }], message(4), { me: ids.me, readNow: true })!;
    expect(seen[0]?.unreadCount).toBe(0);
  });

  it('does not count system lines', () => {
    const system = message(4, { author: null, attributes: { systemMessage: true } });
    expect(applyMessage([base], system, { me: ids.me, readNow: false })![0]?.unreadCount).toBe(0);
  });

  it('counts a missed call for those who missed it only', () => {
    const missed = (users: string[]) =>
      message(4, {
        author: null,
        attributes: {
          systemMessage: true,
          event: {
            type: 'callMissed',
            data: { initiator: { id: hex(7), fullName: 'Caller' }, users: users.map((id) => ({ id, fullName: 'X' })) },
          },
        },
      });
    expect(applyMessage([base], missed([ids.me]), { me: ids.me, readNow: false })![0]?.unreadCount).toBe(1);
    expect(applyMessage([base], missed([hex(8)]), { me: ids.me, readNow: false })![0]?.unreadCount).toBe(0);
    expect(applyMessage([base], missed([ids.me]), { me: ids.me, readNow: true })![0]?.unreadCount).toBe(0);
  });

  it('keeps the newer last message when an older one arrives late', () => {
    const ahead = room({ lastSeq: 6, lastMessage: message(6) });
    const [next] = applyMessage([ahead], message(5), { me: ids.me, readNow: false })!;
    expect(next?.lastMessage?.seq).toBe(6);
  });

  it('keeps the last message a person wrote as the preview when call lines follow it (issue 28)', () => {
    const urgent = room({ lastSeq: 3, lastReadSeq: 3, lastMessage: message(3, { body: 'BP 70/40' }) });
    const callLine = (seq: number) => message(seq, { author: null, attributes: { systemMessage: true } });
    const [afterCall] = applyMessage([urgent], callLine(4), { me: ids.me, readNow: false })!;
    expect(afterCall?.lastMessage?.body).toBe('BP 70/40');
    expect(afterCall?.lastSeq).toBe(4);
    expect(afterCall?.updatedAt).toBe(callLine(4).timetoken);
    // A room with nothing a person wrote shows its lines; a person's message then takes over.
    const [onlyLines] = applyMessage([room({ lastMessage: callLine(1), lastSeq: 1 })], callLine(2), {
      me: ids.me,
      readNow: false,
    })!;
    expect(onlyLines?.lastMessage?.seq).toBe(2);
    const [written] = applyMessage([afterCall!], message(5, { body: 'On my way' }), { me: ids.me, readNow: false })!;
    expect(written?.lastMessage?.body).toBe('On my way');
  });

  it('answers null for a room the list does not have', () => {
    expect(applyMessage([base], message(1, { twId: hex(99) }), { me: ids.me, readNow: false })).toBeNull();
  });
});

describe('applyOwnRead', () => {
  it('takes the server’s count from the reader’s own event', () => {
    const rooms = [room({ lastSeq: 10, lastReadSeq: 2, unreadCount: 8 })];
    expect(applyOwnRead(rooms, ids.room, 8, 2)[0]).toMatchObject({ lastReadSeq: 8, unreadCount: 2 });
  });

  it('clears the count when read to the end without a count', () => {
    const rooms = [room({ lastSeq: 10, lastReadSeq: 2, unreadCount: 8 })];
    expect(applyOwnRead(rooms, ids.room, 10, undefined)[0]?.unreadCount).toBe(0);
  });

  it('never moves the read marker back', () => {
    const rooms = [room({ lastSeq: 10, lastReadSeq: 9, unreadCount: 1 })];
    expect(applyOwnRead(rooms, ids.room, 4, undefined)).toBe(rooms);
  });
});

describe('applyPresence', () => {
  const participant = {
    id: ids.other,
    firstName: 'Liam',
    lastName: 'Hebert',
    fullName: 'Liam Hebert',
    avatar: null,
    chatStatus: 1 as const,
    connected: true,
    deleted: false,
    calls: { voice: true, video: false },
  };

  it('updates the person and the direct chat’s status, Offline when not connected', () => {
    const rooms = [room({ participants: [participant], chatStatus: 1 })];
    const [next] = applyPresence(rooms, { userId: ids.other, chatStatus: 3, connected: false }, ids.me);
    expect(next?.participants[0]).toMatchObject({ chatStatus: 3, connected: false });
    expect(next?.chatStatus).toBe(4);
  });

  it('follows a room mate’s call permissions, and keeps the list when nothing changed', () => {
    const rooms = [room({ participants: [participant] })];
    const [next] = applyCallPermissions(rooms, { userId: ids.other, video: true });
    expect(next?.participants[0]?.calls).toEqual({ voice: true, video: true });
    expect(applyCallPermissions(rooms, { userId: ids.other, voice: true })).toBe(rooms);
    expect(applyCallPermissions(rooms, { userId: hex(55), voice: false })).toBe(rooms);
  });

  it('returns the same list when nobody in it changed', () => {
    const rooms = [room({ participants: [participant] })];
    expect(applyPresence(rooms, { userId: ids.other, chatStatus: 1, connected: true }, ids.me)).toBe(rooms);
    expect(applyPresence(rooms, { userId: hex(55), chatStatus: 2, connected: true }, ids.me)).toBe(rooms);
  });
});

describe('patchRoom and withoutRoom', () => {
  it('patches one room and removes one', () => {
    const rooms = [room(), room({ twId: ids.room2, id: ids.room2 })];
    expect(patchRoom(rooms, ids.room2, { muted: true })[1]?.muted).toBe(true);
    expect(patchRoom(rooms, hex(77), { muted: true })).toBe(rooms);
    expect(withoutRoom(rooms, ids.room).map((r) => r.twId)).toEqual([ids.room2]);
  });
});

describe('applyOthersRead', () => {
  it('moves the read ticks of a direct chat forward, never back, and leaves groups for the next load', () => {
    const direct = [room({ type: 'direct', readByOthersSeq: 2 })];
    expect(applyOthersRead(direct, ids.room, 5)[0]!.readByOthersSeq).toBe(5);
    expect(applyOthersRead(direct, ids.room, 1)[0]!.readByOthersSeq).toBe(2);
    const group = [room({ type: 'group', readByOthersSeq: 2 })];
    expect(applyOthersRead(group, ids.room, 5)[0]!.readByOthersSeq).toBe(2);
  });
});
