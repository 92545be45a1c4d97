import type { TChatRoom, TMessage } from '@rounds/contracts/chat';
import { newId } from '../../lib/ids';
import { writeAudit } from '../audit/audit.service';
import {
  insertRoom,
  memberIds,
  promoteToHolders,
  roleSeats,
  roomOfRole,
  seatMembers,
  unseatHoldersExcept,
} from './rooms.store';
import { isUniqueViolation, people, type RoomsContext } from './rooms-context';

type Role = { id: string; name: string };

/**
 * A duty role's room follows its holders (issue 25): holders not in it are seated, holders' seats of people
 * who hold it no more are taken away (they lose the room live, as a removed member does), senders stay. A
 * sender who comes to hold the role takes a holder's seat: at the end of their turn they leave like any holder.
 * Race-safe across processes: seats are inserted unless present and deleted by who is still seated, and only
 * what this call changed is announced.
 */
export const seatHolders =
  (ctx: RoomsContext) =>
  async (roomId: string, role: Role, holderIds: string[]): Promise<void> => {
    const { db } = ctx;
    const now = Date.now();
    const by = { id: role.id, fullName: role.name };
    const change = await db.transaction().execute(async (trx) => {
      const seats = new Map((await roleSeats(trx, [roomId])).map((s) => [s.user_id, s.role_seat]));
      await promoteToHolders(
        trx,
        roomId,
        holderIds.filter((id) => seats.get(id) === 'sender'),
      );
      const added = await seatMembers(
        trx,
        roomId,
        holderIds.filter((id) => !seats.has(id)),
        'holder',
        now,
      );
      const removed = await unseatHoldersExcept(trx, roomId, holderIds);
      const messages: TMessage[] = [];
      if (added.length > 0) {
        messages.push(await ctx.membersChanged(trx, roomId, 'added', by, added, now));
      }
      if (removed.length > 0) {
        messages.push(await ctx.membersChanged(trx, roomId, 'removed', by, removed, now));
      }
      return { added, removed, messages };
    });
    if (change.messages.length === 0) return;
    const stayed = (await memberIds(db, roomId)).filter((id) => !change.added.includes(id));
    await ctx.announce(roomId, {
      created: change.added,
      removed: change.removed,
      updated: stayed,
      by,
      messages: change.messages,
    });
    if (change.removed.length > 0) await ctx.dropCallMembers(roomId, change.removed);
  };

/**
 * Opens a duty role's conversation for `userId` (issue 25): its one room, started with the role's holders the
 * first time (a group named after the role, with no owner: its members follow the role, nobody edits them), and
 * continued after, the caller seated as a sender when they are not a member. Answers the room as they see it.
 */
export const openRoleRoom = (ctx: RoomsContext) => {
  const open = async (userId: string, role: Role, holderIds: string[]): Promise<TChatRoom> => {
    const { db } = ctx;
    const existing = await roomOfRole(db, role.id);
    if (existing) {
      await seatHolders(ctx)(existing, role, holderIds);
      const now = Date.now();
      const joined = await db.transaction().execute(async (trx) => {
        const [seated] = await seatMembers(trx, existing, [userId], 'sender', now);
        if (!seated) return null;
        const [me] = await people(trx, [userId]);
        return ctx.system(trx, existing, { type: 'added', data: { initiator: me!, users: [me!] } }, now);
      });
      if (joined) {
        const others = (await memberIds(db, existing)).filter((id) => id !== userId);
        await ctx.announce(existing, { created: [userId], updated: others, messages: [joined] });
      }
      return ctx.viewFor(userId, existing);
    }
    const now = Date.now();
    const roomId = newId(now);
    const senders = holderIds.includes(userId) ? [] : [userId];
    try {
      const created = await db.transaction().execute(async (trx) => {
        await insertRoom(trx, { id: roomId, type: 'group', name: role.name, dutyRoleId: role.id }, [], now);
        await seatMembers(trx, roomId, holderIds, 'holder', now);
        await seatMembers(trx, roomId, senders, 'sender', now);
        const [initiator] = await people(trx, [userId]);
        const message = await ctx.system(
          trx,
          roomId,
          { type: 'created', data: { initiator: initiator!, users: await people(trx, holderIds), name: role.name } },
          now,
        );
        await writeAudit(trx, {
          userId,
          event: 'group created',
          details: { roomId, name: role.name, roleId: role.id },
        });
        return message;
      });
      await ctx.announce(roomId, { created: [...holderIds, ...senders], messages: [created] });
      return ctx.viewFor(userId, roomId);
    } catch (err) {
      // Two people opened the role's conversation at once: the other request started it (rooms_duty_role_uq).
      if (!isUniqueViolation(err)) throw err;
      return open(userId, role, holderIds);
    }
  };
  return open;
};
