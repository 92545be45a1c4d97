import type { TReplyOf } from '@rounds/contracts/api-route';
import { quickUnlockRoutes, type TUnlockRequest } from '@rounds/contracts/quick-unlock';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import type { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';

/** GET /account/quick-unlock: whether this account has a PIN, and the hospital's idle minutes before the lock. */
export const quickUnlockQueryOptions = () =>
  queryOptions({
    queryKey: ['identity', 'quick-unlock'],
    queryFn: async ({ signal }) => (await apiCall(quickUnlockRoutes.status, {}, { signal, toast: false })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useQuickUnlockStatus(enabled = true) {
  return useQuery({ ...quickUnlockQueryOptions(), enabled });
}

type TSetPinReply = TReplyOf<typeof quickUnlockRoutes.setPin>;

/** PUT /account/quick-unlock: sets or changes the PIN (with the password). Errors are shown in the form. */
export function useSetUnlockPin() {
  const client = useQueryClient();
  return useMutation<TSetPinReply, ApiError, { pin: string; password?: string }>({
    mutationFn: (body) => apiCall(quickUnlockRoutes.setPin, { body }, { toast: false }),
    onSuccess: (reply) => client.setQueryData(quickUnlockQueryOptions().queryKey, reply.data),
  });
}

export function useRemoveUnlockPin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(quickUnlockRoutes.removePin, {}),
    onSuccess: (reply) => client.setQueryData(quickUnlockQueryOptions().queryKey, reply.data),
  });
}

/**
 * POST /auth/unlock. A wrong try is said in the lock's form; the fifth ends the session, which the api-client
 * turns into the login page (its 401), with the server's reason as the toast.
 */
export function useUnlock() {
  return useMutation<unknown, ApiError, TUnlockRequest>({
    mutationFn: (body) => apiCall(quickUnlockRoutes.unlock, { body }, { toast: false }),
    // The session is over: the login page comes next, and says why (not the generic "session expired").
    onError: (error) => {
      if (error.status === 401) showToast(error.message, 'error', { autoClose: 15_000 });
    },
  });
}
