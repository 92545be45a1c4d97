import { userLogRoutes } from '@rounds/contracts/user-logs';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import type { TLogsFilter } from './get-user-logs';

/**
 * GET /user/export-logs with the filter on screen (doc 2 section 7): the CSV comes as a blob and is saved as
 * logs.csv. A link to the address could not carry the bearer token.
 */
export async function exportUserLogs({ keyword, from, to }: Omit<TLogsFilter, 'page'>): Promise<void> {
  const blob = (await apiCall(
    userLogRoutes.export,
    { query: { keyword: keyword || undefined, from, to, sortBy: 'createdAt', order: 'desc', format: 'csv' } },
    { blob: true, timeoutMs: 10 * 60_000 },
  )) as Blob;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'logs.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useExportUserLogs() {
  return useMutation({ mutationFn: exportUserLogs });
}
