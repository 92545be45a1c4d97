import { z } from 'zod';
import { apiRoute } from './api-route';
import { pagedReply } from './common';
import { LIMITS } from './limits';
import { plainText } from './validation';

/** A unix time in seconds, as the logs page sends its range (doc 2 section 7: start and end of day). */
const ZSeconds = z.coerce.number().int().min(0).max(32_503_680_000);

/**
 * GET /user/logs and GET /user/export-logs (doc 2 section 7): page (from 0), pageSize (10 by default), sortBy,
 * order (createdAt descending by default), keyword, from and to in unix seconds.
 */
export const ZUserLogsQuery = z.object({
  keyword: plainText(z.string().trim().max(LIMITS.textMaxLength)).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: z.enum(['createdAt', 'event']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  from: ZSeconds.optional(),
  to: ZSeconds.optional(),
});
export type TUserLogsQuery = z.infer<typeof ZUserLogsQuery>;

export const ZUserLogsExportQuery = ZUserLogsQuery.omit({ page: true, pageSize: true }).extend({
  format: z.enum(['csv']).default('csv'),
});
export type TUserLogsExportQuery = z.infer<typeof ZUserLogsExportQuery>;

/**
 * The events a user log records. The server writes these names (English, as stored and exported); the logs
 * screen shows each in the reader's language (web locales admin-sections logs.events).
 */
export const USER_LOG_EVENTS = [
  'register',
  'login',
  'login failed',
  'login throttled',
  'login storm',
  'outbox read',
  'account locked',
  'logout',
  'password changed',
  'password reset',
  'email verified',
  'phone verified',
  'email change requested',
  'phone change requested',
  'email changed',
  'phone changed',
  'contact change cancelled',
  'account updated',
  'settings updated',
  'avatar changed',
  'avatar removed',
  'token reuse detected',
  'group created',
  'group updated',
  'group deleted',
  'group left',
  'message removed',
  'permissions changed',
  'logs exported',
  'user activated',
  'user deactivated',
  'role changed',
  'user deleted',
  'logo changed',
  'about texts changed',
  'banner changed',
  'password policy changed',
  'app setting changed',
  'user created',
  'user updated',
  'password set by admin',
  'member added',
  'member removed',
  'duty role created',
  'duty role updated',
  'duty role retired',
  'duty role taken',
  'duty role released',
  'duty schedule changed',
  'escalation policy changed',
  'escalation step',
  'escalation acknowledged',
  'escalation unanswered',
  'duty role uncovered',
  'retention changed',
  'retention sweep',
  'legal hold placed',
  'legal hold released',
  'break-glass opened',
  'break-glass ended',
  'conversations exported',
  'session ended',
  'other sessions ended',
  'unlock PIN set',
  'unlock PIN removed',
  'signed out after wrong unlocks',
  'sso sign-in refused',
  'sso account created',
  'sso account linked',
  'sso account updated',
  'sso logout',
  'sso policy changed',
  'second factor added',
  'second factor renamed',
  'second factor removed',
  'second factors reset',
  'second factor failed',
  'recovery code used',
  'recovery codes renewed',
  'multi-factor policy changed',
  'passkey sign-in',
  'passkey refused',
  'scim token created',
  'scim token rotated',
  'scim token revoked',
  'scim provisioning',
] as const;
export type TUserLogEvent = (typeof USER_LOG_EVENTS)[number];

/** User log (doc 2 section 3): the user it is about (null for an unknown one), the event, createdAt in seconds. */
export const ZUserLog = z.object({
  id: z.string(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  event: z.string(),
  ip: z.string().nullable(),
  createdAt: z.number().int(),
});
export type TUserLog = z.infer<typeof ZUserLog>;

export const ZUserLogsReply = pagedReply(ZUserLog);
export type TUserLogsReply = z.infer<typeof ZUserLogsReply>;

/** Columns of logs.csv, in order. */
export const USER_LOG_CSV_COLUMNS = ['Name', 'Email', 'Event', 'Date', 'Address'] as const;

/**
 * The logs routes as contracts. The export replies with the CSV file itself (text/csv, saved as logs.csv), not
 * JSON: the web asks for it as a blob, and its reply schema only documents that.
 */
export const userLogRoutes = {
  list: apiRoute({ method: 'GET', path: '/user/logs', query: ZUserLogsQuery, reply: ZUserLogsReply }),
  export: apiRoute({
    method: 'GET',
    path: '/user/export-logs',
    query: ZUserLogsExportQuery,
    raw: 'text/csv',
    reply: z.unknown(),
  }),
} as const;
