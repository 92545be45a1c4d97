import { CHAT_STATUS } from '@rounds/contracts/user';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, PushSubscriptionsTable, UrgentRepeatsTable } from '../../db/schema';
import { liveUser } from '../users/users.store';

/** The push module's SQL: subscriptions (per session) and the repeats of URGENT messages. */

export type Subscription = Pick<PushSubscriptionsTable, 'id' | 'user_id' | 'endpoint' | 'p256dh' | 'auth'>;

/** A session still lives: not revoked (or not yet) and holding a refresh token that has not expired. */
const liveSession = (eb: ExpressionBuilder<Database, 'push_subscriptions' | 'sessions'>, now: number) =>
  eb.and([
    eb.or([eb('sessions.revoked_at', 'is', null), eb('sessions.revoked_at', '>', now)]),
    eb.exists(
      eb
        .selectFrom('refresh_tokens')
        .select(sql`1`.as('one'))
        .whereRef('refresh_tokens.session_id', '=', 'sessions.id')
        .where('refresh_tokens.expires_at', '>', now),
    ),
  ]);

/** Adds a subscription, or moves an endpoint already known to this session (a browser subscribing again). */
export async function saveSubscription(db: Db, row: PushSubscriptionsTable): Promise<PushSubscriptionsTable> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: row.user_id,
        session_id: row.session_id,
        p256dh: row.p256dh,
        auth: row.auth,
        label: row.label,
        created_at: row.created_at,
      }),
    )
    .execute();
  return db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', row.endpoint).executeTakeFirstOrThrow();
}

/**
 * In a transaction: waits for any other transaction that locked this user's row (PostgreSQL); SQLite's
 * transactions take the one write lock when they begin, so they are one at a time already.
 */
export async function lockUser(trx: Db, userId: string, engine: 'sqlite' | 'postgres'): Promise<void> {
  if (engine !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function countOthers(db: Db, userId: string, endpoint: string): Promise<number> {
  const r = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('endpoint', '!=', endpoint)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export const deleteByEndpoint = (db: Db, userId: string, endpoint: string) =>
  db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();

export async function deleteDevice(db: Db, userId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export const deleteSubscription = (db: Db, id: string) =>
  db.deleteFrom('push_subscriptions').where('id', '=', id).execute();

/** In the transaction that ends sessions: their subscriptions go with them. */
export async function deleteSessionSubscriptions(trx: Db, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await trx
    .deleteFrom('push_subscriptions')
    .where('session_id', 'in', [...sessionIds])
    .execute();
}

/** Subscriptions whose session has ended without being revoked (its refresh tokens expired). */
export const deleteEndedSessionSubscriptions = (db: Db, now: number) =>
  db
    .deleteFrom('push_subscriptions')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select(sql`1`.as('one'))
            .whereRef('refresh_tokens.session_id', '=', 'push_subscriptions.session_id')
            .where('refresh_tokens.expires_at', '>', now),
        ),
      ),
    )
    .execute();

export const devicesOf = (db: Db, userId: string) =>
  db
    .selectFrom('push_subscriptions')
    .select(['id', 'label', 'created_at', 'session_id'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();

export const subscriptionById = (db: Db, id: string) =>
  db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where('id', '=', id)
    .executeTakeFirst();

export const sessionSubscriptions = (db: Db, sessionId: string) =>
  db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where('session_id', '=', sessionId)
    .execute();

export type Recipient = { subId: string; userId: string; language: string };

/** The live subscriptions of active users among `userIds`, with each user's language. */
export async function subscriptionsOf(db: Db, userIds: readonly string[], now: number): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  const out: Recipient[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .selectFrom('push_subscriptions')
      .innerJoin('sessions', 'sessions.id', 'push_subscriptions.session_id')
      .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
      .select(['push_subscriptions.id as subId', 'push_subscriptions.user_id as userId', 'users.language'])
      .where('push_subscriptions.user_id', 'in', userIds.slice(i, i + 500))
      .where(liveUser)
      .where((eb) => liveSession(eb, now))
      .execute();
    out.push(...rows);
  }
  return out;
}

export type RoomRecipient = Recipient & { muted: boolean; doNotDisturb: boolean };

/** Each live subscription of these rooms' members, by room: with each member's mute and Do not disturb. */
export async function roomSubscriptions(
  db: Db,
  roomIds: readonly string[],
  now: number,
): Promise<Map<string, RoomRecipient[]>> {
  const out = new Map<string, RoomRecipient[]>();
  for (let i = 0; i < roomIds.length; i += 500) {
    const rows = await db
      .selectFrom('room_members')
      .innerJoin('push_subscriptions', 'push_subscriptions.user_id', 'room_members.user_id')
      .innerJoin('sessions', 'sessions.id', 'push_subscriptions.session_id')
      .innerJoin('users', 'users.id', 'room_members.user_id')
      .select([
        'room_members.room_id',
        'push_subscriptions.id as subId',
        'room_members.user_id as userId',
        'users.language',
        'room_members.muted',
        'users.chat_status',
      ])
      .where('room_members.room_id', 'in', roomIds.slice(i, i + 500))
      .where(liveUser)
      .where((eb) => liveSession(eb, now))
      .execute();
    for (const r of rows) {
      const room = out.get(r.room_id) ?? [];
      out.set(r.room_id, room);
      room.push({
        subId: r.subId,
        userId: r.userId,
        language: r.language,
        muted: r.muted === 1,
        doNotDisturb: r.chat_status === CHAT_STATUS.DoNotDisturb,
      });
    }
  }
  return out;
}

/** The app badge: rooms with unread messages, per user. */
export async function unreadRooms(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .selectFrom('room_members')
      .select(['user_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('user_id', 'in', userIds.slice(i, i + 500))
      .where('unread_count', '>', 0)
      .groupBy('user_id')
      .execute();
    for (const r of rows) out.set(r.user_id, Number(r.n));
  }
  return out;
}

export type StoredMessage = {
  id: string;
  room_id: string;
  author_id: string | null;
  body: string;
  attributes: string;
  media: string | null;
  removed: number;
  room_type: 'direct' | 'group';
  room_name: string | null;
  first_name: string | null;
  last_name: string | null;
};

export const messagesByIds = (db: Db, ids: readonly string[]): Promise<StoredMessage[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('messages')
        .innerJoin('rooms', 'rooms.id', 'messages.room_id')
        .leftJoin('users', 'users.id', 'messages.author_id')
        .select([
          'messages.id',
          'messages.room_id',
          'messages.author_id',
          'messages.body',
          'messages.attributes',
          'messages.media',
          'messages.removed',
          'rooms.type as room_type',
          'rooms.name as room_name',
          'users.first_name',
          'users.last_name',
        ])
        .where('messages.id', 'in', [...ids])
        .execute();

/** Of these rooms, those with a member who has a push subscription: the only ones worth a fan-out job. */
export async function roomsWithSubscribers(db: Db, roomIds: readonly string[]): Promise<Set<string>> {
  if (roomIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('room_members')
    .innerJoin('push_subscriptions', 'push_subscriptions.user_id', 'room_members.user_id')
    .select('room_members.room_id')
    .distinct()
    .where('room_members.room_id', 'in', [...roomIds])
    .execute();
  return new Set(rows.map((r) => r.room_id));
}

export const roomOf = (db: Db, roomId: string) =>
  db.selectFrom('rooms').select(['type', 'name']).where('id', '=', roomId).executeTakeFirst();

// Repeat until acknowledged.

/** In the URGENT message's transaction: a row per recipient, first due one interval after it. */
export async function startRepeats(
  trx: Db,
  o: { messageId: string; roomId: string; userIds: readonly string[]; firstAt: number },
): Promise<void> {
  for (let i = 0; i < o.userIds.length; i += 500) {
    await trx
      .insertInto('urgent_repeats')
      .values(
        o.userIds.slice(i, i + 500).map((userId) => ({
          message_id: o.messageId,
          user_id: userId,
          room_id: o.roomId,
          count: 0,
          next_at: o.firstAt,
          done_at: null,
        })),
      )
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .execute();
  }
}

/** In the acknowledgement's transaction (or for recipients gone from the room): no more repeats for them. */
export async function stopRepeats(trx: Db, messageId: string, userIds: readonly string[], now: number): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .updateTable('urgent_repeats')
    .set({ done_at: now })
    .where('message_id', '=', messageId)
    .where('user_id', 'in', [...userIds])
    .where('done_at', 'is', null)
    .execute();
}

/**
 * Claims the repeats due at `now` in one statement: each counted, due again one interval later, done at the
 * last. The conditions are checked again on each row as it is updated (PostgreSQL re-reads a row another claim
 * changed first; SQLite runs one writer at a time), so two processes never repeat one alert twice.
 */
export const claimDueRepeats = (db: Db, now: number, intervalMs: number, max: number): Promise<UrgentRepeatsTable[]> =>
  db
    .updateTable('urgent_repeats')
    .set({
      count: sql`count + 1`,
      next_at: now + intervalMs,
      done_at: sql`case when count + 1 >= ${max} then cast(${now} as bigint) else null end`,
    })
    .where('done_at', 'is', null)
    .where('next_at', '<=', now)
    .returningAll()
    .execute();

/** Recipients of an URGENT message still being alerted: not acknowledged, repeats not used up. */
export const alertingOf = (db: Db, messageId: string) =>
  db
    .selectFrom('urgent_repeats')
    .select(['user_id', 'count', 'next_at'])
    .where('message_id', '=', messageId)
    .where('done_at', 'is', null)
    .orderBy('user_id')
    .execute();

/** Still members, active: whom a repeat may alert. */
export async function activeMembers(db: Db, roomId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('room_members')
    .innerJoin('users', 'users.id', 'room_members.user_id')
    .select('room_members.user_id')
    .where('room_members.room_id', '=', roomId)
    .where('room_members.user_id', 'in', [...userIds])
    .where(liveUser)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}
