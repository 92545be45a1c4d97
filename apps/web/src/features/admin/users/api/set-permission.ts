import { type TPermissionKey, userPermissionRoutes } from '@rounds/contracts/user-permissions';
import { apiCall } from '../../../../lib/api-call';
import { useUserMutation } from './use-user-mutation';

/** POST /user/permission: one permission of one user. */
export function useSetPermission() {
  return useUserMutation((body: { userId: string; permission: TPermissionKey; value: boolean }) =>
    apiCall(userPermissionRoutes.set, { body }),
  );
}

/** POST /user/permission/all: one permission for every user the viewer manages (bulk action panels). */
export function useSetPermissionForAll() {
  return useUserMutation((body: { permission: TPermissionKey; value: boolean }) =>
    apiCall(userPermissionRoutes.setAll, { body }),
  );
}
