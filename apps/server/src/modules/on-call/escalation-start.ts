import type { TMessage } from '@rounds/contracts/chat';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import { saveMessageAttributes } from '../chat/priority.store';
import { withHolders } from './duty-roles.service';
import * as roles from './duty-roles.store';
import { chainDueTimes } from './escalation.rules';
import * as store from './escalation.store';
import type { EscalationContext } from './escalation-context';

/**
 * In the URGENT message's transaction (chat's recordPriority): a message in a role's room starts the
 * role's chain, one job per step. A role without a policy: the reminders every URGENT message gets, only.
 */
export const startChain =
  (ctx: EscalationContext) =>
  async (trx: Db, m: TMessage, now: number): Promise<boolean> => {
    if (!m.author) return false;
    const roleId = await store.roomRole(trx, m.twId);
    if (!roleId) return false;
    const policy = await store.readPolicy(trx, roleId);
    // Marked URGENT again after it was sent: the chain it started runs on, one per message.
    if (!policy || (await store.chainOfMessage(trx, m.id))) return false;
    const row = (await roles.liveRole(trx, roleId))!;
    const holders = (await withHolders(trx, [row], now))[0]!.holders.filter((h) => h.userId !== m.author);
    const due = chainDueTimes(now, policy.steps, policy.finalAfterMinutes, holders.length === 0, ctx.minuteMs);
    const chainId = newId(now);
    await store.insertChain(
      trx,
      {
        id: chainId,
        message_id: m.id,
        room_id: m.twId,
        role_id: roleId,
        sender_id: m.author,
        started_at: now,
        outcome: null,
        ended_at: null,
      },
      [
        ...policy.steps.map((s, i) => ({
          position: i,
          kind: 'step' as const,
          target_role_id: s.targetRoleId,
          target_user_id: s.targetUserId,
          due_at: due.steps[i]!,
          status: 'pending' as const,
          fired_at: null,
        })),
        {
          position: policy.steps.length,
          kind: 'final' as const,
          target_role_id: null,
          target_user_id: null,
          due_at: due.final,
          status: 'pending' as const,
          fired_at: null,
        },
      ],
    );
    // Said on the message (and on the sender's ack), so clients ask for the timeline of these messages only.
    m.attributes = { ...m.attributes, escalation: true };
    await saveMessageAttributes(trx, m.id, m.attributes);
    await store.insertEvent(trx, chainId, 'sent', now, {
      target: { kind: 'role', id: roleId, name: row.name },
      people: holders.map((h) => ({ id: h.userId, fullName: h.fullName })),
    });
    return true;
  };
