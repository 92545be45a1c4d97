import { acknowledgeChain } from './escalation-acknowledge';
import { createEscalationContext, type EscalationDeps } from './escalation-context';
import { fireDueSteps } from './escalation-fire';
import { holderDeactivated } from './escalation-holder-deactivated';
import { escalationPolicy, setEscalationPolicy } from './escalation-policy';
import { startChain } from './escalation-start';
import { escalationTargetOf } from './escalation-targets';
import { escalationTimeline } from './escalation-timeline';

/**
 * Escalation: a role's policy, the chain an URGENT message in its room starts (one durable job per step), the
 * steps fired when due, the acknowledgement that ends it, and its timeline. One file per action
 * (escalation-*.ts) over a shared context.
 */
export function createEscalationService(deps: EscalationDeps) {
  const ctx = createEscalationContext(deps);
  return {
    escalationTargetOf: (roleId: string) => escalationTargetOf(ctx.db, roleId),
    policy: escalationPolicy(ctx),
    setPolicy: setEscalationPolicy(ctx),
    start: startChain(ctx),
    acknowledged: acknowledgeChain,
    announce: (moved: { twId: string; messageId: string } | null) =>
      moved ? ctx.announce(moved.twId, moved.messageId) : Promise.resolve(),
    fireDue: fireDueSteps(ctx),
    timeline: escalationTimeline(ctx),
    holderDeactivated: holderDeactivated(ctx),
  };
}

export type EscalationService = ReturnType<typeof createEscalationService>;
