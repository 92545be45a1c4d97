import type { TBodyIn } from '@rounds/contracts/api-route';
import { contactRoutes, type TSavedFilter } from '@rounds/contracts/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { SAVED_FILTERS_KEY } from './get-saved-filters';

export type TCreateSavedFilter = TBodyIn<typeof contactRoutes.createFilter>;

/**
 * POST /filter {name, params}: saves the current choices under a name; the reply is the stored filter. A name
 * the user already gave another filter (409) is the form's to show beside the field, not a toast.
 */
export async function createSavedFilter(request: TCreateSavedFilter): Promise<TSavedFilter> {
  const reply = await apiCall(
    contactRoutes.createFilter,
    { body: request },
    { toast: (error) => error.status !== 409 },
  );
  return reply.data;
}

export function useCreateSavedFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedFilter,
    onSuccess: (saved) => {
      queryClient.setQueryData<TSavedFilter[]>(SAVED_FILTERS_KEY, (list) =>
        list ? [...list.filter((item) => item.id !== saved.id), saved] : [saved],
      );
    },
  });
}
