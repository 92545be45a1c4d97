import type { TChatRoom } from '@rounds/contracts/chat';
import { forbidden } from '../../lib/errors';
import { writeAudit } from '../audit/audit.service';
import { deleteMembers, memberIds, requireMember } from './rooms.store';
import { participantsError, people, type RoomsContext } from './rooms-context';

/** Takes people out of a room with its system message; they lose the room and their part in its live call. */
async function removeMembers(
  ctx: RoomsContext,
  userId: string,
  roomId: string,
  ids: string[],
  event: 'removed' | 'left',
) {
  const { db } = ctx;
  const now = Date.now();
  const [by] = await people(db, [userId]);
  const message = await db.transaction().execute(async (trx) => {
    await deleteMembers(trx, roomId, ids);
    const note = await ctx.system(
      trx,
      roomId,
      { type: event, data: { initiator: by!, users: await people(trx, ids) } },
      now,
    );
    await writeAudit(trx, {
      userId,
      event: event === 'left' ? 'group left' : 'group updated',
      details: { roomId, removed: ids },
    });
    return note;
  });
  await ctx.announce(roomId, { removed: ids, updated: await memberIds(db, roomId), by, messages: [message] });
  await ctx.dropCallMembers(roomId, ids);
}

/** remove-contacts: the owner takes members out of a group. */
export const removeContacts =
  (ctx: RoomsContext) =>
  async (userId: string, twId: string, contacts: string[]): Promise<TChatRoom> => {
    const { room } = await ctx.requireOwnedGroup(userId, twId);
    const ids = [...new Set(contacts)];
    if (ids.includes(userId)) throw participantsError('ownerStays');
    const current = new Set(await memberIds(ctx.db, room.id));
    if (ids.some((id) => !current.has(id))) throw participantsError('notGroupMember');
    await removeMembers(ctx, userId, room.id, ids, 'removed');
    return ctx.viewFor(userId, room.id);
  };

/** A member leaves a group; its owner and a duty role's holders may not. */
export const leaveRoom =
  (ctx: RoomsContext) =>
  async (userId: string, twId: string): Promise<void> => {
    const { room, member } = await requireMember(ctx.db, userId, twId);
    if (room.type === 'direct') throw forbidden('directChatCannotBeLeft', 'DIRECT_CHAT');
    // A role's room is its holders' while they hold it (issue 25): leaving is releasing the role.
    if (member.role_seat === 'holder') throw forbidden('holderCannotLeave', 'ROLE_HOLDER');
    if (room.owner_id === userId && room.archived_by === null) {
      throw forbidden('ownerCannotLeave', 'OWNER_CANNOT_LEAVE');
    }
    await removeMembers(ctx, userId, room.id, [userId], 'left');
  };
