import { describe, expect, it } from 'vitest';
import { dayStart } from './days';
import type { TOutboxEntry } from './outbox-entry';
import { ids, message } from './test-fixtures';
import { buildTimeline } from './timeline';

const pending = (clientId: string, createdAt: number, patch: Partial<TOutboxEntry> = {}): TOutboxEntry => ({
  clientId,
  twId: ids.room,
  userId: ids.me,
  body: 'pending',
  createdAt,
  error: null,
  ...patch,
});

const options = { me: ids.me, isGroup: true, dayOf: dayStart };
const day = (y: number, m: number, d: number, h = 10) => new Date(y, m, d, h).getTime();

describe('buildTimeline', () => {
  it('separates days and shows the author once per run in a group', () => {
    const items = buildTimeline(
      [
        message(1, { timetoken: day(2025, 2, 3, 9) }),
        message(2, { timetoken: day(2025, 2, 3, 10) }),
        message(3, { timetoken: day(2025, 2, 4, 8) }),
        message(4, { timetoken: day(2025, 2, 4, 9), author: ids.me, authorName: 'Me' }),
      ],
      [],
      options,
    );
    expect(items.map((item) => item.kind)).toEqual(['day', 'message', 'message', 'day', 'message', 'message']);
    const shown = items.flatMap((item) => (item.kind === 'message' ? [item.showAuthor] : []));
    expect(shown).toEqual([true, false, true, false]);
  });

  it('heads a run written as a duty role with the role, mine too, and starts a new run when the voice changes', () => {
    const items = buildTimeline(
      [
        message(1, { asRole: 'Cardiology on call' }),
        message(2, { asRole: 'Cardiology on call' }),
        message(3),
        message(4, { author: ids.me, authorName: 'Me', asRole: 'Cardiology on call' }),
        message(5, { author: ids.me, authorName: 'Me' }),
      ],
      [],
      options,
    );
    const shown = items.flatMap((item) => (item.kind === 'message' ? [item.showAuthor] : []));
    expect(shown).toEqual([true, false, true, true, false]);
  });

  it('never shows the author in a direct chat', () => {
    const items = buildTimeline([message(1)], [], { ...options, isGroup: false });
    expect(items.some((item) => item.kind === 'message' && item.showAuthor)).toBe(false);
  });

  it('puts pending sends last, oldest first, and drops one whose stored copy arrived', () => {
    const at = day(2025, 2, 3, 11);
    const stored = message(5, { author: ids.me, clientId: 'sent', timetoken: at });
    const items = buildTimeline(
      [message(1, { timetoken: at }), stored],
      [pending('later', at + 2), pending('sent', at), pending('earlier', at + 1)],
      options,
    );
    expect(items.map((item) => item.key)).toEqual([
      `day-${dayStart(at)}`,
      `m-${message(1).id}`,
      'c-sent',
      'c-earlier',
      'c-later',
    ]);
  });

  it('gives a sent message the key of its pending bubble, so it is updated in place', () => {
    const entry = pending('abc', day(2025, 2, 3));
    const before = buildTimeline([], [entry], options).at(-1);
    const after = buildTimeline([message(1, { author: ids.me, clientId: 'abc' })], [], options).at(-1);
    expect(before?.key).toBe('c-abc');
    expect(after?.key).toBe('c-abc');
  });

  it('renders system messages as their own kind, not as someone’s bubble', () => {
    const items = buildTimeline([message(1, { author: null, attributes: { systemMessage: true } })], [], options);
    expect(items.map((item) => item.kind)).toEqual(['day', 'system']);
  });

  it('folds the lines of one call into one item, and keeps separate calls and other lines apart (issue 28)', () => {
    const call = (seq: number, type: 'callInit' | 'callAccepted' | 'callLeft' | 'callEnded' | 'callMissed') =>
      message(seq, {
        author: null,
        attributes: {
          systemMessage: true,
          event: { type, data: { initiator: { id: ids.other, fullName: 'Liam' }, users: [], callType: 'voice' } },
        },
      });
    const added = message(9, {
      author: null,
      attributes: {
        systemMessage: true,
        event: { type: 'added', data: { initiator: { id: ids.other, fullName: 'Liam' }, users: [] } },
      },
    });
    const items = buildTimeline(
      [
        message(1),
        call(2, 'callInit'),
        call(3, 'callAccepted'),
        call(4, 'callLeft'),
        call(5, 'callEnded'),
        call(6, 'callInit'),
        call(7, 'callMissed'),
        message(8),
        added,
        call(10, 'callInit'),
      ],
      [],
      options,
    );
    expect(items.map((item) => item.kind)).toEqual(['day', 'message', 'call', 'call', 'message', 'system', 'system']);
    const calls = items.flatMap((item) => (item.kind === 'call' ? [item.messages.map((m) => m.seq)] : []));
    expect(calls).toEqual([
      [2, 3, 4, 5],
      [6, 7],
    ]);
  });
});
