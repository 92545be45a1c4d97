import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { TDutyHolder, TDutyRole } from '@rounds/contracts/on-call';
import type { Db } from '../../db/database';
import { AppError, forbidden, invalidField } from '../../lib/errors';
import { writeAudit } from '../audit/audit.service';
import { dutyRoleNotFound, type OnCallDeps, roleNow, withHolders } from './duty-roles.service';
import * as store from './duty-roles.store';

/**
 * Holding a role by hand (issue 25): take it for a shift, release it, take it over from its holders (who are
 * told, with the handover note). Every change is a row, and a line of the user log naming who held which role
 * from when to when.
 */
export function createDutyHoldsService({ db, publish, holdersChanged }: OnCallDeps) {
  /** A person's release of a role they hold at `now`: hand holds end; a scheduled stretch is marked off. */
  async function releaseOne(trx: Db, row: store.DutyRoleRow, holder: TDutyHolder, now: number, by: string) {
    await store.endHands(trx, row.id, holder.userId, now);
    const after = (await withHolders(trx, [row], now))[0]!.holders.find((h) => h.userId === holder.userId);
    if (after?.source === 'schedule') {
      await store.insertHold(trx, {
        roleId: row.id,
        userId: holder.userId,
        kind: 'off',
        startsAt: now,
        endsAt: after.until,
        by,
      });
    }
    await writeAudit(trx, {
      userId: holder.userId,
      event: 'duty role released',
      details: { roleId: row.id, name: row.name, from: holder.since, to: now, ...(by === holder.userId ? {} : { by }) },
    });
  }

  return {
    async take(
      userId: string,
      id: string,
      body: { mode?: 'takeOver' | 'join'; note?: string; until?: number },
    ): Promise<TDutyRole> {
      const row = await store.liveRole(db, id);
      if (!row) throw dutyRoleNotFound();
      if (!(await store.facilitiesOf(db, userId)).includes(row.facility_id)) {
        throw forbidden('notRoleFacility', 'NOT_ROLE_FACILITY');
      }
      const now = Date.now();
      if (body.until !== undefined && body.until <= now) throw invalidField('until', 'shiftEndsBeforeStart');
      const takenFrom = await db.transaction().execute(async (trx) => {
        const holders = (await withHolders(trx, [row], now))[0]!.holders;
        const others = holders.filter((h) => h.userId !== userId);
        if (others.length > 0 && !body.mode) {
          throw new AppError(
            409,
            'ROLE_HELD',
            'roleHeld',
            { holders: others },
            {
              role: row.name,
              names: others.map((h) => h.fullName).join(', '),
            },
          );
        }
        const replaced = body.mode === 'takeOver' ? others : [];
        for (const other of replaced) await releaseOne(trx, row, other, now, userId);
        // A hand hold replaces the taker's own (a new end), so one row says what they hold now.
        await store.endHands(trx, row.id, userId, now);
        await store.insertHold(trx, {
          roleId: row.id,
          userId,
          kind: 'hand',
          startsAt: now,
          endsAt: body.until ?? null,
          note: body.note || null,
          by: userId,
        });
        await writeAudit(trx, {
          userId,
          event: 'duty role taken',
          details: {
            roleId: row.id,
            name: row.name,
            from: now,
            until: body.until ?? null,
            ...(replaced.length ? { takenOverFrom: replaced.map((h) => h.userId) } : {}),
            ...(body.note ? { note: body.note } : {}),
          },
        });
        return replaced;
      });
      if (takenFrom.length > 0) {
        const me = await store.activeNames(db, [userId]);
        publish(
          SERVER_EVENTS.DutyRoleTakenOver,
          { roleId: row.id, roleName: row.name, byName: me.get(userId) ?? '', note: body.note || null },
          { users: takenFrom.map((h) => h.userId) },
        );
      }
      publish(SERVER_EVENTS.DutyRoleChanged, { roleId: row.id, facilityId: row.facility_id }, { all: true });
      await holdersChanged?.(row.id);
      return roleNow(db, id);
    },

    /** Releasing a role one does not hold changes nothing and answers the role as it is. */
    async release(userId: string, id: string): Promise<TDutyRole> {
      const row = await store.liveRole(db, id);
      if (!row) throw dutyRoleNotFound();
      const now = Date.now();
      const released = await db.transaction().execute(async (trx) => {
        const mine = (await withHolders(trx, [row], now))[0]!.holders.find((h) => h.userId === userId);
        if (mine) await releaseOne(trx, row, mine, now, userId);
        return mine !== undefined;
      });
      if (released) {
        publish(SERVER_EVENTS.DutyRoleChanged, { roleId: row.id, facilityId: row.facility_id }, { all: true });
        await holdersChanged?.(row.id);
      }
      await holdersChanged?.(row.id);
      return roleNow(db, id);
    },
  };
}

export type DutyHoldsService = ReturnType<typeof createDutyHoldsService>;
