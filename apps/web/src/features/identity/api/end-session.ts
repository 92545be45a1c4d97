import { authRoutes } from '@rounds/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { deviceSessionsQueryOptions } from './get-sessions';

/** DELETE /auth/sessions/:id: that device is signed out at once. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(authRoutes.endSession, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: deviceSessionsQueryOptions().queryKey }),
  });
}
