import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZId } from './common';
import { ZPermissions } from './user';

/**
 * Per-user permissions set by an administrator (doc 2 sections 4, 6 and 7: POST /user/permission and
 * POST /user/permission/all). The spec shows no body; ours names the user, the permission and its value.
 * Only an Admin may set delSms and speechToText; a FacilityAdmin may set voice, video and sms.
 */
export const PERMISSION_KEYS = ['voice', 'video', 'sms', 'delSms', 'speechToText'] as const;
export const ZPermissionKey = z.enum(PERMISSION_KEYS);
export type TPermissionKey = z.infer<typeof ZPermissionKey>;
export const ADMIN_ONLY_PERMISSIONS: readonly TPermissionKey[] = ['delSms', 'speechToText'];

export const ZSetPermissionRequest = z.object({
  userId: ZId,
  permission: ZPermissionKey,
  value: z.boolean(),
});
export type TSetPermissionRequest = z.infer<typeof ZSetPermissionRequest>;

export const ZSetPermissionAllRequest = z.object({ permission: ZPermissionKey, value: z.boolean() });
export type TSetPermissionAllRequest = z.infer<typeof ZSetPermissionAllRequest>;

export const ZSetPermissionReply = z.object({
  message: z.string(),
  data: z.object({ userId: z.string(), permissions: ZPermissions }),
});
export const ZSetPermissionAllReply = z.object({
  message: z.string(),
  data: z.object({ permission: ZPermissionKey, value: z.boolean(), users: z.number().int() }),
});

/**
 * PermissionsChanged, to each affected user: the permissions that changed (a patch over what the client has).
 * The same payload for one user or for everyone, so one handler applies both.
 */
export const ZPermissionsChangedPayload = z.object({ permissions: ZPermissions });
export type TPermissionsChangedPayload = z.infer<typeof ZPermissionsChangedPayload>;

/** POST /user/permission and /user/permission/all as route contracts (the admin Users section calls them). */
export const userPermissionRoutes = {
  set: apiRoute({ method: 'POST', path: '/user/permission', body: ZSetPermissionRequest, reply: ZSetPermissionReply }),
  setAll: apiRoute({
    method: 'POST',
    path: '/user/permission/all',
    body: ZSetPermissionAllRequest,
    reply: ZSetPermissionAllReply,
  }),
} as const;
