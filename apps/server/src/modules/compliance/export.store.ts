import type { THoldTargetType } from '@rounds/contracts/compliance';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { CounselExportsTable, MessagesTable } from '../../db/schema';

/** The SQL of the export for counsel (issue 27): its records, and the rows it streams a page at a time. */

export async function insertExport(db: Db, row: CounselExportsTable): Promise<void> {
  await db.insertInto('counsel_exports').values(row).execute();
}

/**
 * Marks the export of this link used and answers it, if the link is unused, not expired, and its Admin still an
 * active Admin; undefined otherwise. One statement, so two downloads racing on two processes get it once.
 */
export async function claimExport(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<Selectable<CounselExportsTable> | undefined> {
  const claimed = await db
    .updateTable('counsel_exports')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where((eb) =>
      eb(
        'created_by',
        'in',
        eb
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'Admin')
          .where('active', '=', 1)
          .where('deleted', '=', 0),
      ),
    )
    .returningAll()
    .executeTakeFirst();
  return claimed;
}

export type ExportRoom = { id: string; type: string; name: string | null };

/**
 * The rooms an export covers: the room, or every room the person is a member of or has written in (a room they
 * left still holds what they said there).
 */
export async function exportRooms(db: Db, scope: THoldTargetType, targetId: string): Promise<ExportRoom[]> {
  const rooms = db.selectFrom('rooms').select(['id', 'type', 'name']).orderBy('id');
  if (scope === 'room') return rooms.where('id', '=', targetId).execute();
  return rooms
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('room_members').select('room_id').where('user_id', '=', targetId)),
        eb('id', 'in', eb.selectFrom('messages').select('room_id').where('author_id', '=', targetId)),
      ]),
    )
    .execute();
}

export async function membersOf(db: Db, roomIds: readonly string[]) {
  if (roomIds.length === 0) return [];
  return db
    .selectFrom('room_members')
    .select(['room_id', 'user_id'])
    .where('room_id', 'in', [...roomIds])
    .orderBy('joined_at')
    .execute();
}

/** People by id, deleted ones too (their messages remain), with their sign-in email. */
export async function peopleByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', [...ids])
    .execute();
}

export type ExportMessageRow = Selectable<MessagesTable>;

/**
 * One page of a room's messages sent in [from, to), after a seq (keyset paging on the room's seq index), removed
 * ones included: the export shows what was deleted and what a legal hold kept.
 */
export function messagePage(
  db: Db,
  roomId: string,
  range: { from: number; to: number },
  afterSeq: number,
  limit: number,
): Promise<ExportMessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('seq', '>', afterSeq)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** Messages of that page that carry files or a voice note: the files pass of the same range. */
export function mediaPage(
  db: Db,
  roomId: string,
  range: { from: number; to: number },
  afterSeq: number,
  limit: number,
) {
  return db
    .selectFrom('messages')
    .select(['id', 'seq', 'media'])
    .where('room_id', '=', roomId)
    .where('seq', '>', afterSeq)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .where('media', 'is not', null)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

export async function acknowledgementsOf(db: Db, messageIds: readonly string[]) {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom('acknowledgements')
    .select(['message_id', 'user_id', 'acknowledged_at'])
    .where('message_id', 'in', [...messageIds])
    .orderBy('acknowledged_at')
    .execute();
}

/** The user log's records of senders removing messages, since a time (read through the user-and-time index). */
export async function removalRecords(db: Db, authorIds: readonly string[], since: number) {
  if (authorIds.length === 0) return [];
  return db
    .selectFrom('audit_logs')
    .select(['user_id', 'details', 'created_at'])
    .where('user_id', 'in', [...authorIds])
    .where('created_at', '>=', since)
    .where('event', '=', 'message removed')
    .execute();
}

/** The stored type of uploads (a voice note's file name says its type). */
export async function uploadTypes(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('uploads')
    .select(['key', 'type'])
    .where('key', 'in', [...keys])
    .execute();
}
