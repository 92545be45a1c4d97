import { memberRoutes } from '@rounds/contracts/admin-users';
import type { TReferenceKind } from '@rounds/contracts/reference';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { showToast } from '../../../../lib/toast';
import { invalidateReference } from './save-reference-item';

/** POST /<kind>/add-member or /<kind>/remove-member {id, userId}; the server's message is the toast. */
export function useChangeMember(kind: TReferenceKind, id: string) {
  return useMutation({
    mutationFn: ({ userId, add }: { userId: string; add: boolean }) =>
      apiCall(add ? memberRoutes(kind).add : memberRoutes(kind).remove, { body: { id, userId } }),
    onSuccess: (reply) => {
      showToast(reply.message, 'success');
      return invalidateReference(kind);
    },
  });
}
