import type { TMessage, TMessageAttributes } from '@rounds/contracts/chat';
import type {
  TEscalationEntry,
  TEscalationPolicy,
  TEscalationPolicyRequest,
  TEscalationTarget,
  TEscalationTimeline,
} from '@rounds/contracts/escalation';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, forbidden, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import type { Publish } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import { appendMessage } from '../chat/messages.store';
import { saveMessageAttributes } from '../chat/priority.store';
import { fullName, lockedMessage } from '../chat/room-view';
import { activeMembersOf, isMember, roleNames, seatMembers } from '../chat/rooms.store';
import { namesByIds } from '../users/users.store';
import { administeredRole, withHolders } from './duty-roles.service';
import * as roles from './duty-roles.store';
import { holdersAt } from './duty-schedule.rules';
import { chainDueTimes, type PolicyStep, policyLoop } from './escalation.rules';
import * as store from './escalation.store';

export type EscalationDeps = {
  db: Db;
  engine: 'sqlite' | 'postgres';
  /** One minute of a policy (config ESCALATION_MINUTE_MS; shortened by journeys and benches). */
  minuteMs: number;
  publish: Publish;
  crypto: MessageCrypto;
  /** Push to these people's devices about the message (modules/push), after commit. */
  pushEscalated: (m: TMessage, userIds: string[]) => Promise<void>;
  /** SMS to these people under the existing caps, queued in the transaction (modules/chat priority). */
  textEscalated: (trx: Db, m: TMessage, userIds: string[], now: number) => Promise<number>;
  wakeNotifications: () => void;
};

type Person = { id: string; fullName: string };
export type Reached = { target: TEscalationTarget; people: Person[] };

/** Steps fired in one transaction (see fireBatch). */
const STEPS_PER_COMMIT = 20;

/** A role nobody holds falls to its own first target; policies are loop-free, the bound is for safety. */
const MAX_FALLS = 10;

export const escalationNotFound = () => notFound('escalationNotFound', 'ESCALATION_NOT_FOUND');

/**
 * Who a role's escalation goes to first (its policy's first step), named: what "Nobody holds X now; it will
 * go to Y" says. null when the role has no policy or no steps.
 */
export async function escalationTargetOf(db: Db, roleId: string): Promise<TEscalationTarget | null> {
  const step = await store.firstStep(db, roleId);
  if (!step) return null;
  return nameTarget(db, { targetRoleId: step.target_role_id, targetUserId: step.target_user_id });
}

async function nameTarget(
  db: Db,
  s: Pick<PolicyStep, 'targetRoleId' | 'targetUserId'>,
): Promise<TEscalationTarget | null> {
  if (s.targetRoleId) {
    const name = await store.roleName(db, s.targetRoleId);
    return name !== undefined ? { kind: 'role', id: s.targetRoleId, name } : null;
  }
  const [u] = await namesByIds(db, [s.targetUserId!]);
  return u ? { kind: 'user', id: u.id, name: fullName(u) } : null;
}

/**
 * Whom a message sent to a role nobody holds reaches when the sender confirms (issue 25): its first escalation
 * target, named, and that target's people now (its holders, or the person, falling on as a chain step does).
 */
export async function fallsTo(db: Db, roleId: string, now: number): Promise<Reached | null> {
  const step = await store.firstStep(db, roleId);
  if (!step) return null;
  return reach(db, { targetRoleId: step.target_role_id, targetUserId: step.target_user_id }, now);
}

/** Who a step reaches now: a person if active, a role's holders now, or, when nobody holds it, its target's. */
async function reach(
  db: Db,
  s: Pick<PolicyStep, 'targetRoleId' | 'targetUserId'>,
  now: number,
  falls = 0,
): Promise<Reached | null> {
  const target = await nameTarget(db, s);
  if (!target) return null;
  if (target.kind === 'user') {
    const live = await namesByIds(db, [target.id], 'live');
    return { target, people: live.map((u) => ({ id: u.id, fullName: fullName(u) })) } satisfies Reached;
  }
  const row = await roles.liveRole(db, target.id);
  const holders = row ? (await withHolders(db, [row], now))[0]!.holders : [];
  if (holders.length === 0 && falls < MAX_FALLS) {
    const next = await store.firstStep(db, target.id);
    if (next) {
      const fallen = await reach(
        db,
        { targetRoleId: next.target_role_id, targetUserId: next.target_user_id },
        now,
        falls + 1,
      );
      if (fallen) return fallen;
    }
  }
  return { target, people: holders.map((h) => ({ id: h.userId, fullName: h.fullName })) } satisfies Reached;
}

export function createEscalationService(deps: EscalationDeps) {
  const { db, publish, crypto } = deps;

  const loadMessage = (trx: Db, messageId: string) => lockedMessage(trx, deps.engine, crypto, messageId);

  /** Everyone in the room hears that the chain moved; the timeline route decides who may read it. */
  const announce = async (twId: string, messageId: string) => {
    const members = (await activeMembersOf(db, [twId])).get(twId) ?? [];
    publish(SERVER_EVENTS.EscalationChanged, { twId, messageId }, { users: members });
  };

  const toStep = (s: TEscalationPolicyRequest['steps'][number]): PolicyStep => ({
    afterMinutes: s.afterMinutes,
    targetRoleId: s.target.kind === 'role' ? s.target.roleId : null,
    targetUserId: s.target.kind === 'user' ? s.target.userId : null,
  });

  const policyReply = async (roleId: string): Promise<TEscalationPolicy | null> => {
    const policy = await store.readPolicy(db, roleId);
    if (!policy) return null;
    const steps = [];
    for (const s of policy.steps) {
      const target = await nameTarget(db, s);
      if (target) steps.push({ afterMinutes: s.afterMinutes, target });
    }
    return { roleId, steps, finalAfterMinutes: policy.finalAfterMinutes };
  };

  type Fired = {
    chain: store.ChainRow;
    line: TMessage | null;
    added: string[];
    alerted: string[];
    message: TMessage | null;
    texted: number;
  };

  /** In the batch's transaction: claims one step and does its work; null when another process had it or the chain ended. */
  const fireOne = async (trx: Db, job: store.JobRow, now: number): Promise<Fired | null> => {
    if (!(await store.claimJob(trx, job.id, now))) return null;
    const chain = await store.chainById(trx, job.chain_id);
    if (!chain || chain.ended_at !== null) return null;
    const m = await loadMessage(trx, chain.message_id);
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
      crypto,
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
    const texted = m.attributes.sms ? await deps.textEscalated(trx, message, alerted, now) : 0;
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
  const fireBatch = async (jobs: store.JobRow[], now: number): Promise<number> => {
    let fired: Fired[];
    try {
      fired = await db.transaction().execute(async (trx) => {
        const out: Fired[] = [];
        for (const job of jobs) {
          const one = await fireOne(trx, job, now);
          if (one) out.push(one);
        }
        return out;
      });
    } catch (error) {
      if (jobs.length === 1) throw error;
      let n = 0;
      for (const job of jobs) n += await fireBatch([job], now).catch(() => 0);
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
          await deps.pushEscalated(message, alerted);
        }
      }
      publish(
        SERVER_EVENTS.EscalationChanged,
        { twId: chain.room_id, messageId: chain.message_id },
        { users: audience },
      );
    }
    if (texted > 0) deps.wakeNotifications();
    return fired.length;
  };

  return {
    escalationTargetOf: (roleId: string) => escalationTargetOf(db, roleId),

    /** GET /roles/:id/escalation. */
    async policy(actor: AuthContext, roleId: string) {
      await administeredRole(db, actor, roleId);
      return policyReply(roleId);
    },

    /** PUT /roles/:id/escalation: targets must exist; a step naming the role or leading back to it is refused. */
    async setPolicy(actor: AuthContext, roleId: string, body: TEscalationPolicyRequest) {
      const role = await administeredRole(db, actor, roleId);
      const steps = body.steps.map(toStep);
      for (const [i, s] of steps.entries()) {
        const field = `steps.${i}.target`;
        if (s.targetRoleId === roleId) throw invalidField(field, 'escalationSelf');
        const exists = s.targetRoleId
          ? await roles.liveRole(db, s.targetRoleId)
          : (await namesByIds(db, [s.targetUserId!], 'live'))[0];
        if (!exists) throw invalidField(field, 'noSuchItem');
      }
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        // Read in the transaction, so two policies saved at once cannot close a loop between them unseen.
        const targets = await store.roleTargets(trx);
        const loop = policyLoop(roleId, steps, (id) => targets.get(id) ?? []);
        if (loop) {
          const names = await roleNames(trx, [roleId, ...loop.path]);
          throw new AppError(
            409,
            'ESCALATION_LOOP',
            'escalationLoop',
            {},
            {
              step: String(loop.step + 1),
              role: role.name,
              path: loop.path.map((id) => names.get(id) ?? id).join(' → '),
            },
          );
        }
        await store.replacePolicy(trx, roleId, { steps, finalAfterMinutes: body.finalAfterMinutes }, actor.userId, now);
        await writeAudit(trx, {
          userId: actor.userId,
          event: 'escalation policy changed',
          details: { roleId, name: role.name, steps: body.steps, finalAfterMinutes: body.finalAfterMinutes },
        });
      });
      return policyReply(roleId);
    },

    /**
     * In the URGENT message's transaction (chat's recordPriority): a message in a role's room starts the
     * role's chain, one job per step. A role without a policy: the reminders every URGENT message gets, only.
     */
    async start(trx: Db, m: TMessage, now: number): Promise<boolean> {
      if (!m.author) return false;
      const roleId = await store.roomRole(trx, m.twId);
      if (!roleId) return false;
      const policy = await store.readPolicy(trx, roleId);
      // Marked URGENT again after it was sent: the chain it started runs on, one per message.
      if (!policy || (await store.chainOfMessage(trx, m.id))) return false;
      const row = (await roles.liveRole(trx, roleId))!;
      const holders = (await withHolders(trx, [row], now))[0]!.holders.filter((h) => h.userId !== m.author);
      const due = chainDueTimes(now, policy.steps, policy.finalAfterMinutes, holders.length === 0, deps.minuteMs);
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
    },

    /**
     * In the acknowledgement's transaction: anyone alerted acknowledging ends the chain; its pending steps are
     * cancelled (a process that claimed one finds the chain ended). Returns what to announce after commit.
     */
    async acknowledged(trx: Db, messageId: string, userId: string, now: number) {
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
    },

    announce: (moved: { twId: string; messageId: string } | null) =>
      moved ? announce(moved.twId, moved.messageId) : Promise.resolve(),

    /**
     * The job (jobs/escalation-steps.ts): steps due by `now`, each claimed and fired in its own transaction, so
     * every process runs this and none fires a step twice; a crash leaves the step pending, due, for the next run.
     */
    async fireDue(now = Date.now(), page = 200): Promise<number> {
      let fired = 0;
      for (;;) {
        const due = await store.dueJobs(db, now, page);
        for (let i = 0; i < due.length; i += STEPS_PER_COMMIT) {
          fired += await fireBatch(due.slice(i, i + STEPS_PER_COMMIT), now);
          // Messages being sent go between two batches.
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (due.length < page) return fired;
      }
    },

    /** GET /escalations/:messageId: for the sender and the room's owner; the Admins read each step in the user log. */
    async timeline(actor: AuthContext, messageId: string): Promise<TEscalationTimeline> {
      const chain = await store.chainOfMessage(db, messageId);
      if (!chain) throw escalationNotFound();
      const room = await store.roomOwner(db, chain.room_id);
      // Duty roles are retired, never deleted: a chain's role always has its name.
      const roleName = (await store.roleName(db, chain.role_id)) ?? '';
      if (actor.userId !== chain.sender_id && actor.userId !== room?.owner_id) {
        // Anyone outside the room (an Admin too: theirs is the user log) learns nothing about the message.
        if (!(await isMember(db, actor.userId, chain.room_id))) throw escalationNotFound();
        throw forbidden('escalationSenderOrOwner', 'NOT_SENDER_OR_OWNER');
      }
      const message = await store.messageAttributes(db, messageId);
      const reminders = message ? ((JSON.parse(message.attributes) as TMessageAttributes).escalations ?? []) : [];
      const reminded = await namesByIds(
        db,
        reminders.flatMap((r) => r.userIds),
      );
      const names = new Map(reminded.map((u) => [u.id, fullName(u)]));
      const entries: TEscalationEntry[] = [
        ...(await store.chainEvents(db, chain.id)).map((e) => {
          const data = e.data as { target: TEscalationTarget | null; people: Person[] };
          return { kind: e.kind as TEscalationEntry['kind'], at: e.at, target: data.target, people: data.people };
        }),
        ...reminders
          .filter((r) => r.timetoken >= chain.started_at)
          .map((r) => ({
            kind: 'reminded' as const,
            at: r.timetoken,
            target: null,
            people: r.userIds.map((id) => ({ id, fullName: names.get(id) ?? '' })),
          })),
      ].sort((a, b) => a.at - b.at);
      return {
        messageId,
        twId: chain.room_id,
        roleId: chain.role_id,
        roleName,
        status: chain.outcome ?? 'running',
        entries,
      };
    },

    /**
     * After a holder is deactivated: each role they held that nobody else holds now falls to its escalation
     * target, and the Admins (and the role's FacilityAdmins) are told, in the app and in the user log.
     */
    async holderDeactivated(actorId: string, userId: string) {
      const now = Date.now();
      const candidates = await store.rolesPossiblyHeldBy(db, userId, now);
      for (const roleId of candidates) {
        const row = await roles.liveRole(db, roleId);
        if (!row) continue;
        const data = (await roles.holdData(db, [roleId], now)).get(roleId)!;
        const held = holdersAt({ at: now, timeZone: row.time_zone, ...data }).some((h) => h.userId === userId);
        if (!held) continue;
        const remaining = (await withHolders(db, [row], now))[0]!.holders;
        if (remaining.length > 0) continue;
        const target = await escalationTargetOf(db, roleId);
        await writeAudit(db, {
          userId: actorId,
          event: 'duty role uncovered',
          details: { roleId, name: row.name, holderId: userId, fallsTo: target },
        });
        const admins = await store.facilityAdmins(db, row.facility_id);
        publish(
          SERVER_EVENTS.DutyRoleUncovered,
          { roleId, roleName: row.name, fallsTo: target?.name ?? null },
          { users: admins },
        );
        publish(SERVER_EVENTS.DutyRoleChanged, { roleId, facilityId: row.facility_id }, { all: true });
      }
    },
  };
}

export type EscalationService = ReturnType<typeof createEscalationService>;
