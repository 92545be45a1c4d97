import type { TMessage, TPriorityOptions } from '@rounds/contracts/chat';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { MessageCrypto } from '../../lib/message-crypto';
import type { Metrics } from '../../plugins/metrics';
import { parsePermissions } from '../users/user-view';
import { usersByIds } from '../users/users.store';
import type { TMedia } from './messages.store';
import { type AppendItem, appendMessage, appendToRooms, messagesByClientIds, publishMessages } from './messages.store';
import { priorityAttributes, wantsPriority } from './priority.rules';
import { type PriorityDeps, recordPriority } from './priority.service';
import { fullName, toMessage } from './room-view';
import {
  directRoomsWithDeletedMember,
  membersOfRooms,
  roomUnavailable,
  seatMembers,
  sendersMemberships,
} from './rooms.store';
import { uploadsByKeys } from './uploads.store';

export type SendInput = {
  userId: string;
  clientId: string;
  twId: string;
  body: string;
  files?: string[];
  voice?: { key: string; duration: number };
  toEscalationTarget?: boolean;
} & TPriorityOptions;
/**
 * A duty role's name and who holds it now, or why nothing may be sent to it (issue 25): the on-call module
 * answers (modules/on-call/role-room.service voices); chat asks it through its deps (roleVoices), importing nothing of it.
 */
type Person = { id: string; fullName: string };
type FallsTo = { target: { kind: 'role' | 'user'; id: string; name: string }; people: Person[] };
type RoleVoice = { name: string; holderIds: Set<string>; refusal: AppError | null; fallsTo: FallsTo | null };
type RoleVoices = (trx: Db, roleIds: string[], now: number) => Promise<Map<string, RoleVoice>>;
/** The writer's deps: a priority message's (priority.service) and what every send reaches. */
export type MessageWriterDeps = PriorityDeps & {
  /** The search index, written with the messages in their transaction (modules/search). */
  indexMessages: (trx: Db, messages: readonly TMessage[]) => Promise<unknown>;
  /** Who speaks for a duty role now (modules/on-call role-room.service voices). */
  roleVoices: RoleVoices;
  metrics: Pick<Metrics, 'commitSeconds' | 'commitBatchSize' | 'messagesAccepted'>;
  log: FastifyBaseLogger;
};
/** A refused send carries its error: SendMessage's handler throws it, answered in the sender's language. */
export type SendResult = { ok: true; message: TMessage } | { ok: false; error: AppError };

/** Most sends written in one transaction. */
const MAX_BATCH = 256;

type Pending = { input: SendInput; resolve: (r: SendResult) => void; reject: (e: unknown) => void };

const unavailable = (): SendResult => ({ ok: false, error: roomUnavailable() });

/**
 * Step 1, in the batch's transaction: what the sends need to be decided, a few queries for the whole batch:
 * memberships, sends already stored (resends), direct chats closed by a deleted member, the uploads named,
 * and for priority sends the rooms' members and the senders' SMS permission.
 */
async function readBatch(trx: Db, inputs: SendInput[], voices: RoleVoices) {
  const roomIds = [...new Set(inputs.map((i) => i.twId))];
  const userIds = [...new Set(inputs.map((i) => i.userId))];
  const memberships = new Map(
    (await sendersMemberships(trx, roomIds, userIds)).map((r) => [`${r.room_id}:${r.user_id}`, r]),
  );
  const stored = new Map(
    (
      await messagesByClientIds(
        trx,
        roomIds,
        inputs.map((i) => i.clientId),
      )
    ).map((r) => [`${r.room_id}:${r.client_id}`, r]),
  );
  const directRooms = [...memberships.values()].filter((m) => m.type === 'direct').map((m) => m.room_id);
  const closed = new Set(await directRoomsWithDeletedMember(trx, directRooms));

  const keys = inputs.flatMap((i) => [...(i.files ?? []), ...(i.voice ? [i.voice.key] : [])]);
  const uploads = new Map((await uploadsByKeys(trx, keys)).map((u) => [u.key, u]));
  // Priority sends need the rooms' members (whom to notify) and the senders' permissions (SMS).
  const urgentRooms = [...new Set(inputs.filter(wantsPriority).map((i) => i.twId))];
  const roomMembers = new Map<string, string[]>();
  const smsAllowed = new Map<string, boolean>();
  if (urgentRooms.length > 0) {
    for (const [roomId, members] of await membersOfRooms(trx, urgentRooms)) roomMembers.set(roomId, [...members]);
    const senders = [...new Set(inputs.filter(wantsPriority).map((i) => i.userId))];
    for (const u of await usersByIds(trx, senders, ['permissions'])) {
      smsAllowed.set(u.id, parsePermissions(u.permissions).sms !== false);
    }
  }
  // A duty role's room speaks for its role (issue 25): its name and who holds it now, asked of on-call.
  const roleIds = [...new Set([...memberships.values()].map((m) => m.duty_role_id))].filter((id) => id !== null);
  const roles = roleIds.length === 0 ? new Map<string, RoleVoice>() : await voices(trx, roleIds, Date.now());
  return { memberships, stored, closed, uploads, roomMembers, smsAllowed, roles };
}

type BatchState = Awaited<ReturnType<typeof readBatch>>;
/** A send to be stored; `fallsTo`: sent, confirmed, to the escalation target of a role nobody holds. */
type Item = AppendItem & { key: string; fallsTo?: FallsTo };
type Decided = { results: (SendResult | { pending: string })[]; byRoom: Map<string, Item[]> };

/** Step 2, no queries: each send refused (and why), answered by what is stored, or to be stored, by room. */
function decideBatch(inputs: SendInput[], state: BatchState, crypto: MessageCrypto): Decided {
  const { memberships, stored, closed, uploads, roomMembers, smsAllowed, roles } = state;
  const claimed = new Set<string>();
  /**
   * The message's files and voice, if every key is the sender's own, of the right kind, not sent yet and not
   * taken by another message of this batch.
   */
  const mediaOf = (input: SendInput): TMedia | null => {
    const own = (key: string, kind: 'image' | 'voice') => {
      const u = uploads.get(key);
      const ok = u && u.uploader_id === input.userId && u.room_id === null && u.kind === kind && !claimed.has(key);
      return ok ? u : null;
    };
    const files = (input.files ?? []).map((key) => own(key, 'image'));
    const voice = input.voice ? own(input.voice.key, 'voice') : undefined;
    if (files.some((f) => f === null) || voice === null) return null;
    for (const f of files) claimed.add(f!.key);
    if (voice) claimed.add(voice.key);
    return {
      files: files.map((f) => ({ id: f!.key, key: f!.key, name: f!.name, type: f!.type, size: Number(f!.size) })),
      voice: voice && input.voice ? { key: voice.key, duration: input.voice.duration } : null,
    };
  };

  const results: (SendResult | { pending: string })[] = [];
  const byRoom = new Map<string, Item[]>();
  for (const input of inputs) {
    const member = memberships.get(`${input.twId}:${input.userId}`);
    const key = `${input.twId}:${input.clientId}`;
    if (!member || member.archived_by !== null) {
      results.push(unavailable());
      continue;
    }
    const before = stored.get(key);
    if (before) {
      results.push({ ok: true, message: toMessage(before, fullName(member), crypto) });
      continue;
    }
    if (closed.has(input.twId)) {
      results.push(unavailable());
      continue;
    }
    // In a role's room: refused while nobody holds the role, unless the sender confirmed sending to its
    // escalation target; a holder writes as the role.
    const role = member.duty_role_id ? roles.get(member.duty_role_id) : undefined;
    const fallsTo = role?.refusal && input.toEscalationTarget ? role.fallsTo : null;
    if (role?.refusal && !fallsTo) {
      results.push({ ok: false, error: role.refusal });
      continue;
    }
    const list = byRoom.get(input.twId) ?? [];
    // The same client id twice in one batch is one message.
    if (list.some((m) => m.key === key)) {
      results.push({ pending: key });
      continue;
    }
    const media = mediaOf(input);
    if (!media) {
      results.push({ ok: false, error: new AppError(404, 'FILE_NOT_FOUND', 'filesNotUploaded') });
      continue;
    }
    const attributes = wantsPriority(input)
      ? priorityAttributes(
          input,
          input.userId,
          roomMembers.get(input.twId) ?? [],
          smsAllowed.get(input.userId) ?? false,
        )
      : {};
    if (attributes instanceof AppError) {
      results.push({ ok: false, error: attributes });
      continue;
    }
    results.push({ pending: key });
    list.push({
      key,
      authorId: input.userId,
      authorName: fullName(member),
      clientId: input.clientId,
      body: input.body,
      attributes,
      media,
      asRole: role?.holderIds.has(input.userId) ? role.name : null,
      ...(fallsTo ? { fallsTo } : {}),
    });
    byRoom.set(input.twId, list);
  }
  return { results, byRoom };
}

type Forwarded = { twId: string; added: string[]; line: TMessage | null };

/**
 * A confirmed send to a role nobody holds (issue 25): the escalation target's people join the role's room,
 * seated as senders (the role-rooms sweep moves holder seats only, so they stay to answer), and a system line
 * says where it went. An URGENT message is left to the role's escalation chain, whose first step is due at once
 * for an unheld role and seats, says and alerts the same people: doing it here too would alert them twice.
 */
async function seatTarget(trx: Db, crypto: MessageCrypto, m: TMessage, to: FallsTo, now: number): Promise<Forwarded> {
  if (m.attributes.level === 'URGENT') return { twId: m.twId, added: [], line: null };
  const people = to.people.filter((p) => p.id !== m.author);
  const added = await seatMembers(
    trx,
    m.twId,
    people.map((p) => p.id),
    'sender',
    now,
  );
  const line = await appendMessage(
    trx,
    crypto,
    m.twId,
    {
      authorId: null,
      authorName: '',
      clientId: `to-target-${m.id}`,
      body: '',
      attributes: {
        systemMessage: true,
        event: {
          type: 'escalated',
          data: { initiator: { id: m.author!, fullName: m.authorName }, users: people, name: to.target.name },
        },
      },
    },
    now,
  );
  return { twId: m.twId, added, line };
}

/**
 * Step 3, in the transaction: the new messages appended to their rooms and, for priority messages, their
 * SMS link, caps and escalation. Their SMS and pushes are queued here as notification jobs, sent by the worker
 * (jobs/notification-worker.ts): delivery never waits for an SMS provider, and a crash after commit loses none.
 */
async function storeBatch(deps: MessageWriterDeps, trx: Db, { results, byRoom }: Decided, now: number) {
  const { crypto } = deps;
  const made = new Map<string, TMessage>();
  const fresh: TMessage[] = [];
  const forwarded: Forwarded[] = [];
  let queued = 0;
  if (byRoom.size > 0) {
    for (const [roomId, messages] of await appendToRooms(trx, crypto, byRoom, now)) {
      const items = byRoom.get(roomId)!;
      for (const [i, m] of messages.entries()) {
        made.set(items[i]!.key, m);
        const to = items[i]!.fallsTo;
        if (to) forwarded.push(await seatTarget(trx, crypto, m, to, now));
      }
      fresh.push(...messages);
    }
    // The search index is written with the messages: committed together or not at all.
    await deps.indexMessages(trx, fresh);
  }
  for (const m of fresh) {
    if (m.attributes.important) queued += await recordPriority(deps, trx, m, now);
  }
  // Who is pushed is decided after commit by one job for the batch (modules/push): never awaited here.
  if (fresh.length > 0 && (await deps.push.queueMessages(trx, fresh, now))) queued += 1;
  return {
    results: results.map((r): SendResult => ('pending' in r ? { ok: true, message: made.get(r.pending)! } : r)),
    fresh,
    forwarded,
    queued,
  };
}

/**
 * SendMessage with group commit: sends that arrive while a transaction is being written wait and go together
 * in the next one, so many messages share one durable commit (synchronous FULL on SQLite) instead of each
 * paying for its own. Each is acknowledged only after that commit, then published. A resend with a client id
 * already stored is answered with the stored message and not published again.
 */
export function createMessageWriter(deps: MessageWriterDeps) {
  const { db, crypto, publish, metrics, notificationJobs, log } = deps;
  const queue: Pending[] = [];
  let running = false;

  /** One transaction for the whole batch: read, decide, store. */
  const writeBatch = async (trx: Db, inputs: SendInput[], now: number) =>
    storeBatch(deps, trx, decideBatch(inputs, await readBatch(trx, inputs, deps.roleVoices), crypto), now);

  const drain = async () => {
    running = true;
    while (queue.length > 0) {
      // Bounded, so a burst never builds a statement past the engines' parameter limits (SQLite 32,766).
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const started = performance.now();
        const { results, fresh, forwarded, queued } = await db.transaction().execute((trx) =>
          writeBatch(
            trx,
            batch.map((p) => p.input),
            Date.now(),
          ),
        );
        metrics.commitSeconds.observe((performance.now() - started) / 1000);
        metrics.commitBatchSize.observe(batch.length);
        metrics.messagesAccepted.inc(fresh.length);
        for (const [i, p] of batch.entries()) p.resolve(results[i]!);
        if (queued > 0) notificationJobs.wake();
        for (const f of forwarded) {
          if (f.added.length > 0) publish(SERVER_EVENTS.ConversationCreated, { twId: f.twId }, { users: f.added });
        }
        const lines = forwarded.flatMap((f) => (f.line ? [f.line] : []));
        await publishMessages(deps, [...fresh, ...lines]).catch((err) =>
          log.warn({ err }, 'publishing messages failed'),
        );
      } catch (err) {
        // Nothing of the batch was stored; the clients retry with the same client ids.
        for (const p of batch) p.reject(err);
      }
    }
    running = false;
  };

  return {
    send: (input: SendInput): Promise<SendResult> =>
      new Promise<SendResult>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        if (!running) setImmediate(() => void drain());
        running = true;
      }),
  };
}

export type MessageWriter = ReturnType<typeof createMessageWriter>;
