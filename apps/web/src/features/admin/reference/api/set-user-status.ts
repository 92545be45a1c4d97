import { adminUserRoutes } from '@rounds/contracts/admin-users';
import type { TReferenceKind } from '@rounds/contracts/reference';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { showToast } from '../../../../lib/toast';
import { invalidateReference } from './save-reference-item';

/** POST /user/activate or /user/deactivate {userId} from a members table's Status column. */
export function useSetUserStatus(kind: TReferenceKind) {
  return useMutation({
    mutationFn: ({ userId, active }: { userId: string; active: boolean }) =>
      apiCall(active ? adminUserRoutes.activate : adminUserRoutes.deactivate, { body: { userId } }),
    onSuccess: (reply) => {
      showToast(reply.message, 'success');
      return invalidateReference(kind);
    },
  });
}
