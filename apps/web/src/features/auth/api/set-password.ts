import { ZMessageReply } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /user/set-password: the forced flow, with the token that came in the link's query string. */
export function setPassword(body: { token: string; password: string }) {
  return api.post('/user/set-password', body, { schema: ZMessageReply, auth: false });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
