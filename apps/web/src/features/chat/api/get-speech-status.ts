import { FIRST_DOWNLOAD_ROUTES } from '@rounds/contracts/first-download-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, lazyRoute } from '../../../lib/api-call';

// The composer asks early: the address is zod-free and the contract comes with the request.
const route = lazyRoute(FIRST_DOWNLOAD_ROUTES.speechStatus, () =>
  import('@rounds/contracts/speech').then((contract) => contract.speechRoutes.status),
);

/** GET /speech-to-text: whether the server has a speech engine (the dictation button shows only then). */
export async function getSpeechStatus({ signal }: { signal?: AbortSignal } = {}) {
  const reply = await apiCall(route, {}, { toast: false, signal });
  return reply.data;
}

export function speechStatusQueryOptions() {
  return queryOptions({ queryKey: ['speech', 'status'], queryFn: getSpeechStatus, staleTime: 10 * 60_000, retry: 1 });
}

export function useSpeechStatus() {
  return useQuery(speechStatusQueryOptions());
}
