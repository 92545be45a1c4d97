import { adminUserRoutes } from '@rounds/contracts/admin-users';
import { apiCall } from '../../../../lib/api-call';
import { useUserMutation } from './use-user-mutation';

/** DELETE /user/delete-user?id */
export function useDeleteUser() {
  return useUserMutation((id: string) => apiCall(adminUserRoutes.remove, { query: { id } }));
}
