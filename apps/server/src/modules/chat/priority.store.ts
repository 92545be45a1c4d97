import type { Db } from '../../db/database';
import type { MessageLogsTable } from '../../db/schema';

// What priority messages keep beside the message: the SMS link's log row, acknowledgements and the URGENT
// message's escalation row.

/** The SMS link's log of a message, when it has one. */
export function messageLogIdOf(db: Db, messageId: string) {
  return db.selectFrom('message_logs').select('id').where('message_id', '=', messageId).executeTakeFirst();
}

export async function insertMessageLog(db: Db, row: MessageLogsTable): Promise<void> {
  await db.insertInto('message_logs').values(row).execute();
}

export function messageLog(db: Db, logId: string) {
  return db.selectFrom('message_logs').selectAll().where('id', '=', logId).executeTakeFirst();
}

/** The room a message is in, when it exists. */
export function messageRoomId(db: Db, messageId: string) {
  return db.selectFrom('messages').select('room_id').where('id', '=', messageId).executeTakeFirst();
}

export async function saveMessageAttributes(db: Db, messageId: string, attributes: unknown): Promise<void> {
  await db
    .updateTable('messages')
    .set({ attributes: JSON.stringify(attributes) })
    .where('id', '=', messageId)
    .execute();
}

/** An URGENT message's escalation, due at `dueAt`; a message that has one keeps it. */
export async function insertEscalation(db: Db, messageId: string, dueAt: number): Promise<void> {
  await db
    .insertInto('escalations')
    .values({ message_id: messageId, due_at: dueAt, done_at: null })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .execute();
}

/** Marks a message's escalation done; false when it already was (or it has none). */
export async function endEscalation(db: Db, messageId: string, now: number): Promise<boolean> {
  const ended = await db
    .updateTable('escalations')
    .set({ done_at: now })
    .where('message_id', '=', messageId)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(ended.numUpdatedRows) === 1;
}

/** Escalations not done whose time has come, with their message's room. */
export function dueEscalations(db: Db, now: number) {
  return db
    .selectFrom('escalations')
    .innerJoin('messages', 'messages.id', 'escalations.message_id')
    .select(['escalations.message_id', 'messages.room_id'])
    .where('escalations.done_at', 'is', null)
    .where('escalations.due_at', '<=', now)
    .execute();
}

export async function insertAcknowledgement(db: Db, messageId: string, userId: string, at: number): Promise<void> {
  await db
    .insertInto('acknowledgements')
    .values({ message_id: messageId, user_id: userId, acknowledged_at: at })
    .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
    .execute();
}

/**
 * Messages with an escalation row (every URGENT message has one) in rooms the user is in, that the user has not
 * acknowledged and that are not removed, oldest first, with their author's name.
 */
export function unacknowledgedEscalated(db: Db, userId: string) {
  return db
    .selectFrom('escalations')
    .innerJoin('messages', 'messages.id', 'escalations.message_id')
    .innerJoin('room_members', (j) =>
      j.onRef('room_members.room_id', '=', 'messages.room_id').on('room_members.user_id', '=', userId),
    )
    .leftJoin('acknowledgements', (j) =>
      j.onRef('acknowledgements.message_id', '=', 'messages.id').on('acknowledgements.user_id', '=', userId),
    )
    .leftJoin('users', 'users.id', 'messages.author_id')
    .selectAll('messages')
    .select(['users.first_name', 'users.last_name'])
    .where('messages.removed', '=', 0)
    .where('acknowledgements.user_id', 'is', null)
    .orderBy('messages.created_at')
    .execute();
}
