import { describe, expect, it } from 'vitest';
import { lastSeqOf, mergeMessages, withoutMessage } from './merge-messages';
import { message } from './test-fixtures';

const seqs = (list: { seq: number }[]) => list.map((m) => m.seq);

describe('mergeMessages', () => {
  it('appends a newer message', () => {
    expect(seqs(mergeMessages([message(1), message(2)], [message(3)]))).toEqual([1, 2, 3]);
  });

  it('never holds a message twice (socket and catch-up both deliver it)', () => {
    const merged = mergeMessages([message(1), message(2), message(3)], [message(2), message(3), message(4)]);
    expect(seqs(merged)).toEqual([1, 2, 3, 4]);
  });

  it('orders by seq whatever order pages arrive in', () => {
    const merged = mergeMessages([message(5), message(6)], [message(1), message(3), message(2)]);
    expect(seqs(merged)).toEqual([1, 2, 3, 5, 6]);
  });

  it('puts a late message in its place when it fills a hole', () => {
    expect(seqs(mergeMessages([message(1), message(3)], [message(2)]))).toEqual([1, 2, 3]);
  });

  it('keeps the newer copy of the same id', () => {
    const merged = mergeMessages([message(1, { body: 'old' })], [message(1, { body: 'new' })]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.body).toBe('new');
  });

  it('returns the same array when there is nothing to add', () => {
    const list = [message(1)];
    expect(mergeMessages(list, [])).toBe(list);
  });
});

describe('withoutMessage and lastSeqOf', () => {
  it('removes by id and keeps the list when the id is unknown', () => {
    const list = [message(1), message(2)];
    expect(seqs(withoutMessage(list, message(1).id))).toEqual([2]);
    expect(withoutMessage(list, 'nope')).toBe(list);
  });

  it('gives 0 for an empty room', () => {
    expect(lastSeqOf([])).toBe(0);
    expect(lastSeqOf([message(1), message(7)])).toBe(7);
  });
});
