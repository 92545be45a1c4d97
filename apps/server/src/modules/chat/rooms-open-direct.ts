import type { TChatRoom } from '@rounds/contracts/chat';
import { newId } from '../../lib/ids';
import { directRoomId, insertRoom } from './rooms.store';
import { assertPickable, isUniqueViolation, type RoomsContext } from './rooms-context';

/** The pair's one direct chat: the existing one, or a new one. */
export const openDirect =
  (ctx: RoomsContext) =>
  async (userId: string, otherId: string): Promise<TChatRoom> => {
    const { db } = ctx;
    const key = [userId, otherId].sort().join(':');
    const existing = await directRoomId(db, key);
    if (existing) return ctx.viewFor(userId, existing);
    await assertPickable(db, [otherId], false);
    const now = Date.now();
    const roomId = newId(now);
    try {
      await db.transaction().execute(async (trx) => {
        await insertRoom(trx, { id: roomId, type: 'direct', directKey: key }, [userId, otherId], now);
      });
    } catch (err) {
      // Both people opened the chat at once: the other request made it.
      if (!isUniqueViolation(err)) throw err;
      const raced = await directRoomId(db, key);
      if (!raced) throw err;
      return ctx.viewFor(userId, raced);
    }
    await ctx.announce(roomId, { created: [userId, otherId] });
    return ctx.viewFor(userId, roomId);
  };
