import { authRoutes } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /user/set-password: the forced flow, with the token that came in the link's query string. */
export function setPassword(body: { token: string; password: string }) {
  return apiCall(authRoutes.setPassword, { body }, { auth: false });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
