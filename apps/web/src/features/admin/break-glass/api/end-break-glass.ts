import { breakGlassRoutes } from '@rounds/contracts/compliance';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { queryClient } from '../../../../lib/query-client';
import { BREAK_GLASS_KEY } from './find-rooms';

/** POST /compliance/break-glass/rooms/:roomId/end: the access ends now rather than at the hour. */
export function useEndBreakGlass() {
  return useMutation({
    mutationFn: (roomId: string) => apiCall(breakGlassRoutes.end, { params: { roomId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BREAK_GLASS_KEY }),
  });
}
