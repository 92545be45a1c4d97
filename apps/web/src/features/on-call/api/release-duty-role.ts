import { onCallRoutes } from '@rounds/contracts/on-call';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { invalidateDutyRoles } from './get-duty-roles';

/** POST /roles/:id/release. */
export function useReleaseDutyRole() {
  return useMutation({
    mutationFn: (id: string) => apiCall(onCallRoutes.release, { params: { id } }),
    onSuccess: () => invalidateDutyRoles(),
  });
}
