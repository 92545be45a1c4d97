import { CALL_SYSTEM_EVENTS } from '@rounds/contracts/calls';
import type { TMessage } from '@rounds/contracts/chat';
import type { TOutboxEntry } from './outbox-entry';

export type TTimelineItem =
  | { kind: 'day'; key: string; at: number }
  | { kind: 'system'; key: string; message: TMessage }
  /** The lines of one call (started, answered, left, ended), shown as one line that opens to show them. */
  | { kind: 'call'; key: string; messages: TMessage[] }
  | { kind: 'message'; key: string; message: TMessage; own: boolean; showAuthor: boolean }
  | { kind: 'pending'; key: string; entry: TOutboxEntry };

/** The lines after which a call is over: the next call line belongs to another call. */
const CALL_OVER = new Set<string>(['callEnded', 'callMissed', 'callAborted']);

type TTimelineOptions = { me: string | undefined; isGroup: boolean; dayOf: (at: number) => number };

/**
 * What the message list draws, in order: stored messages by seq, then this user's sends still waiting for
 * the server, with a separator wherever the day changes. A send whose stored copy has arrived (matched by
 * its client id) is shown once, as the stored message. A sent message keeps the key of its pending bubble
 * (the client id), so the bubble is updated in place rather than redrawn.
 */
export function buildTimeline(
  messages: readonly TMessage[],
  pending: readonly TOutboxEntry[],
  { me, isGroup, dayOf }: TTimelineOptions,
): TTimelineItem[] {
  const items: TTimelineItem[] = [];
  let day: number | undefined;
  let previousAuthor: string | null | undefined;
  const startDay = (at: number) => {
    const next = dayOf(at);
    if (next === day) return;
    day = next;
    previousAuthor = undefined;
    items.push({ kind: 'day', key: `day-${next}`, at });
  };

  // The call whose lines are being read: later lines of the same call join its item while nothing else
  // came between (issue 28: four lines per call buried the clinical messages).
  let call: { index: number; messages: TMessage[]; over: boolean } | undefined;
  const stored = new Set<string>();
  for (const message of messages) {
    startDay(message.timetoken);
    if (message.attributes.systemMessage) {
      const type = message.attributes.event?.type ?? '';
      // Screen shares happen within a call: their lines belong to it too.
      const isCall = (CALL_SYSTEM_EVENTS as readonly string[]).includes(type);
      if (isCall && call && !call.over && type !== 'callInit' && call.index === items.length - 1) {
        call.messages.push(message);
        call.over = CALL_OVER.has(type);
        const first = call.messages[0]!;
        items[call.index] = { kind: 'call', key: `m-${first.id}`, messages: call.messages };
      } else {
        items.push({ kind: 'system', key: `m-${message.id}`, message });
        call = isCall ? { index: items.length - 1, messages: [message], over: CALL_OVER.has(type) } : undefined;
      }
      previousAuthor = undefined;
      continue;
    }
    call = undefined;
    const own = message.author !== null && message.author === me;
    if (own) stored.add(message.clientId);
    items.push({
      kind: 'message',
      key: own ? `c-${message.clientId}` : `m-${message.id}`,
      message,
      own,
      // Who spoke, and as which duty role (issue 25): "Dr Roy as Cardiology on call" heads each run, mine too.
      showAuthor: isGroup && (!own || message.asRole !== undefined) && voiceOf(message) !== previousAuthor,
    });
    previousAuthor = voiceOf(message);
  }

  for (const entry of [...pending].sort((a, b) => a.createdAt - b.createdAt)) {
    if (stored.has(entry.clientId)) continue;
    startDay(entry.createdAt);
    items.push({ kind: 'pending', key: `c-${entry.clientId}`, entry });
    previousAuthor = me;
  }
  return items;
}

/** A run of messages is one author writing as one voice: themselves, or a duty role they hold. */
const voiceOf = (message: TMessage) => `${message.author}|${message.asRole ?? ''}`;
