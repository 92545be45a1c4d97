import type { Db } from '../../db/database';
import type { UploadsTable } from '../../db/schema';
import { mayReadRoom } from './rooms.store';

// Chat files and voice notes as stored: the uploads rows (the bytes are in the file store).

export async function insertUploads(db: Db, rows: UploadsTable[]): Promise<void> {
  await db.insertInto('uploads').values(rows).execute();
}

/**
 * The upload if this user may read it: its uploader before it is sent, after that whoever may read its room
 * (mayReadRoom: a member, or a live break-glass grant).
 */
export function readableUpload(db: Db, userId: string, key: string, now: number) {
  return (
    db
      .selectFrom('uploads')
      .selectAll()
      .where('key', '=', key)
      .where((eb) =>
        eb.or([
          eb.and([eb('uploader_id', '=', userId), eb('room_id', 'is', null)]),
          mayReadRoom(userId, 'uploads.room_id', now),
        ]),
      )
      // A removed message's files go with it; one a legal hold keeps is hidden as its message is.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('messages')
              .select('messages.id')
              .whereRef('messages.id', '=', 'uploads.message_id')
              .where('messages.removed', '=', 1),
          ),
        ),
      )
      .executeTakeFirst()
  );
}

/** The user's upload not sent yet, when it exists. */
export function unsentUpload(db: Db, userId: string, key: string) {
  return db
    .selectFrom('uploads')
    .select(['key', 'thumb_key'])
    .where('key', '=', key)
    .where('uploader_id', '=', userId)
    .where('room_id', 'is', null)
    .executeTakeFirst();
}

export async function deleteUpload(db: Db, key: string): Promise<void> {
  await db.deleteFrom('uploads').where('key', '=', key).execute();
}

export function messageUploads(db: Db, messageId: string) {
  return db.selectFrom('uploads').select(['key', 'thumb_key']).where('message_id', '=', messageId).execute();
}

export async function deleteMessageUploads(db: Db, messageId: string): Promise<void> {
  await db.deleteFrom('uploads').where('message_id', '=', messageId).execute();
}

/** Deletes the uploads never sent that were made before `before`, answering the rows it deleted. */
export function deleteUnsentBefore(db: Db, before: number) {
  return db
    .deleteFrom('uploads')
    .where('room_id', 'is', null)
    .where('created_at', '<', before)
    .returning(['key', 'thumb_key'])
    .execute();
}

export async function setThumbKey(db: Db, key: string, thumbKey: string): Promise<void> {
  await db.updateTable('uploads').set({ thumb_key: thumbKey }).where('key', '=', key).execute();
}

/** The uploads under these keys. */
export async function uploadsByKeys(db: Db, keys: string[]) {
  if (keys.length === 0) return [];
  return db.selectFrom('uploads').selectAll().where('key', 'in', keys).execute();
}
