import { adminUserRoutes } from '@rounds/contracts/admin-users';
import type { TRole } from '@rounds/contracts/common';
import { apiCall } from '../../../../lib/api-call';
import { useUserMutation } from './use-user-mutation';

/** POST /user/update-role (doc 2 section 7: id, role). */
export function useUpdateRole() {
  return useUserMutation((body: { id: string; role: TRole }) => apiCall(adminUserRoutes.updateRole, { body }));
}
