import { z } from 'zod';
import { pagedReply, ZId, ZRole } from './common';
import { LIMITS } from './limits';
import { ZUser } from './user';
import { plainText } from './validation';

/** Columns the admin users table sorts by (doc 2 section 2: Name by firstName, Surname by lastName). */
export const ADMIN_USER_SORTS = ['firstName', 'lastName', 'email', 'role', 'active', 'lastLoginDate'] as const;

/**
 * GET /user (doc 2 section 7): keyword, page, pageSize, sortBy, order; default sort firstName ascending.
 * Pages start at 1 as the reference lists do; the table shows 10 a page (doc 2 section 9).
 */
export const ZAdminUserListQuery = z.object({
  keyword: plainText(z.string().trim().max(LIMITS.textMaxLength)).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: z.enum(ADMIN_USER_SORTS).default('firstName'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TAdminUserListQuery = z.infer<typeof ZAdminUserListQuery>;

export const ZAdminUserListReply = pagedReply(ZUser);
export type TAdminUserListReply = z.infer<typeof ZAdminUserListReply>;

/** POST /user/activate and /user/deactivate (doc 2 section 7: userId). */
export const ZUserStatusRequest = z.object({ userId: ZId });
/** POST /user/update-role (doc 2 section 7: id, role). */
export const ZUpdateRoleRequest = z.object({ id: ZId, role: ZRole });
/** DELETE /user/delete-user?id. */
export const ZDeleteUserQuery = z.object({ id: ZId });

export const ZAdminUserReply = z.object({ message: z.string(), data: ZUser });
export const ZAdminMessageReply = z.object({ message: z.string() });
