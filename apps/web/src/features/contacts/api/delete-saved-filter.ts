import { contactRoutes, type TSavedFilter } from '@rounds/contracts/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { ApiError } from '../../../lib/api-client';
import { SAVED_FILTERS_KEY } from './get-saved-filters';

/**
 * DELETE /filter {id} (JSON body). A 404 means the filter is gone already (deleted in another tab; another
 * user's id answers the same), which is what the user asked for: it counts as done, without an error toast.
 */
export async function deleteSavedFilter(id: string): Promise<void> {
  try {
    await apiCall(contactRoutes.deleteFilter, { body: { id } }, { toast: (error) => error.status !== 404 });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useDeleteSavedFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedFilter,
    onSuccess: (_reply, id) => {
      queryClient.setQueryData<TSavedFilter[]>(SAVED_FILTERS_KEY, (list) => list?.filter((item) => item.id !== id));
    },
  });
}
