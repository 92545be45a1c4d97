import { SERVER_EVENTS } from '@rounds/contracts/events';
import { writeAudit } from '../audit/audit.service';
import { archiveGroup, memberIds } from './rooms.store';
import { people, type RoomsContext } from './rooms-context';

/** The owner deletes a group: gone from the owner's list, archived (read-only) for the others. */
export const deleteGroup =
  (ctx: RoomsContext) =>
  async (userId: string, twId: string): Promise<void> => {
    const { db, publish } = ctx;
    const { room } = await ctx.requireOwnedGroup(userId, twId);
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      await archiveGroup(trx, room.id, userId, now);
      await writeAudit(trx, { userId, event: 'group deleted', details: { roomId: room.id, name: room.name } });
    });
    const [by] = await people(db, [userId]);
    publish(SERVER_EVENTS.ChatRoomDeleted, { twId: room.id, archived: false, by: by ?? null }, { users: [userId] });
    publish(
      SERVER_EVENTS.ChatRoomDeleted,
      { twId: room.id, archived: true, by: by ?? null },
      { users: await memberIds(db, room.id) },
    );
    await ctx.closeRoomCall(room.id, userId);
  };
