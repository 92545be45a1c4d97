import { mfaRoutes } from '@rounds/contracts/mfa';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

/** POST /user/:id/mfa/reset: an Admin removes a user's authenticators and recovery codes (a lost phone). */
export function useResetUserMfa() {
  return useMutation({ mutationFn: (id: string) => apiCall(mfaRoutes.resetUser, { params: { id } }) });
}
