import { onCallRoutes } from '@rounds/contracts/on-call';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { invalidateDutyRoles } from './get-duty-roles';

/**
 * POST /roles/schedule/import (multipart: facilityId, file): the reply lists every bad row by line, and then
 * nothing was imported; a whole-file refusal (not a CSV, wrong columns) is shown in the same modal, so no toast.
 */
export function useImportSchedule() {
  return useMutation({
    mutationFn: ({ facilityId, file }: { facilityId: string; file: File }) => {
      const body = new FormData();
      body.append('facilityId', facilityId);
      body.append('file', file);
      return apiCall(onCallRoutes.importSchedule, { body }, { toast: false, timeoutMs: 120_000 });
    },
    onSuccess: () => invalidateDutyRoles(),
  });
}
