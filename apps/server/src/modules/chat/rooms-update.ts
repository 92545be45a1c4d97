import { CHAT_LIMITS, type TMessage } from '@rounds/contracts/chat';
import { writeAudit } from '../audit/audit.service';
import { deleteMembers, insertMembers, memberIds, renameGroup } from './rooms.store';
import { assertPickable, participantsError, people, type RoomsContext, writeNamedGroup } from './rooms-context';

/** The owner edits a group: its name and its members at once, one system message for each kind of change. */
export const updateGroup =
  (ctx: RoomsContext) => async (userId: string, body: { twId: string; participants: string[]; name: string }) => {
    const { db } = ctx;
    const { room } = await ctx.requireOwnedGroup(userId, body.twId);
    const next = new Set(body.participants);
    if (!next.has(userId)) throw participantsError('ownerStays');
    if (next.size > CHAT_LIMITS.groupMembersMax) throw participantsError('tooManyMembers');
    if (next.size < 2) throw participantsError('chooseOnePerson');
    const before = new Set(await memberIds(db, room.id));
    const added = [...next].filter((id) => !before.has(id));
    const removed = [...before].filter((id) => !next.has(id));
    await assertPickable(db, added, true);
    const renamed = body.name !== room.name;
    const now = Date.now();
    const [by] = await people(db, [userId]);
    // A new name is checked free first, before any member changes.
    const messages = await writeNamedGroup(
      db,
      renamed ? { name: body.name, exceptRoomId: room.id } : undefined,
      async (trx) => {
        const out: TMessage[] = [];
        if (renamed) {
          await renameGroup(trx, room.id, body.name, now);
          out.push(
            await ctx.system(
              trx,
              room.id,
              { type: 'renamed', data: { initiator: by!, users: [], name: body.name } },
              now,
            ),
          );
        }
        if (added.length > 0) {
          await insertMembers(trx, room.id, added, now);
          out.push(await ctx.membersChanged(trx, room.id, 'added', by!, added, now));
        }
        if (removed.length > 0) {
          await deleteMembers(trx, room.id, removed);
          out.push(await ctx.membersChanged(trx, room.id, 'removed', by!, removed, now));
        }
        await writeAudit(trx, {
          userId,
          event: 'group updated',
          details: { roomId: room.id, renamed, added, removed },
        });
        return out;
      },
    );
    await ctx.announce(room.id, {
      created: added,
      updated: [...before].filter((id) => next.has(id)),
      removed,
      by,
      messages,
    });
    if (removed.length > 0) await ctx.dropCallMembers(room.id, removed);
    return ctx.viewFor(userId, room.id);
  };
