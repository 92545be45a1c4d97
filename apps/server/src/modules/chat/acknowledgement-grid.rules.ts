import type { TAckGridCounts, TAckGridEntry, TAckGridState } from '@rounds/contracts/chat';

export type GridFacts = {
  userId: string;
  fullName: string;
  lastReadSeq: number;
  deliveredSeq: number;
  readAt: number | null;
  acknowledgedAt: number | null;
};

/**
 * The furthest state a recipient reached: an acknowledgement outranks a read, a read a delivery (reading
 * implies the message arrived even if no delivery was reported, e.g. an older client).
 */
export function gridState(f: GridFacts, seq: number): { state: TAckGridState; at: number | null } {
  if (f.acknowledgedAt !== null) return { state: 'acknowledged', at: f.acknowledgedAt };
  if (f.lastReadSeq >= seq || f.readAt !== null) return { state: 'read', at: f.readAt };
  if (f.deliveredSeq >= seq) return { state: 'delivered', at: null };
  return { state: 'notReached', at: null };
}

const RANK: Record<TAckGridState, number> = { notReached: 0, delivered: 1, read: 2, acknowledged: 3 };
// One collator for every comparison: String#localeCompare builds one per call, which a grid of 2,000 pays
// some 20,000 times.
const byName = new Intl.Collator('en', { sensitivity: 'base' }).compare;

/**
 * The grid of a priority message: its notified members still in the room, those still waiting first (not
 * reached, then delivered, then read), each state by name; acknowledged last, earliest first. The counts on top.
 */
export function buildGrid(
  facts: readonly GridFacts[],
  notify: readonly string[],
  seq: number,
): { counts: TAckGridCounts; recipients: TAckGridEntry[] } {
  const notified = new Set(notify);
  const counts: TAckGridCounts = { acknowledged: 0, read: 0, delivered: 0, notReached: 0 };
  const recipients = facts
    .filter((f) => notified.has(f.userId))
    .map((f) => {
      const { state, at } = gridState(f, seq);
      counts[state] += 1;
      return { userId: f.userId, fullName: f.fullName, state, at };
    })
    .sort(
      (a, b) =>
        RANK[a.state] - RANK[b.state] ||
        (a.at ?? 0) - (b.at ?? 0) ||
        byName(a.fullName, b.fullName) ||
        (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
    );
  return { counts, recipients };
}
