import { referenceRoutes, type TReferenceKind } from '@rounds/contracts/reference';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { queryClient } from '../../../../lib/query-client';
import { referenceAdminKey } from './get-reference-page';

/** After any write of a kind: the admin pages and every form offering that kind (registration, profiles). */
export function invalidateReference(kind: TReferenceKind): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: referenceAdminKey(kind) }),
    queryClient.invalidateQueries({ queryKey: ['reference', kind] }),
  ]);
}

/** POST /<kind> {name} creates, PUT /<kind> {id, name} renames. */
export function useSaveReferenceItem(kind: TReferenceKind) {
  return useMutation({
    mutationFn: ({ id, name }: { id?: string; name: string }) =>
      id
        ? apiCall(referenceRoutes(kind).update, { body: { id, name } })
        : apiCall(referenceRoutes(kind).create, { body: { name } }),
    onSuccess: () => invalidateReference(kind),
  });
}
