import { adminUserRoutes } from '@rounds/contracts/admin-users';
import type { TBodyIn } from '@rounds/contracts/api-route';
import { apiCall } from '../../../../lib/api-call';
import { useUserMutation } from './use-user-mutation';

/** POST /user: a new user, who gets an email to set their password. Field errors are shown at the fields. */
export function useCreateUser() {
  return useUserMutation((body: TBodyIn<typeof adminUserRoutes.create>) =>
    apiCall(adminUserRoutes.create, { body }, { toast: (error) => error.status !== 400 && error.status !== 409 }),
  );
}
