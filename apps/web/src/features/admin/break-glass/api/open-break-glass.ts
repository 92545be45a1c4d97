import { breakGlassRoutes } from '@rounds/contracts/compliance';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { queryClient } from '../../../../lib/query-client';
import { BREAK_GLASS_KEY } from './find-rooms';

/** POST /compliance/break-glass/rooms/:roomId: an hour's read-only access, with the reason typed. */
export function useOpenBreakGlass() {
  return useMutation({
    mutationFn: ({ roomId, reason }: { roomId: string; reason: string }) =>
      apiCall(breakGlassRoutes.open, { params: { roomId }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BREAK_GLASS_KEY }),
  });
}
