import { z } from 'zod';
import { apiRoute } from './api-route';
import { pagedReply, ZId, ZRole } from './common';
import { LIMITS } from './limits';
import type { REFERENCE_KINDS, TReferenceKind } from './reference';
import { ZName, ZUser } from './user';
import {
  CLASSIFICATION_FIELDS,
  plainText,
  ZEmail,
  ZNewPassword,
  ZPhoneCountryCode,
  ZPhoneDigits,
  ZSessionTimeout,
} from './validation';

/** Columns the admin users table sorts by (doc 2 section 2: Name by firstName, Surname by lastName). */
export const ADMIN_USER_SORTS = ['firstName', 'lastName', 'email', 'role', 'active', 'lastLoginDate'] as const;

const ZFlag = z
  .union([z.boolean(), z.enum(['1', 'true', '0', 'false'])])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

/**
 * GET /user (doc 2 section 7): keyword, page, pageSize, sortBy, order; default sort firstName ascending.
 * Pages start at 1 as the reference lists do; the table shows 10 a page (doc 2 section 9).
 * The member lists of the reference edit pages use the same call (doc 2 section 7: "paged users filtered by
 * facilityId, departmentId, professionId, specialtyId or suffixId plus keyword"): one classification id
 * filters to its members, and with `exclude` to the users who are not (the Available users list).
 */
export const ZAdminUserListQuery = z.object({
  keyword: plainText(z.string().trim().max(LIMITS.textMaxLength)).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: z.enum(ADMIN_USER_SORTS).default('firstName'),
  order: z.enum(['asc', 'desc']).default('asc'),
  facilityId: ZId.optional(),
  departmentId: ZId.optional(),
  professionId: ZId.optional(),
  specialtyId: ZId.optional(),
  suffixId: ZId.optional(),
  exclude: ZFlag,
});
export type TAdminUserListQuery = z.infer<typeof ZAdminUserListQuery>;

/** The GET /user filter that lists the members of one reference item, by its kind (doc 2 section 7). */
export const MEMBER_FILTER = {
  facility: 'facilityId',
  department: 'departmentId',
  profession: 'professionId',
  specialty: 'specialtyId',
  suffix: 'suffixId',
} as const satisfies Record<TReferenceKind, keyof TAdminUserListQuery>;

export const ZAdminUserListReply = pagedReply(ZUser);
export type TAdminUserListReply = z.infer<typeof ZAdminUserListReply>;

/** POST /user/activate and /user/deactivate (doc 2 section 7: userId). */
export const ZUserStatusRequest = z.object({ userId: ZId });
/** POST /user/update-role (doc 2 section 7: id, role). */
export const ZUpdateRoleRequest = z.object({ id: ZId, role: ZRole });
/** DELETE /user/delete-user?id, GET /user/get-user?id, DELETE /user/delete-avatar?id. */
export const ZUserIdQuery = z.object({ id: ZId });
export const ZDeleteUserQuery = ZUserIdQuery;

export const ZAdminUserReply = z.object({ message: z.string(), data: ZUser });
export const ZAdminMessageReply = z.object({ message: z.string() });

/**
 * The admin profile form (doc 2 section 5): firstName, lastName required; facility, department, profession,
 * specialty at least one; suffix optional (one at most); email valid; phone '+' code then digits; session
 * timeout digits, empty means the default. The role is set here on create only; later through update-role.
 */
export const ZAdminUserFields = z.object({
  firstName: ZName,
  lastName: ZName,
  email: ZEmail,
  phone: ZPhoneDigits,
  phoneCountryCode: ZPhoneCountryCode,
  phoneCountryName: plainText(z.string().trim().max(LIMITS.textMaxLength)).optional(),
  ...CLASSIFICATION_FIELDS,
  sessionTimeout: ZSessionTimeout,
});
export type TAdminUserFields = z.input<typeof ZAdminUserFields>;

/** POST /user: a new user, who gets an email to set their password. */
export const ZCreateUserRequest = ZAdminUserFields.extend({ role: ZRole.default('Regular') });
/** POST /user/update-user */
export const ZUpdateUserRequest = ZAdminUserFields.extend({ id: ZId });
/**
 * POST /user/reset-password (the spec's Actions column; path and body not shown): the administrator sets a
 * new password; the user's sessions end and the next sign-in asks them to choose their own.
 */
export const ZAdminResetPasswordRequest = z.object({ id: ZId, newPassword: ZNewPassword });

/** The bulk CSV's columns, in the template's order (the template download is built from them). */
export const BULK_CSV_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'phoneCountryCode',
  'phone',
  'facility',
  'department',
  'profession',
  'specialty',
  'suffix',
  'role',
] as const;

/**
 * One row of the Bulk Users Upload Results modal, the spec's bulk create result item (doc 2 section 3:
 * user {email, rowNumber}, status, reason, errors). Rows count from 1 after the header.
 */
export const ZBulkRowResult = z.object({
  user: z.object({ email: z.string(), rowNumber: z.number().int() }),
  status: z.enum(['created', 'failed']),
  reason: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type TBulkRowResult = z.infer<typeof ZBulkRowResult>;
export const ZBulkImportReply = z.object({
  message: z.string(),
  data: z.object({ created: z.number().int(), failed: z.number().int(), results: z.array(ZBulkRowResult) }),
});
export type TBulkImportReply = z.infer<typeof ZBulkImportReply>;

/** Adding or removing a member of a reference item (doc 2 section 4; path not shown). */
export const ZMemberRequest = z.object({ id: ZId, userId: ZId });

export const adminUserRoutes = {
  list: apiRoute({ method: 'GET', path: '/user', query: ZAdminUserListQuery, reply: ZAdminUserListReply }),
  get: apiRoute({
    method: 'GET',
    path: '/user/get-user',
    query: ZUserIdQuery,
    reply: z.object({ data: ZUser }),
  }),
  create: apiRoute({ method: 'POST', path: '/user', body: ZCreateUserRequest, reply: ZAdminUserReply }),
  update: apiRoute({ method: 'POST', path: '/user/update-user', body: ZUpdateUserRequest, reply: ZAdminUserReply }),
  remove: apiRoute({ method: 'DELETE', path: '/user/delete-user', query: ZUserIdQuery, reply: ZAdminMessageReply }),
  activate: apiRoute({ method: 'POST', path: '/user/activate', body: ZUserStatusRequest, reply: ZAdminUserReply }),
  deactivate: apiRoute({
    method: 'POST',
    path: '/user/deactivate',
    body: ZUserStatusRequest,
    reply: ZAdminUserReply,
  }),
  updateRole: apiRoute({
    method: 'POST',
    path: '/user/update-role',
    body: ZUpdateRoleRequest,
    reply: ZAdminUserReply,
  }),
  resetPassword: apiRoute({
    method: 'POST',
    path: '/user/reset-password',
    body: ZAdminResetPasswordRequest,
    reply: ZAdminMessageReply,
  }),
  /** Multipart: `file` (png, gif or jpeg, at most LIMITS.avatarMaxBytes) and `id`. */
  uploadAvatar: apiRoute({ method: 'POST', path: '/user/upload-avatar', multipart: true, reply: ZAdminUserReply }),
  deleteAvatar: apiRoute({
    method: 'DELETE',
    path: '/user/delete-avatar',
    query: ZUserIdQuery,
    reply: ZAdminUserReply,
  }),
  /** Multipart: `file`, a CSV of BULK_CSV_COLUMNS, at most LIMITS.csvMaxBytes. */
  importCsv: apiRoute({ method: 'POST', path: '/user/import-from-csv', multipart: true, reply: ZBulkImportReply }),
} as const;

/** Add and remove members of one reference kind: POST /<kind>/add-member and /<kind>/remove-member. */
export function memberRoutes(kind: (typeof REFERENCE_KINDS)[number]) {
  return {
    add: apiRoute({ method: 'POST', path: `/${kind}/add-member`, body: ZMemberRequest, reply: ZAdminMessageReply }),
    remove: apiRoute({
      method: 'POST',
      path: `/${kind}/remove-member`,
      body: ZMemberRequest,
      reply: ZAdminMessageReply,
    }),
  } as const;
}
