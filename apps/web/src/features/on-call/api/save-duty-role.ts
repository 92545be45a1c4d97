import { onCallRoutes } from '@rounds/contracts/on-call';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { invalidateDutyRoles } from './get-duty-roles';

export type TDutyRoleForm = { name: string; facilityId: string; departmentId: string | null; timeZone: string };

/** POST /roles creates; PUT /roles/:id renames (and moves to another department). */
export function useSaveDutyRole() {
  return useMutation({
    mutationFn: ({ id, form }: { id?: string; form: TDutyRoleForm }) =>
      id
        ? apiCall(onCallRoutes.update, { params: { id }, body: { name: form.name, departmentId: form.departmentId } })
        : apiCall(onCallRoutes.create, { body: form }),
    onSuccess: () => invalidateDutyRoles(),
  });
}
