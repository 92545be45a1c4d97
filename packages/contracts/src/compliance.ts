import { z } from 'zod';
import { apiRoute } from './api-route';
import { CHAT_LIMITS, ZMessagesReply, ZPriorityLevel } from './chat';
import { ZFileKeyQuery } from './chat-files';
import { pagedReply, ZId, ZIdParams } from './common';
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
    params: ZIdParams,
    reply: ZLegalHoldReply,
    errors: { 404: 'HOLD_NOT_FOUND', 409: 'HOLD_RELEASED' },
  }),
} as const;

/**
 * Break-glass access (issue 27; docs/decisions.md "Break-glass access"): an Admin who is not a member opens a room
 * read-only for an hour after typing a reason. The reason is in the user log; the members are told in the room.
 */
export const BREAK_GLASS_LIMITS = {
  /** How long a grant lasts. */
  durationMs: 60 * 60 * 1000,
  /** A reason a privacy officer could later defend, not "x". */
  reasonMin: 10,
  reasonMax: 1000,
  queryMax: LIMITS.textMaxLength,
  pageSizeMax: 50,
  pageSizeDefault: 20,
} as const;

export const ZBreakGlassRoomParams = z.object({ roomId: ZId });

/** Rooms by a group's name or a member's name or email, most recently active first; page counts from 1. */
export const ZBreakGlassRoomsQuery = z.object({
  q: plainText(z.string().trim().max(BREAK_GLASS_LIMITS.queryMax)).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(BREAK_GLASS_LIMITS.pageSizeMax)
    .default(BREAK_GLASS_LIMITS.pageSizeDefault),
});
export type TBreakGlassRoomsQuery = z.input<typeof ZBreakGlassRoomsQuery>;

/** A live grant: what the read-only view shows in its banner. */
export const ZBreakGlassGrant = z.object({
  id: ZId,
  roomId: ZId,
  reason: z.string(),
  grantedAt: z.number().int(),
  expiresAt: z.number().int(),
  /** The group's name or a direct chat's two names. */
  roomLabel: z.string(),
});
export type TBreakGlassGrant = z.infer<typeof ZBreakGlassGrant>;

export const ZBreakGlassRoom = z.object({
  id: ZId,
  type: z.enum(['direct', 'group']),
  label: z.string(),
  memberCount: z.number().int(),
  lastMessageAt: z.number().int().nullable(),
  /** The asking Admin is a member: no break-glass needed. */
  isMember: z.boolean(),
  /** The asking Admin's live grant on this room, if any. */
  grant: ZBreakGlassGrant.nullable(),
});
export type TBreakGlassRoom = z.infer<typeof ZBreakGlassRoom>;
export const ZBreakGlassRoomsReply = z.object({ data: pagedReply(ZBreakGlassRoom) });

export const ZOpenBreakGlassRequest = z.object({
  reason: plainText(z.string().trim().min(BREAK_GLASS_LIMITS.reasonMin).max(BREAK_GLASS_LIMITS.reasonMax)),
});
export type TOpenBreakGlassRequest = z.input<typeof ZOpenBreakGlassRequest>;
export const ZBreakGlassGrantReply = z.object({ data: ZBreakGlassGrant });

export const ZBreakGlassMember = z.object({ id: ZId, fullName: z.string() });
export const ZBreakGlassMembersReply = z.object({ data: z.array(ZBreakGlassMember) });

/** A history page, read-only: the shape of POST /chat-room/messages. */
export const ZBreakGlassMessagesQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.messagesPageMax).default(LIMITS.messageFetchDefault),
});
export type TBreakGlassMessagesQuery = z.input<typeof ZBreakGlassMessagesQuery>;

/** 403 on every read and on ending: no live grant of the asking Admin on this room. */
const NO_GRANT = { 403: 'BREAK_GLASS_REQUIRED' } as const;

export const breakGlassRoutes = {
  rooms: apiRoute({
    method: 'GET',
    path: '/compliance/break-glass/rooms',
    query: ZBreakGlassRoomsQuery,
    reply: ZBreakGlassRoomsReply,
  }),
  open: apiRoute({
    method: 'POST',
    path: '/compliance/break-glass/rooms/:roomId',
    params: ZBreakGlassRoomParams,
    body: ZOpenBreakGlassRequest,
    reply: ZBreakGlassGrantReply,
    errors: { 400: 'VALIDATION_ERROR', 404: 'CONVERSATION_UNAVAILABLE', 409: ['ALREADY_MEMBER', 'GRANT_LIVE'] },
  }),
  grant: apiRoute({
    method: 'GET',
    path: '/compliance/break-glass/rooms/:roomId',
    params: ZBreakGlassRoomParams,
    reply: ZBreakGlassGrantReply,
    errors: NO_GRANT,
  }),
  end: apiRoute({
    method: 'POST',
    path: '/compliance/break-glass/rooms/:roomId/end',
    params: ZBreakGlassRoomParams,
    reply: ZBreakGlassGrantReply,
    errors: NO_GRANT,
  }),
  messages: apiRoute({
    method: 'GET',
    path: '/compliance/break-glass/rooms/:roomId/messages',
    params: ZBreakGlassRoomParams,
    query: ZBreakGlassMessagesQuery,
    reply: ZMessagesReply,
    errors: NO_GRANT,
  }),
  members: apiRoute({
    method: 'GET',
    path: '/compliance/break-glass/rooms/:roomId/members',
    params: ZBreakGlassRoomParams,
    reply: ZBreakGlassMembersReply,
    errors: NO_GRANT,
  }),
  file: apiRoute({
    method: 'GET',
    path: '/compliance/break-glass/rooms/:roomId/file',
    params: ZBreakGlassRoomParams,
    query: ZFileKeyQuery,
    raw: 'application/octet-stream',
    reply: z.unknown(),
    errors: { ...NO_GRANT, 404: 'NOT_FOUND' },
  }),
} as const;

/**
 * Export for counsel (issue 27; docs/decisions.md "Export for counsel"): an Admin asks for the conversations of a
 * room, or of a person across their rooms, over [from, to) (epoch milliseconds). The POST checks and records the
 * request and answers a short-lived single-use link; the browser then navigates to the GET, which streams the ZIP.
 */
const ZExportTime = z.number().int().min(0).max(32_503_680_000_000);

export const ZCreateExportRequest = z
  .object({ scope: ZHoldTargetType, targetId: ZId, from: ZExportTime, to: ZExportTime })
  .refine((r) => r.from < r.to, { message: 'must be after from', path: ['to'] });
export type TCreateExportRequest = z.input<typeof ZCreateExportRequest>;

export const ZCreateExportReply = z.object({
  data: z.object({
    /** The single-use credential of the download link (the GET's `token`). */
    token: z.string(),
    /** After this the link answers 404 (epoch milliseconds). */
    expiresAt: z.number().int(),
  }),
});
export type TCreateExportReply = z.infer<typeof ZCreateExportReply>;

export const ZExportDownloadQuery = z.object({ token: z.string().min(1).max(200) });

/** The name of the ZIP's entries: the manifest, a JSON Lines file per room, each file under its room and key. */
export const EXPORT_MANIFEST = 'manifest.json';

const ZExportPerson = z.object({ id: ZId, name: z.string() });

/** One line of a room's JSON Lines file: one message as it stands, with what happened to it after it was sent. */
export const ZExportMessageLine = z.object({
  id: ZId,
  roomId: ZId,
  seq: z.number().int(),
  /** ISO 8601, UTC. */
  sentAt: z.string(),
  /** null for the room's system messages (members added, calls). */
  sender: ZExportPerson.extend({ email: z.string() }).nullable(),
  /** The text; null once a deletion removed it (a legal hold keeps it: `deleted.keptByLegalHold`). */
  body: z.string().nullable(),
  /** A system message's event (type and data), as the room showed it. */
  event: z.unknown().nullable(),
  priority: z.object({ level: ZPriorityLevel, notify: z.array(ZExportPerson), sms: z.boolean() }).nullable(),
  acknowledgements: z.array(ZExportPerson.extend({ at: z.string() })),
  /** URGENT messages sent again to those who had not acknowledged. */
  escalations: z.array(z.object({ at: z.string(), notified: z.array(ZExportPerson), sms: z.boolean() })),
  files: z.array(
    z.object({ key: z.string(), name: z.string(), type: z.string(), size: z.number().int(), path: z.string() }),
  ),
  voice: z.object({ key: z.string(), durationSeconds: z.number(), path: z.string() }).nullable(),
  /** Removed by its sender; `at` from the user log's record of the removal (null if none is left). */
  deleted: z
    .object({ at: z.string().nullable(), by: ZExportPerson.nullable(), keptByLegalHold: z.boolean() })
    .nullable(),
});
export type TExportMessageLine = z.infer<typeof ZExportMessageLine>;

export const ZExportManifest = z.object({
  format: z.literal('rounds-counsel-export/1'),
  exportId: ZId,
  scope: ZHoldTargetType,
  target: ZHoldTarget,
  from: z.string(),
  to: z.string(),
  createdBy: ZExportPerson.extend({ email: z.string() }),
  createdAt: z.string(),
  /** When the ZIP was written (the download). */
  generatedAt: z.string(),
  rooms: z.array(
    z.object({
      id: ZId,
      type: z.string(),
      name: z.string(),
      members: z.array(ZExportPerson),
      path: z.string(),
      messages: z.number().int(),
    }),
  ),
  /** Every other entry of the ZIP with its SHA-256 (hex) and size in bytes, computed as it was written. */
  entries: z.array(
    z.object({
      path: z.string(),
      sha256: z.string(),
      bytes: z.number().int(),
      /** A file the message named but the store no longer had. */
      missing: z.boolean().optional(),
    }),
  ),
});
export type TExportManifest = z.infer<typeof ZExportManifest>;

export const complianceExportRoutes = {
  createExport: apiRoute({
    method: 'POST',
    path: '/compliance/exports',
    body: ZCreateExportRequest,
    reply: ZCreateExportReply,
    errors: { 400: 'VALIDATION_ERROR', 404: 'EXPORT_TARGET_NOT_FOUND' },
  }),
  /** What the browser navigates to: the ZIP itself (Content-Disposition: attachment), once. */
  downloadExport: apiRoute({
    method: 'GET',
    path: '/compliance/exports/download',
    query: ZExportDownloadQuery,
    raw: 'application/zip',
    reply: z.unknown(),
    errors: { 404: 'EXPORT_LINK_NOT_FOUND' },
  }),
} as const;
