import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZId, ZIdParams } from './common';

/**
 * Escalation chains (issue 25). A duty role's policy: ordered steps, each "after N minutes without an
 * acknowledgement, alert this role or this person", then the minutes after the last step when the sender is
 * told nobody answered. An URGENT message in a role's room runs the chain; the sender, the room's owner and the
 * Admins read it as a timeline under the message.
 */

export const ESCALATION_LIMITS = { maxSteps: 10, maxMinutes: 1440 } as const;

const ZMinutes = z.number().int().min(1).max(ESCALATION_LIMITS.maxMinutes);
export const ZEscalationTargetRef = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('role'), roleId: ZId }),
  z.object({ kind: z.literal('user'), userId: ZId }),
]);
export type TEscalationTargetRef = z.infer<typeof ZEscalationTargetRef>;

export const ZEscalationPolicyRequest = z.object({
  steps: z.array(z.object({ afterMinutes: ZMinutes, target: ZEscalationTargetRef })).max(ESCALATION_LIMITS.maxSteps),
  /** Minutes after the last step (after the message when there is none) before the sender is told. */
  finalAfterMinutes: ZMinutes,
});
export type TEscalationPolicyRequest = z.infer<typeof ZEscalationPolicyRequest>;

/** A target as shown: a role by its name, a person by theirs. */
export const ZEscalationTarget = z.object({ kind: z.enum(['role', 'user']), id: ZId, name: z.string() });
export type TEscalationTarget = z.infer<typeof ZEscalationTarget>;

export const ZEscalationPolicy = z.object({
  roleId: ZId,
  steps: z.array(z.object({ afterMinutes: z.number().int(), target: ZEscalationTarget })),
  finalAfterMinutes: z.number().int(),
});
export type TEscalationPolicy = z.infer<typeof ZEscalationPolicy>;
/** null: the role has no policy (an URGENT message to it gets the reminders every URGENT message gets). */
export const ZEscalationPolicyReply = z.object({ data: ZEscalationPolicy.nullable() });

export const ESCALATION_ENTRY_KINDS = ['sent', 'reminded', 'escalated', 'acknowledged', 'unanswered'] as const;
export const ZEscalationEntry = z.object({
  kind: z.enum(ESCALATION_ENTRY_KINDS),
  at: z.number().int(),
  /** sent/escalated: the role or person alerted (a role nobody held falls to its own target, named here). */
  target: ZEscalationTarget.nullable(),
  /** The people alerted (sent, reminded, escalated) or who acknowledged. */
  people: z.array(z.object({ id: ZId, fullName: z.string() })),
});
export type TEscalationEntry = z.infer<typeof ZEscalationEntry>;

export const ZEscalationTimeline = z.object({
  messageId: ZId,
  twId: ZId,
  roleId: ZId,
  roleName: z.string(),
  status: z.enum(['running', 'acknowledged', 'unanswered']),
  entries: z.array(ZEscalationEntry),
});
export type TEscalationTimeline = z.infer<typeof ZEscalationTimeline>;

/** Told to the sender, the room's owner and everyone alerted when a chain moves; the web reads it again. */
export const ZEscalationChangedEvent = z.object({ twId: ZId, messageId: ZId });

/** Told to the Admins (and the role's FacilityAdmins): a deactivated holder left the role to its target. */
export const ZDutyRoleUncoveredEvent = z.object({ roleId: ZId, roleName: z.string(), fallsTo: z.string().nullable() });

export const escalationRoutes = {
  policy: apiRoute({
    method: 'GET',
    path: '/roles/:id/escalation',
    params: ZIdParams,
    reply: ZEscalationPolicyReply,
    errors: { 403: 'OUT_OF_SCOPE', 404: 'DUTY_ROLE_NOT_FOUND' },
  }),
  setPolicy: apiRoute({
    method: 'PUT',
    path: '/roles/:id/escalation',
    params: ZIdParams,
    body: ZEscalationPolicyRequest,
    reply: ZEscalationPolicyReply,
    errors: { 400: 'VALIDATION_ERROR', 403: 'OUT_OF_SCOPE', 404: 'DUTY_ROLE_NOT_FOUND', 409: 'ESCALATION_LOOP' },
  }),
  timeline: apiRoute({
    method: 'GET',
    path: '/escalations/:messageId',
    params: z.object({ messageId: ZId }),
    reply: z.object({ data: ZEscalationTimeline }),
    errors: { 403: 'NOT_SENDER_OR_OWNER', 404: 'ESCALATION_NOT_FOUND' },
  }),
} as const;
