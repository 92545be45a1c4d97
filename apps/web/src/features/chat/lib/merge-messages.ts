import type { TMessage } from '@rounds/contracts/chat';

/**
 * A room's messages as the client keeps them: one entry per stored message (keyed by id), ordered by the
 * room's sequence. Whatever the source (the first page, older pages, catch-up after a reconnect, the socket,
 * a send's acknowledgement), everything goes through here, so a message never shows twice.
 */
export function mergeMessages(current: readonly TMessage[], incoming: readonly TMessage[]): TMessage[] {
  if (incoming.length === 0) return current as TMessage[];
  const last = current.at(-1);
  // The common case, one new message at the end, without rebuilding the whole list.
  if (incoming.length === 1 && (!last || incoming[0]!.seq > last.seq)) return [...current, incoming[0]!];
  const byId = new Map<string, TMessage>();
  for (const message of current) byId.set(message.id, message);
  // A newer copy of a message wins: the same id with different content is the server's later word.
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

export function withoutMessage(current: readonly TMessage[], messageId: string): TMessage[] {
  const next = current.filter((message) => message.id !== messageId);
  return next.length === current.length ? (current as TMessage[]) : next;
}

/** The highest seq held, 0 for none: what a catch-up asks to continue from. */
export function lastSeqOf(messages: readonly TMessage[]): number {
  return messages.at(-1)?.seq ?? 0;
}
