import { adminUserRoutes } from '@rounds/contracts/admin-users';
import type { TBodyIn } from '@rounds/contracts/api-route';
import { apiCall } from '../../../../lib/api-call';
import { useUserMutation } from './use-user-mutation';

/** POST /user/update-user. Field errors are shown at the fields. */
export function useUpdateUser() {
  return useUserMutation((body: TBodyIn<typeof adminUserRoutes.update>) =>
    apiCall(adminUserRoutes.update, { body }, { toast: (error) => error.status !== 400 && error.status !== 409 }),
  );
}
