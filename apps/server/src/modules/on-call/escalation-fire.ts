import type { TMessage, TMessageAttributes } from '@rounds/contracts/chat';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { Db } from '../../db/database';
import { writeAudit } from '../audit/audit.service';
import { appendMessage } from '../chat/messages.store';
import { saveMessageAttributes } from '../chat/priority.store';
import { activeMembersOf, seatMembers } from '../chat/rooms.store';
import * as store from './escalation.store';
import type { EscalationContext } from './escalation-context';
import { reach } from './escalation-targets';

/** Steps fired in one transaction (see fireBatch). */
const STEPS_PER_COMMIT = 20;

type Fired = {
  chain: store.ChainRow;
  line: TMessage | null;
  added: string[];
  alerted: string[];
  message: TMessage | null;
  texted: number;
};

/** In the batch's transaction: claims one step and does its work; null when another process had it or the chain ended. */
const fireOne = async (ctx: EscalationContext, trx: Db, job: store.JobRow, now: number): Promise<Fired | null> => {
  if (!(await store.claimJob(trx, job.id, now))) return null;
  const chain = await store.chainById(trx, job.chain_id);
  if (!chain || chain.ended_at !== null) return null;
  const m = await ctx.loadMessage(trx, chain.message_id);
  if (job.kind === 'final' || !m) {
    await store.endChain(trx, chain.id, 'unanswered', now);
    await store.insertEvent(trx, chain.id, 'unanswered', now, { target: null, people: [] });
    await writeAudit(trx, {
      userId: chain.sender_id,
      event: 'escalation unanswered',
      details: { messageId: chain.message_id, roomId: chain.room_id, roleId: chain.role_id },
    });
    return { chain, line: null, added: [], alerted: [], message: null, texted: 0 };
  }
  const reached = await reach(trx, { targetRoleId: job.target_role_id, targetUserId: job.target_user_id }, now);
  const people = (reached?.people ?? []).filter((p) => p.id !== chain.sender_id);
  const alerted = people.map((p) => p.id);
  const added = await seatMembers(trx, chain.room_id, alerted, null, now);
  const attributes: TMessageAttributes = {
    ...m.attributes,
    notify: [...new Set([...(m.attributes.notify ?? []), ...alerted])],
  };
  await saveMessageAttributes(trx, m.id, attributes);
  const message = { ...m, attributes };
  const line = await appendMessage(
    trx,
    ctx.crypto,
    chain.room_id,
    {
      authorId: null,
      authorName: '',
      clientId: job.id,
      body: '',
      attributes: {
        systemMessage: true,
        event: {
          type: 'escalated',
          data: {
            initiator: { id: chain.sender_id, fullName: m.authorName },
            users: people,
            name: reached?.target.name,
          },
        },
      },
    },
    now,
  );
  const texted = m.attributes.sms ? await ctx.textEscalated(trx, message, alerted, now) : 0;
  await store.insertEvent(trx, chain.id, 'escalated', now, { target: reached?.target ?? null, people });
  await writeAudit(trx, {
    userId: chain.sender_id,
    event: 'escalation step',
    details: {
      messageId: m.id,
      roomId: chain.room_id,
      roleId: chain.role_id,
      step: job.position + 1,
      target: reached?.target ?? null,
      alerted,
    },
  });
  // Nobody to alert (a person deactivated, a role and its targets unheld): the next step does not wait.
  if (alerted.length === 0) await store.bringNextForward(trx, chain.id, now);
  return { chain, line, added, alerted, message, texted };
};

/**
 * Several due steps in one transaction: on SQLite each commit is a disk flush, and a step's own flush would
 * leave the messages being sent waiting behind a queue of them. One step failing undoes its batch, which is
 * then fired a step a transaction, so the others do not wait on it. After commit: the room's new member, the
 * system line, the message's new notify list, the alert, the push, and the timeline's change.
 */
const fireBatch = async (ctx: EscalationContext, jobs: store.JobRow[], now: number): Promise<number> => {
  const { db, publish } = ctx;
  let fired: Fired[];
  try {
    fired = await db.transaction().execute(async (trx) => {
      const out: Fired[] = [];
      for (const job of jobs) {
        const one = await fireOne(ctx, trx, job, now);
        if (one) out.push(one);
      }
      return out;
    });
  } catch (error) {
    if (jobs.length === 1) throw error;
    let n = 0;
    for (const job of jobs) n += await fireBatch(ctx, [job], now).catch(() => 0);
    return n;
  }
  const rooms = [...new Set(fired.map((f) => f.chain.room_id))];
  const members = rooms.length > 0 ? await activeMembersOf(db, rooms) : new Map<string, string[]>();
  let texted = 0;
  for (const { chain, line, added, alerted, message, texted: n } of fired) {
    const audience = members.get(chain.room_id) ?? [];
    texted += n;
    if (line && message) {
      if (added.length > 0) publish(SERVER_EVENTS.ConversationCreated, { twId: chain.room_id }, { users: added });
      publish(SERVER_EVENTS.NewMessage, line, { users: audience });
      publish(SERVER_EVENTS.ImportantMarked, { twId: message.twId, message }, { users: audience });
      if (alerted.length > 0) {
        publish(SERVER_EVENTS.UrgentReminder, { twId: message.twId, message }, { users: alerted });
        await ctx.pushEscalated(message, alerted);
      }
    }
    publish(SERVER_EVENTS.EscalationChanged, { twId: chain.room_id, messageId: chain.message_id }, { users: audience });
  }
  if (texted > 0) ctx.wakeNotifications();
  return fired.length;
};

/**
 * The job (jobs/escalation-steps.ts): steps due by `now`, each claimed and fired in its own transaction, so
 * every process runs this and none fires a step twice; a crash leaves the step pending, due, for the next run.
 */
export const fireDueSteps =
  (ctx: EscalationContext) =>
  async (now = Date.now(), page = 200): Promise<number> => {
    let fired = 0;
    for (;;) {
      const due = await store.dueJobs(ctx.db, now, page);
      for (let i = 0; i < due.length; i += STEPS_PER_COMMIT) {
        fired += await fireBatch(ctx, due.slice(i, i + STEPS_PER_COMMIT), now);
        // Messages being sent go between two batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (due.length < page) return fired;
    }
  };
