import { adminUserRoutes } from '@rounds/contracts/admin-users';
import { apiCall } from '../../../../lib/api-call';
import { useUserMutation } from './use-user-mutation';

/** POST /user/activate or /user/deactivate (doc 2 section 7: userId). */
export function useSetUserActive() {
  return useUserMutation(({ userId, active }: { userId: string; active: boolean }) =>
    apiCall(active ? adminUserRoutes.activate : adminUserRoutes.deactivate, { body: { userId } }),
  );
}
