import { adminUserRoutes } from '@rounds/contracts/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { adminUserKeys } from './keys';

/**
 * POST /user/import-from-csv (multipart file). The reply's rows go to the results modal; a whole-call failure
 * is shown as text in that modal (doc 2 section 8), so no toast here.
 */
export function useImportCsv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiCall(adminUserRoutes.importCsv, { body }, { toast: false, timeoutMs: 120_000 });
    },
    onSettled: () => client.invalidateQueries({ queryKey: [...adminUserKeys.all, 'list'] }),
  });
}
