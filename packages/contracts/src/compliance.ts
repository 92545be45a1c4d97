import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZId } from './common';
import { LIMITS } from './limits';
import { MSG, plainText } from './validation';

/**
 * Retention and legal hold (issue 27): how long the hospital keeps messages and their files, and the holds that
 * keep everything of a person or a room, whatever retention or a deletion says, until released. Admins only.
 */

/**
 * The room types a policy can name. "role" (the on-call role's room, issue 25) joins this list, and the policy
 * form with it, when those rooms exist: the sweep reads the rooms' own type, so nothing else changes.
 */
export const RETENTION_ROOM_TYPES = ['direct', 'group'] as const;
export type TRetentionRoomType = (typeof RETENTION_ROOM_TYPES)[number];

export const RETENTION_LIMITS = {
  /** A day at least: a shorter policy would remove what a shift has not read yet. */
  daysMin: 1,
  /** A hundred years: past that, "forever" says it better. */
  daysMax: 36_500,
  nameMax: 120,
  reasonMax: 1000,
  targetQueryMax: LIMITS.textMaxLength,
} as const;

/** Days messages are kept; null: forever. */
export const ZRetentionDays = z.number().int().min(RETENTION_LIMITS.daysMin).max(RETENTION_LIMITS.daysMax).nullable();

/**
 * The hospital's policy: a default, and per room type either the default (the key left out), its own number of
 * days, or forever (null). Forever by default, so an existing install removes nothing until an Admin decides.
 */
export const ZRetentionPolicy = z
  .object({
    defaultDays: ZRetentionDays,
    rooms: z.object({ direct: ZRetentionDays.optional(), group: ZRetentionDays.optional() }).strict().default({}),
  })
  .strict();
export type TRetentionPolicy = z.output<typeof ZRetentionPolicy>;
export type TRetentionPolicyInput = z.input<typeof ZRetentionPolicy>;

/** What one run of the sweep removed (its user-log record says the same). */
export const ZRetentionSweep = z.object({
  at: z.number().int(),
  messages: z.number().int(),
  files: z.number().int(),
  indexEntries: z.number().int(),
  /** Messages past retention the sweep left because a hold keeps them. */
  held: z.number().int(),
});
export type TRetentionSweep = z.infer<typeof ZRetentionSweep>;

export const ZRetentionReply = z.object({
  data: z.object({ policy: ZRetentionPolicy, lastSweep: ZRetentionSweep.nullable() }),
});
export type TRetentionReply = z.infer<typeof ZRetentionReply>;

export const HOLD_TARGET_TYPES = ['user', 'room'] as const;
export const ZHoldTargetType = z.enum(HOLD_TARGET_TYPES);
export type THoldTargetType = z.infer<typeof ZHoldTargetType>;

/** A person or a room as the hold form offers and the holds list shows it. */
export const ZHoldTarget = z.object({
  type: ZHoldTargetType,
  id: ZId,
  /** The person's name, the group's name, or a direct chat's two names. */
  label: z.string(),
  /** The person's email; a room's kind ("group", "direct"). */
  detail: z.string(),
});
export type THoldTarget = z.infer<typeof ZHoldTarget>;

const ZPerson = z.object({ id: ZId, fullName: z.string() });

export const ZLegalHold = z.object({
  id: ZId,
  name: z.string(),
  reason: z.string(),
  target: ZHoldTarget,
  placedBy: ZPerson.nullable(),
  placedAt: z.number().int(),
  releasedBy: ZPerson.nullable(),
  /** null while the hold is in force. */
  releasedAt: z.number().int().nullable(),
});
export type TLegalHold = z.infer<typeof ZLegalHold>;

export const ZLegalHoldsReply = z.object({ data: z.array(ZLegalHold) });
export const ZLegalHoldReply = z.object({ data: ZLegalHold });

export const ZCreateLegalHoldRequest = z.object({
  targetType: ZHoldTargetType,
  targetId: ZId,
  name: plainText(z.string().trim().min(1, MSG.required).max(RETENTION_LIMITS.nameMax)),
  reason: plainText(z.string().trim().min(1, MSG.required).max(RETENTION_LIMITS.reasonMax)),
});
export type TCreateLegalHoldRequest = z.input<typeof ZCreateLegalHoldRequest>;

export const ZLegalHoldParams = z.object({ id: ZId });

/** People (name, email) and rooms (a group's name, a direct chat's members) matching q: the hold form's choices. */
export const ZHoldTargetsQuery = z.object({
  q: plainText(z.string().trim().max(RETENTION_LIMITS.targetQueryMax)).default(''),
  type: ZHoldTargetType,
});
export type THoldTargetsQuery = z.input<typeof ZHoldTargetsQuery>;
export const ZHoldTargetsReply = z.object({ data: z.array(ZHoldTarget) });

export const complianceRoutes = {
  retention: apiRoute({ method: 'GET', path: '/compliance/retention', reply: ZRetentionReply }),
  setRetention: apiRoute({
    method: 'PUT',
    path: '/compliance/retention',
    body: ZRetentionPolicy,
    reply: ZRetentionReply,
    errors: { 400: 'VALIDATION_ERROR' },
  }),
  holds: apiRoute({ method: 'GET', path: '/compliance/holds', reply: ZLegalHoldsReply }),
  holdTargets: apiRoute({
    method: 'GET',
    path: '/compliance/hold-targets',
    query: ZHoldTargetsQuery,
    reply: ZHoldTargetsReply,
  }),
  placeHold: apiRoute({
    method: 'POST',
    path: '/compliance/holds',
    body: ZCreateLegalHoldRequest,
    reply: ZLegalHoldReply,
    errors: { 400: 'VALIDATION_ERROR', 404: 'HOLD_TARGET_NOT_FOUND' },
  }),
  releaseHold: apiRoute({
    method: 'POST',
    path: '/compliance/holds/:id/release',
    params: ZLegalHoldParams,
    reply: ZLegalHoldReply,
    errors: { 404: 'HOLD_NOT_FOUND', 409: 'HOLD_RELEASED' },
  }),
} as const;
