import { onCallRoutes, type TDutyHolder } from '@rounds/contracts/on-call';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { ApiError } from '../../../lib/api-client';
import { invalidateDutyRoles } from './get-duty-roles';

export type TTakeInput = { id: string; mode?: 'takeOver' | 'join'; note?: string };

/** The holders a 409 ROLE_HELD names: the server asks the taker what to do about them. */
export function heldBy(error: unknown): TDutyHolder[] | null {
  if (!(error instanceof ApiError) || error.code !== 'ROLE_HELD') return null;
  return Array.isArray(error.data.holders) ? (error.data.holders as TDutyHolder[]) : [];
}

/** POST /roles/:id/take. A ROLE_HELD refusal is the caller's to handle (the take-over question), not a toast. */
export function useTakeDutyRole() {
  return useMutation({
    mutationFn: ({ id, mode, note }: TTakeInput) =>
      apiCall(
        onCallRoutes.take,
        { params: { id }, body: { ...(mode ? { mode } : {}), ...(note ? { note } : {}) } },
        { toast: (error) => error.code !== 'ROLE_HELD' },
      ),
    onSuccess: () => invalidateDutyRoles(),
  });
}
