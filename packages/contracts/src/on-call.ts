import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZChatRoomReply } from './chat';
import { pagedReply, ZId, ZIdParams } from './common';
import { LIMITS } from './limits';
import { MSG, plainText } from './validation';

/**
 * On-call duty roles (issue 25): an addressable duty of a facility, optionally of a department ("Cardiology on
 * call"), held by zero, one or several people at a time, by hand or by schedule. "Duty role" keeps these apart
 * from the user roles (Admin, FacilityAdmin, Regular) everywhere in the code; the API says `roles` as the issue
 * names it.
 */

const ZEpochMs = z.coerce.number().int().min(0).max(32_503_680_000_000);
const ZLocalDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'must be a date YYYY-MM-DD');
const ZLocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM');
export const ZDutyRoleName = plainText(z.string().trim().min(1, MSG.required).max(LIMITS.textMaxLength));
const ZNote = plainText(z.string().trim().max(500));

export const ZDutyHolder = z.object({
  userId: ZId,
  fullName: z.string(),
  /** How they hold it now: taken by hand, or by the schedule (a shift or a weekly rotation). */
  source: z.enum(['hand', 'schedule']),
  since: z.number().int(),
  /** When it ends by itself (a shift's end); null for a hand hold until released. */
  until: z.number().int().nullable(),
});
export type TDutyHolder = z.infer<typeof ZDutyHolder>;

export const ZDutyRole = z.object({
  id: ZId,
  name: z.string(),
  facilityId: ZId,
  facilityName: z.string(),
  departmentId: ZId.nullable(),
  departmentName: z.string().nullable(),
  /** The IANA zone its schedule is written in (the facility's). */
  timeZone: z.string(),
  holders: z.array(ZDutyHolder),
});
export type TDutyRole = z.infer<typeof ZDutyRole>;

export const ZDutyRolesQuery = z.object({
  facilityId: z.union([ZId, z.array(ZId).max(200)]).optional(),
  departmentId: ZId.optional(),
  keyword: plainText(z.string().trim().max(LIMITS.textMaxLength)).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type TDutyRolesQuery = z.input<typeof ZDutyRolesQuery>;
export const ZDutyRolesReply = pagedReply(ZDutyRole);
export type TDutyRolesReply = z.infer<typeof ZDutyRolesReply>;

export const ZDutyRoleReply = z.object({ data: ZDutyRole });

export const ZCreateDutyRoleRequest = z.object({
  name: ZDutyRoleName,
  facilityId: ZId,
  departmentId: ZId.nullable().optional(),
  timeZone: z.string().trim().min(1).max(64),
});
export const ZUpdateDutyRoleRequest = z.object({ name: ZDutyRoleName, departmentId: ZId.nullable().optional() });

/**
 * Taking a role. When someone holds it, the server answers 409 ROLE_HELD with the holders unless the caller
 * says what to do: `takeOver` (they are released and told, with the note) or `join` (hold it with them).
 */
export const ZTakeDutyRoleRequest = z.object({
  mode: z.enum(['takeOver', 'join']).optional(),
  note: ZNote.optional(),
  /** The end of the shift it is taken for; without it the role is held until released. */
  until: ZEpochMs.optional(),
});
export const ZRoleHeldError = z.object({
  message: z.string(),
  code: z.literal('ROLE_HELD'),
  holders: z.array(ZDutyHolder),
});

export const ZOnCallQuery = z.object({
  facilityId: ZId,
  /** The instant asked about; now by default. */
  at: ZEpochMs.optional(),
});
export const ZOnCallReply = z.object({
  data: z.object({
    at: z.number().int(),
    roles: z.array(ZDutyRole),
  }),
});
export type TOnCallReply = z.infer<typeof ZOnCallReply>;

export const ZDutyShift = z.object({ userId: ZId, startsAt: ZEpochMs, endsAt: ZEpochMs });
export const ZDutyRotation = z.object({
  userId: ZId,
  /** 0 Monday … 6 Sunday. */
  weekdays: z.array(z.number().int().min(0).max(6)).max(7),
  startTime: ZLocalTime,
  /** At or before startTime: the occurrence ends the next day. */
  endTime: ZLocalTime,
  fromDate: ZLocalDate,
  untilDate: ZLocalDate.nullable(),
  /** Days (the one an occurrence starts) the rotation skips. */
  exceptions: z.array(ZLocalDate).max(366),
});
export type TDutyRotation = z.infer<typeof ZDutyRotation>;
export const ZDutySchedule = z.object({
  shifts: z.array(ZDutyShift).max(2000),
  rotations: z.array(ZDutyRotation).max(200),
});
export type TDutySchedule = z.infer<typeof ZDutySchedule>;
export const ZDutyScheduleReply = z.object({ data: ZDutySchedule });

/** The schedule CSV's columns: one shift a row, local date-times in the role's time zone. */
export const DUTY_SCHEDULE_CSV_COLUMNS = ['role', 'email', 'start', 'end'] as const;
export const ZScheduleImportReply = z.object({
  data: z.object({
    imported: z.number().int(),
    /** Every bad row, by its line in the file; when there is one, nothing was imported. */
    errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  }),
});
export type TScheduleImportReply = z.infer<typeof ZScheduleImportReply>;

/** Told to everyone when a role's holders may have changed, so open On call views ask again. */
export const ZDutyRoleChangedEvent = z.object({ roleId: ZId, facilityId: ZId });
/** Told to a holder someone took the role over from. */
export const ZDutyRoleTakenOverEvent = z.object({
  roleId: ZId,
  roleName: z.string(),
  byName: z.string(),
  note: z.string().nullable(),
});

export const onCallRoutes = {
  list: apiRoute({ method: 'GET', path: '/roles', query: ZDutyRolesQuery, reply: ZDutyRolesReply }),
  create: apiRoute({
    method: 'POST',
    path: '/roles',
    body: ZCreateDutyRoleRequest,
    reply: ZDutyRoleReply,
    errors: { 400: 'VALIDATION_ERROR', 403: 'OUT_OF_SCOPE', 409: 'DUTY_ROLE_NAME_TAKEN' },
  }),
  update: apiRoute({
    method: 'PUT',
    path: '/roles/:id',
    params: ZIdParams,
    body: ZUpdateDutyRoleRequest,
    reply: ZDutyRoleReply,
    errors: { 403: 'OUT_OF_SCOPE', 404: 'DUTY_ROLE_NOT_FOUND', 409: 'DUTY_ROLE_NAME_TAKEN' },
  }),
  retire: apiRoute({
    method: 'DELETE',
    path: '/roles/:id',
    params: ZIdParams,
    reply: z.object({ message: z.string() }),
    errors: { 403: 'OUT_OF_SCOPE', 404: 'DUTY_ROLE_NOT_FOUND', 409: 'ESCALATION_PENDING' },
  }),
  take: apiRoute({
    method: 'POST',
    path: '/roles/:id/take',
    params: ZIdParams,
    body: ZTakeDutyRoleRequest,
    reply: ZDutyRoleReply,
    errors: { 403: 'NOT_ROLE_FACILITY', 404: 'DUTY_ROLE_NOT_FOUND', 409: 'ROLE_HELD' },
  }),
  release: apiRoute({
    method: 'POST',
    path: '/roles/:id/release',
    params: ZIdParams,
    reply: ZDutyRoleReply,
    errors: { 404: 'DUTY_ROLE_NOT_FOUND' },
  }),
  schedule: apiRoute({
    method: 'GET',
    path: '/roles/:id/schedule',
    params: ZIdParams,
    reply: ZDutyScheduleReply,
    errors: { 403: 'OUT_OF_SCOPE', 404: 'DUTY_ROLE_NOT_FOUND' },
  }),
  setSchedule: apiRoute({
    method: 'PUT',
    path: '/roles/:id/schedule',
    params: ZIdParams,
    body: ZDutySchedule,
    reply: ZDutyScheduleReply,
    errors: { 400: 'VALIDATION_ERROR', 403: 'OUT_OF_SCOPE', 404: 'DUTY_ROLE_NOT_FOUND' },
  }),
  importSchedule: apiRoute({
    method: 'POST',
    path: '/roles/schedule/import',
    multipart: true,
    reply: ZScheduleImportReply,
    errors: {
      400: ['UNSUPPORTED_FILE', 'EMPTY_FILE', 'INVALID_CSV', 'VALIDATION_ERROR'],
      403: 'OUT_OF_SCOPE',
      413: 'FILE_TOO_LARGE',
    },
  }),
  onCall: apiRoute({ method: 'GET', path: '/on-call', query: ZOnCallQuery, reply: ZOnCallReply }),
  /**
   * Opens the role's conversation: starts or continues its room (one per role), the caller a member of it, and
   * answers it as the chat's room routes do. Sending there while nobody holds the role is refused (409
   * ROLE_UNHELD, on SendMessage).
   */
  room: apiRoute({
    method: 'POST',
    path: '/roles/:id/room',
    params: ZIdParams,
    reply: ZChatRoomReply,
    errors: { 404: 'DUTY_ROLE_NOT_FOUND' },
  }),
} as const;
