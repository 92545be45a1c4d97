import { referenceRoutes, type TReferenceKind } from '@rounds/contracts/reference';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { invalidateReference } from './save-reference-item';

/** DELETE /<kind> {id}. */
export function useDeleteReferenceItem(kind: TReferenceKind) {
  return useMutation({
    mutationFn: (id: string) => apiCall(referenceRoutes(kind).remove, { body: { id } }),
    onSuccess: () => invalidateReference(kind),
  });
}
