import { SERVER_EVENTS } from '@rounds/contracts/events';
import { requireMember, setMemberFlag } from './rooms.store';
import type { RoomsContext } from './rooms-context';

/** A member marks a room favorite or mutes it, for themselves only; their own tabs follow. */
export const setRoomFlag =
  (ctx: RoomsContext) =>
  async (userId: string, twId: string, flag: 'is_favorite' | 'muted', on: boolean): Promise<void> => {
    const { room } = await requireMember(ctx.db, userId, twId);
    await setMemberFlag(ctx.db, room.id, userId, flag, on);
    ctx.publish(SERVER_EVENTS.ConversationUpdated, { twId: room.id }, { users: [userId] });
  };
