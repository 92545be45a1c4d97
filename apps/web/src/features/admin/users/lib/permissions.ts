import type { TRole } from '@rounds/contracts/common';
import type { TPermissions } from '@rounds/contracts/user';
import { ADMIN_ONLY_PERMISSIONS, PERMISSION_KEYS, type TPermissionKey } from '@rounds/contracts/user-permissions';

/**
 * How the admin table reads a user's permissions (doc 2 section 4): sms, delSms and speechToText are on
 * unless explicitly false; voice and video are on only when explicitly true.
 */
export function permissionOn(permissions: TPermissions, key: TPermissionKey): boolean {
  return key === 'voice' || key === 'video' ? permissions[key] === true : permissions[key] !== false;
}

/** Only an Admin viewer may toggle message delete and speech to text (doc 2 sections 4 and 6). */
export function canTogglePermission(viewer: TRole | undefined, key: TPermissionKey): boolean {
  return viewer === 'Admin' || !ADMIN_ONLY_PERMISSIONS.includes(key);
}

/** The permissions a viewer may set for everyone at once (the bulk action panels). */
export function bulkPermissions(viewer: TRole | undefined): TPermissionKey[] {
  return PERMISSION_KEYS.filter((key) => canTogglePermission(viewer, key));
}
