import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { RoomsService } from '../chat/rooms.service';
import { roleRooms, roleSeats, roomOfRole } from '../chat/rooms.store';
import { claimDue } from '../compliance/retention.store';
import { dutyRoleNotFound, withHolders } from './duty-roles.service';
import * as store from './duty-roles.store';
import { fallsTo, type Reached } from './escalation-targets';

/** The sweep that seats holders the clock changed (a shift or rotation starting or ending): how often, by name. */
export const ROLE_ROOMS_SWEEP = { name: 'role-rooms-sweep', everyMs: 5_000 } as const;

export type RoleRoomDeps = { db: Db; rooms: Pick<RoomsService, 'openRoleRoom' | 'seatHolders'> };

/**
 * What a send in a role's room needs: the role's name and who holds it now, or why nothing may be sent, and
 * when nobody holds it, whom a confirmed send goes to instead (its escalation target and that target's people).
 */
export type RoleVoice = { name: string; holderIds: Set<string>; refusal: AppError | null; fallsTo: Reached | null };

/**
 * Sending to a role nobody holds is refused before it is written (issue 25), with the role's escalation target
 * named in the text and carried in the reply's details, so the sender can confirm the send to that target.
 */
function unheldRefusal(role: store.DutyRoleRow, to: Reached | null): AppError {
  if (!to) return new AppError(409, 'ROLE_UNHELD', 'nobodyHoldsRole', { roleId: role.id }, { role: role.name });
  return new AppError(
    409,
    'ROLE_UNHELD',
    'nobodyHoldsRoleGoesTo',
    { details: { roleId: role.id, target: to.target } },
    { role: role.name, target: to.target.name },
  );
}

/**
 * A duty role's conversation (issue 25): one room per role whose members are the role's holders now (from hand
 * holds, shifts and rotations, as GET /on-call resolves them) and the senders who opened it. Chat keeps the room
 * (rooms.service openRoleRoom, seatHolders); this service decides who holds the role and when to look again:
 * right after a hand change commits, and by a sweep for the clock's changes.
 */
export function createRoleRoomService({ db, rooms }: RoleRoomDeps) {
  const holderIds = async (rows: store.DutyRoleRow[], now: number) =>
    new Map((await withHolders(db, rows, now)).map((r) => [r.id, r.holders.map((h) => h.userId)]));

  /** Seats the holders of these roles' rooms where they differ from who is seated as a holder. */
  const seat = async (pairs: { roomId: string; roleId: string }[], now: number): Promise<number> => {
    const rows = await store.liveRoles(
      db,
      pairs.map((r) => r.roleId),
    );
    const holders = await holderIds(rows, now);
    const seated = new Map<string, Set<string>>();
    for (const s of await roleSeats(
      db,
      pairs.map((r) => r.roomId),
    )) {
      if (s.role_seat !== 'holder') continue;
      seated.set(s.room_id, (seated.get(s.room_id) ?? new Set()).add(s.user_id));
    }
    let changed = 0;
    for (const { roomId, roleId } of pairs) {
      const row = rows.find((r) => r.id === roleId);
      if (!row) continue;
      const want = holders.get(roleId) ?? [];
      const have = seated.get(roomId) ?? new Set<string>();
      if (want.length === have.size && want.every((id) => have.has(id))) continue;
      await rooms.seatHolders(roomId, { id: row.id, name: row.name }, want);
      changed += 1;
    }
    return changed;
  };

  return {
    /** POST /roles/:id/room: the role's room as the caller sees it, started or continued. */
    async open(userId: string, roleId: string) {
      const row = await store.liveRole(db, roleId);
      if (!row) throw dutyRoleNotFound();
      const holders = (await holderIds([row], Date.now())).get(row.id) ?? [];
      return rooms.openRoleRoom(userId, { id: row.id, name: row.name }, holders);
    },

    /** After a hand change (take, release, take over) or a schedule change committed: the room follows at once. */
    async holdersChanged(roleId: string): Promise<void> {
      const roomId = await roomOfRole(db, roleId);
      if (roomId) await seat([{ roomId, roleId }], Date.now());
    },

    /**
     * The clock's changes (jobs/role-rooms-sweep): every few seconds the first process to claim the run looks at
     * every role's room and seats those whose holders changed. Answers how many rooms changed, or null when
     * another process had the run.
     */
    async sweepIfDue(now = Date.now()): Promise<number | null> {
      // Claimed for a little less than the period, so the next tick of the same process is never a moment early.
      if (!(await claimDue(db, ROLE_ROOMS_SWEEP.name, now, ROLE_ROOMS_SWEEP.everyMs - 1_000))) return null;
      const all = await roleRooms(db);
      let changed = 0;
      for (let i = 0; i < all.length; i += 500) changed += await seat(all.slice(i, i + 500), now);
      return changed;
    },

    /**
     * For the message writer, in its transaction: each of these roles' name and holders now, and the refusal when
     * nobody holds it. A retired role is left out: its room is then an ordinary group.
     */
    async voices(trx: Db, roleIds: string[], now: number): Promise<Map<string, RoleVoice>> {
      const rows = await store.liveRoles(trx, roleIds);
      const voices = new Map<string, RoleVoice>();
      for (const role of await withHolders(trx, rows, now)) {
        const row = rows.find((r) => r.id === role.id)!;
        const ids = new Set(role.holders.map((h) => h.userId));
        const to = ids.size > 0 ? null : await fallsTo(trx, role.id, now);
        voices.set(role.id, {
          name: role.name,
          holderIds: ids,
          refusal: ids.size > 0 ? null : unheldRefusal(row, to),
          fallsTo: to,
        });
      }
      return voices;
    },
  };
}

export type RoleRoomService = ReturnType<typeof createRoleRoomService>;
