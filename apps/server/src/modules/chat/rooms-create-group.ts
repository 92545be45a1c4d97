import { CHAT_LIMITS, type TChatRoom } from '@rounds/contracts/chat';
import { newId } from '../../lib/ids';
import { writeAudit } from '../audit/audit.service';
import { insertRoom } from './rooms.store';
import { assertPickable, participantsError, people, type RoomsContext, writeNamedGroup } from './rooms-context';

/** A named group of its owner and these people, with its "created" system message. */
export const createGroup =
  (ctx: RoomsContext) =>
  async (userId: string, otherIds: string[], name: string): Promise<TChatRoom> => {
    const { db } = ctx;
    if (otherIds.length === 0) throw participantsError('chooseOnePerson');
    // A group holds groupMembersMax people, its owner among them (as adding and editing members already say).
    if (otherIds.length + 1 > CHAT_LIMITS.groupMembersMax) throw participantsError('tooManyMembers');
    await assertPickable(db, otherIds, true);
    const members = [userId, ...otherIds];
    const now = Date.now();
    const roomId = newId(now);
    const created = await writeNamedGroup(db, { name }, async (trx) => {
      await insertRoom(trx, { id: roomId, type: 'group', name, ownerId: userId }, members, now);
      const [initiator] = await people(trx, [userId]);
      const message = await ctx.system(
        trx,
        roomId,
        { type: 'created', data: { initiator: initiator!, users: await people(trx, otherIds), name } },
        now,
      );
      await writeAudit(trx, { userId, event: 'group created', details: { roomId, name, members: members.length } });
      return message;
    });
    await ctx.announce(roomId, { created: members, messages: [created] });
    return ctx.viewFor(userId, roomId);
  };
