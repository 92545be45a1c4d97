import type { TChatRoom } from '@rounds/contracts/chat';
import { compareNames } from '@rounds/contracts/names';
import { memberRooms, membersOfRooms } from './rooms.store';
import type { RoomsContext } from './rooms-context';

/** The user's rooms, newest activity first, those whose name holds the keyword when there is one. */
export const listRooms =
  (ctx: RoomsContext) =>
  async (userId: string, keyword?: string): Promise<TChatRoom[]> => {
    const views = await ctx.viewsOf(userId, await memberRooms(ctx.db, userId));
    const term = keyword?.trim().toLowerCase();
    return views
      .filter((v) => !term || v.name.toLowerCase().includes(term))
      .sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : -1));
  };

/** The user's live groups whose name holds the keyword, by name. */
export const searchGroups =
  (ctx: RoomsContext) =>
  async (userId: string, keyword: string): Promise<TChatRoom[]> => {
    const term = keyword.trim().toLowerCase();
    const views = await ctx.viewsOf(userId, await memberRooms(ctx.db, userId));
    return views
      .filter((v) => v.type === 'group' && !v.archived && (!term || v.name.toLowerCase().includes(term)))
      .sort((a, b) => compareNames(a.name, b.name));
  };

/** The user's live rooms whose members are exactly these people and the user: the similar-groups check. */
export const roomsByParticipants =
  (ctx: RoomsContext) =>
  async (userId: string, participants: string[]): Promise<TChatRoom[]> => {
    const wanted = new Set([...participants, userId]);
    const mine = (await memberRooms(ctx.db, userId)).filter((r) => r.room.archived_by === null);
    if (mine.length === 0) return [];
    const members = await membersOfRooms(
      ctx.db,
      mine.map((m) => m.room.id),
    );
    const same = mine.filter((m) => {
      const set = members.get(m.room.id);
      return set !== undefined && set.size === wanted.size && [...wanted].every((id) => set.has(id));
    });
    return ctx.viewsOf(userId, same);
  };
