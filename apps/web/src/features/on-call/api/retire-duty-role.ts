import { onCallRoutes } from '@rounds/contracts/on-call';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { invalidateDutyRoles } from './get-duty-roles';

/** DELETE /roles/:id: the role is retired (gone from lists, kept in the user log). */
export function useRetireDutyRole() {
  return useMutation({
    mutationFn: (id: string) => apiCall(onCallRoutes.retire, { params: { id } }),
    onSuccess: () => invalidateDutyRoles(),
  });
}
