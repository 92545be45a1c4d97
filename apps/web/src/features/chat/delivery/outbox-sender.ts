import { useSession } from '../../../lib/session-store';
import { isSocketConnected } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { emitSendMessage } from '../api/send-message';
import { resetTyping } from '../api/send-typing';
import type { TOutboxEntry, TSendExtras } from '../lib/outbox-entry';
import { useOutbox } from '../stores/outbox';
import { receiveMessage } from './receive';

/** An unanswered send (the server slow, not gone) is tried again after this long. */
const RETRY_MS = 3_000;

/** Client ids waiting in or running through a room's queue: a flush never queues one twice. */
const queued = new Set<string>();
/** One queue per room, so a room's messages reach the server in the order they were written. */
const queues = new Map<string, Promise<void>>();

/**
 * Sends a message (ARCHITECTURE.md, delivery model): it shows at once as pending, keyed by a clientId of
 * its own, and goes out over the socket; the acknowledgement (or its NewMessage, whichever comes first)
 * replaces it with the stored message. Without a connection it waits in the outbox for the next one.
 */
export function sendMessage(twId: string, body: string, extras: TSendExtras = {}): void {
  const userId = useSession.getState().user?.id;
  if (!userId) return;
  const entry: TOutboxEntry = {
    clientId: crypto.randomUUID(),
    twId,
    userId,
    body,
    createdAt: Date.now(),
    error: null,
    ...extras,
  };
  useOutbox.getState().add(entry);
  resetTyping(twId);
  enqueue(entry);
}

/**
 * A refused message, sent again as it was, with the same clientId; toEscalationTarget: to the escalation
 * target its refusal named (a role nobody holds).
 */
export function retrySend(clientId: string, toEscalationTarget?: boolean): void {
  useOutbox.getState().retry(clientId, toEscalationTarget);
  const entry = useOutbox.getState().entries.find((e) => e.clientId === clientId);
  if (entry) enqueue(entry);
}

export function discardSend(clientId: string): void {
  useOutbox.getState().settle(clientId);
}

/** On every (re)connection: everything of this user still pending goes out again, oldest first. */
export function flushOutbox(): void {
  const userId = useSession.getState().user?.id;
  const pending = useOutbox
    .getState()
    .entries.filter((entry) => entry.userId === userId && entry.error === null)
    .sort((a, b) => a.createdAt - b.createdAt);
  for (const entry of pending) enqueue(entry);
}

function enqueue(entry: TOutboxEntry): void {
  if (queued.has(entry.clientId)) return;
  queued.add(entry.clientId);
  const previous = queues.get(entry.twId) ?? Promise.resolve();
  const next = previous
    .then(() => attempt(entry.clientId))
    .catch(() => undefined)
    .finally(() => {
      queued.delete(entry.clientId);
      if (queues.get(entry.twId) === next) queues.delete(entry.twId);
    });
  queues.set(entry.twId, next);
}

async function attempt(clientId: string): Promise<void> {
  const entry = useOutbox.getState().entries.find((e) => e.clientId === clientId);
  // Settled meanwhile (its NewMessage came first), refused, or discarded.
  if (!entry || entry.error !== null) return;
  // Offline: the next 'connect' flushes the outbox.
  if (!isSocketConnected()) return;
  const { twId, body, files, voice, level, notify, sms, toEscalationTarget } = entry;
  const result = await emitSendMessage({ clientId, twId, body, files, voice, level, notify, sms, toEscalationTarget });
  if (result.kind === 'stored') {
    receiveMessage(result.message);
    return;
  }
  if (result.kind === 'refused') {
    useOutbox.getState().fail(clientId, result.message, result.fallsTo);
    showToast(result.message, 'error');
    return;
  }
  setTimeout(() => {
    const still = useOutbox.getState().entries.find((e) => e.clientId === clientId);
    if (still && still.error === null && isSocketConnected()) enqueue(still);
  }, RETRY_MS);
}
