import { CHAT_LIMITS, type TChatRoom } from '@rounds/contracts/chat';
import { LIMITS } from '@rounds/contracts/limits';
import { compareNames } from '@rounds/contracts/names';
import type { Db } from '../../db/database';
import { conflict } from '../../lib/errors';
import { writeAudit } from '../audit/audit.service';
import { usersByIds } from '../users/users.store';
import { groupNameTaken, insertMembers, memberIds, requireMember } from './rooms.store';
import { assertPickable, participantsError, people, type RoomsContext } from './rooms-context';
import { createGroup } from './rooms-create-group';

/** A group name for people added to a direct chat: their first names, made unique with a counter. */
async function autoName(db: Db, ids: string[]): Promise<string> {
  const rows = await usersByIds(db, ids, ['first_name']);
  const base = rows
    .map((r) => r.first_name)
    .sort(compareNames)
    .join(', ')
    .slice(0, LIMITS.groupNameMax - 6);
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? base : `${base} (${n})`;
    if (!(await groupNameTaken(db, name))) return name;
  }
}

/** Adds members in a transaction with its system message; the owner check is the caller's. */
async function addMembers(ctx: RoomsContext, userId: string, roomId: string, ids: string[]) {
  const { db } = ctx;
  const current = new Set(await memberIds(db, roomId));
  if (ids.some((id) => current.has(id))) throw conflict('alreadyMember', 'ALREADY_MEMBER');
  if (current.size + ids.length > CHAT_LIMITS.groupMembersMax) throw participantsError('tooManyMembers');
  await assertPickable(db, ids, true);
  const now = Date.now();
  const message = await db.transaction().execute(async (trx) => {
    await insertMembers(trx, roomId, ids, now);
    const [initiator] = await people(trx, [userId]);
    const added = await ctx.membersChanged(trx, roomId, 'added', initiator!, ids, now);
    await writeAudit(trx, { userId, event: 'group updated', details: { roomId, added: ids } });
    return added;
  });
  await ctx.announce(roomId, { created: ids, updated: [...current], messages: [message] });
}

/** add-contacts: the owner adds to a group; in a direct chat either person adds, which makes a new group. */
export const addContacts =
  (ctx: RoomsContext) =>
  async (userId: string, twId: string, contacts: string[]): Promise<TChatRoom> => {
    const { db } = ctx;
    const ids = [...new Set(contacts)];
    const found = await requireMember(db, userId, twId);
    if (found.room.type === 'direct') {
      const pair = await memberIds(db, found.room.id);
      if (ids.some((id) => pair.includes(id))) throw conflict('alreadyMember', 'ALREADY_MEMBER');
      const others = [...pair.filter((id) => id !== userId), ...ids];
      await assertPickable(db, others, true);
      return createGroup(ctx)(userId, others, await autoName(db, [userId, ...others]));
    }
    await ctx.requireOwnedGroup(userId, twId);
    await addMembers(ctx, userId, found.room.id, ids);
    return ctx.viewFor(userId, found.room.id);
  };
