import { describe, expect, it } from 'vitest';
import { ackSummary } from './acknowledgements';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
const C = 'c'.repeat(24);

const urgent = (acks: string[]) => ({
  author: A,
  attributes: {
    important: true,
    level: 'URGENT' as const,
    notify: [B, C],
    acknowledgements: acks.map((userId, i) => ({ userId, timetoken: 100 - i })),
  },
});

describe('ackSummary', () => {
  it('counts who acknowledged and who has not yet', () => {
    const summary = ackSummary(urgent([B]), A);
    expect(summary).toMatchObject({ priority: true, level: 'URGENT', waiting: [C], complete: false });
    expect(summary.acknowledged.map((ack) => ack.userId)).toEqual([B]);
    expect(summary.mayAcknowledge).toBe(false);
  });

  it('is complete once acknowledgements reach the number notified', () => {
    expect(ackSummary(urgent([B, C]), A).complete).toBe(true);
    // Ordered by time, oldest first.
    expect(ackSummary(urgent([B, C]), A).acknowledged.map((ack) => ack.userId)).toEqual([C, B]);
  });

  it('offers Acknowledge only to a notified member who has not', () => {
    expect(ackSummary(urgent([]), B).mayAcknowledge).toBe(true);
    expect(ackSummary(urgent([B]), B).mayAcknowledge).toBe(false);
    expect(ackSummary(urgent([]), 'd'.repeat(24)).mayAcknowledge).toBe(false);
  });

  it('defaults to IMPORTANT and treats a plain message as not priority', () => {
    expect(ackSummary({ author: A, attributes: { important: true, notify: [B] } }, B).level).toBe('IMPORTANT');
    expect(ackSummary({ author: A, attributes: {} }, B)).toMatchObject({ priority: false, mayAcknowledge: false });
  });
});
