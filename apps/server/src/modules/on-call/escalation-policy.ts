import type { TEscalationPolicy, TEscalationPolicyRequest } from '@rounds/contracts/escalation';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, invalidField } from '../../lib/errors';
import { writeAudit } from '../audit/audit.service';
import { roleNames } from '../chat/rooms.store';
import { namesByIds } from '../users/users.store';
import { administeredRole } from './duty-roles.service';
import * as roles from './duty-roles.store';
import { type PolicyStep, policyLoop } from './escalation.rules';
import * as store from './escalation.store';
import type { EscalationContext } from './escalation-context';
import { nameTarget } from './escalation-targets';

const toStep = (s: TEscalationPolicyRequest['steps'][number]): PolicyStep => ({
  afterMinutes: s.afterMinutes,
  targetRoleId: s.target.kind === 'role' ? s.target.roleId : null,
  targetUserId: s.target.kind === 'user' ? s.target.userId : null,
});

const policyReply = async (ctx: EscalationContext, roleId: string): Promise<TEscalationPolicy | null> => {
  const { db } = ctx;
  const policy = await store.readPolicy(db, roleId);
  if (!policy) return null;
  const steps = [];
  for (const s of policy.steps) {
    const target = await nameTarget(db, s);
    if (target) steps.push({ afterMinutes: s.afterMinutes, target });
  }
  return { roleId, steps, finalAfterMinutes: policy.finalAfterMinutes };
};

/** GET /roles/:id/escalation. */
export const escalationPolicy = (ctx: EscalationContext) => async (actor: AuthContext, roleId: string) => {
  await administeredRole(ctx.db, actor, roleId);
  return policyReply(ctx, roleId);
};

/** PUT /roles/:id/escalation: targets must exist; a step naming the role or leading back to it is refused. */
export const setEscalationPolicy =
  (ctx: EscalationContext) => async (actor: AuthContext, roleId: string, body: TEscalationPolicyRequest) => {
    const { db } = ctx;
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
    return policyReply(ctx, roleId);
  };
