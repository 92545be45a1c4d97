import type { Db } from '../../db/database';
import { writeAudit } from '../audit/audit.service';
import { fullName } from '../chat/room-view';
import { namesByIds } from '../users/users.store';
import * as store from './escalation.store';

/**
 * In the acknowledgement's transaction: anyone alerted acknowledging ends the chain; its pending steps are
 * cancelled (a process that claimed one finds the chain ended). Returns what to announce after commit.
 * It needs nothing of the context: the transaction is the caller's.
 */
export const acknowledgeChain = async (trx: Db, messageId: string, userId: string, now: number) => {
  const chain = await store.chainOfMessage(trx, messageId);
  if (!chain || chain.ended_at !== null) return null;
  if (!(await store.endChain(trx, chain.id, 'acknowledged', now))) return null;
  const [who] = await namesByIds(trx, [userId]);
  await store.insertEvent(trx, chain.id, 'acknowledged', now, {
    target: null,
    people: who ? [{ id: who.id, fullName: fullName(who) }] : [],
  });
  await writeAudit(trx, {
    userId,
    event: 'escalation acknowledged',
    details: { messageId, roomId: chain.room_id, roleId: chain.role_id },
  });
  return { twId: chain.room_id, messageId };
};
