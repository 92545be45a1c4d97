import type { THoldTargetType, TLegalHold, ZCreateLegalHoldRequest } from '@rounds/contracts/compliance';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { writeAudit } from '../audit/audit.service';
import {
  describeTargets,
  findTargets,
  type HoldRow,
  insertHold,
  isMessageHeld,
  listHolds,
  releaseHold,
  targetExists,
} from './holds.store';

export type HoldsDeps = { db: Db };

/** Choices the hold form offers per search. */
const TARGETS_LIMIT = 20;

const person = (id: string | null, first: string | null, last: string | null) =>
  id === null ? null : { id, fullName: `${first ?? ''} ${last ?? ''}`.trim() };

/**
 * Legal holds (issue 27; docs/decisions.md "Retention and legal hold"): an Admin holds a person or a room with
 * a name and a reason; while in force nothing it keeps is removed, by retention, by a sender or with a room.
 * Placing and releasing are audited.
 */
export function createHoldsService({ db }: HoldsDeps) {
  const shape = async (rows: HoldRow[]): Promise<TLegalHold[]> => {
    const targets = await describeTargets(
      db,
      rows.map((r) => ({ type: r.target_type, id: r.target_id })),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      reason: r.reason,
      target: targets.get(`${r.target_type}:${r.target_id}`) ?? {
        type: r.target_type,
        id: r.target_id,
        label: '',
        detail: '',
      },
      placedBy: person(r.placed_by, r.placed_by_first, r.placed_by_last),
      placedAt: Number(r.placed_at),
      releasedBy: person(r.released_by, r.released_by_first, r.released_by_last),
      releasedAt: r.released_at === null ? null : Number(r.released_at),
    }));
  };
  const one = async (id: string) => {
    const [hold] = await shape(await listHolds(db, id));
    if (!hold) throw notFound('holdNotFound', 'HOLD_NOT_FOUND');
    return hold;
  };

  return {
    list: async () => shape(await listHolds(db)),

    targets: async (type: THoldTargetType, q: string) => {
      const found = await findTargets(db, type, q, TARGETS_LIMIT);
      const described = await describeTargets(db, found);
      return found.flatMap((t) => described.get(`${t.type}:${t.id}`) ?? []);
    },

    place: async (adminId: string, body: z.output<typeof ZCreateLegalHoldRequest>, ip: string | null) => {
      if (!(await targetExists(db, body.targetType, body.targetId))) {
        throw notFound('holdTargetNotFound', 'HOLD_TARGET_NOT_FOUND');
      }
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await insertHold(trx, {
          id,
          target_type: body.targetType,
          target_id: body.targetId,
          name: body.name,
          reason: body.reason,
          placed_by: adminId,
          placed_at: Date.now(),
          released_by: null,
          released_at: null,
        });
        await writeAudit(trx, {
          userId: adminId,
          event: 'legal hold placed',
          ip,
          details: { holdId: id, targetType: body.targetType, targetId: body.targetId, name: body.name },
        });
      });
      return one(id);
    },

    release: async (adminId: string, id: string, ip: string | null) => {
      const hold = await one(id);
      if (hold.releasedAt !== null) throw conflict('holdReleased', 'HOLD_RELEASED');
      await db.transaction().execute(async (trx) => {
        if (!(await releaseHold(trx, id, adminId, Date.now()))) throw conflict('holdReleased', 'HOLD_RELEASED');
        await writeAudit(trx, { userId: adminId, event: 'legal hold released', ip, details: { holdId: id } });
      });
      return one(id);
    },

    /** Whether a hold keeps this message: read in the transaction that would remove it (chat's removal). */
    keepsMessage: (trx: Db, messageId: string) => isMessageHeld(trx, messageId),
  };
}

export type HoldsService = ReturnType<typeof createHoldsService>;
