import type { TCall } from '@rounds/contracts/calls';
import type { Db } from '../../db/database';
import { updatedOne } from '../../db/updated-one';

/**
 * Calls as stored: one row per call, its whole state as JSON under a version (call-machine decides, the
 * service writes back under the version it read). "Live" is any call not ended.
 */

export async function insertCall(trx: Db, call: TCall, now: number): Promise<void> {
  await trx
    .insertInto('calls')
    .values({
      id: call.id,
      room_id: call.twId,
      status: call.status,
      state: JSON.stringify(call),
      version: call.version,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** The call written back under the version it was read at: false when another action won the race. */
export async function updateCall(trx: Db, next: TCall, was: number, now: number): Promise<boolean> {
  return updatedOne(
    trx
      .updateTable('calls')
      .set({ state: JSON.stringify(next), status: next.status, version: next.version, updated_at: now })
      .where('id', '=', next.id)
      .where('version', '=', was),
  );
}

/** The live calls of these rooms. */
export function liveCallsOfRooms(db: Db, roomIds: string[]) {
  return db
    .selectFrom('calls')
    .select(['room_id', 'state'])
    .where('room_id', 'in', roomIds)
    .where('status', '<>', 'ended')
    .execute();
}

/** The live calls of the rooms these users are in: one row per member and call. */
export function liveCallsOfMembers(db: Db, userIds: string[]) {
  return db
    .selectFrom('calls')
    .innerJoin('room_members', 'room_members.room_id', 'calls.room_id')
    .select(['room_members.user_id as userId', 'calls.state as state'])
    .where('room_members.user_id', 'in', userIds)
    .where('calls.status', '<>', 'ended')
    .execute();
}

/** Every live call, or those unchanged since `updatedBy`: what the sweeps walk. */
export function liveCalls(db: Db, updatedBy?: number) {
  return db
    .selectFrom('calls')
    .select(['room_id', 'state'])
    .where('status', '<>', 'ended')
    .$if(updatedBy !== undefined, (q) => q.where('updated_at', '<=', updatedBy!))
    .execute();
}
