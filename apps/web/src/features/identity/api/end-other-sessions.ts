import { authRoutes } from '@rounds/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { deviceSessionsQueryOptions } from './get-sessions';

/** DELETE /auth/sessions: every device but this one is signed out at once. */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiCall(authRoutes.endOtherSessions, {})).data.ended,
    onSettled: () => client.invalidateQueries({ queryKey: deviceSessionsQueryOptions().queryKey }),
  });
}
