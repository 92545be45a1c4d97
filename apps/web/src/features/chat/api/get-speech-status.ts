import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /speech-to-text: whether the server has a speech engine (the dictation button shows only then). */
export async function getSpeechStatus({ signal }: { signal?: AbortSignal } = {}) {
  const reply = await api.get('/speech-to-text', {
    schema: () => import('@rounds/contracts/speech').then((m) => m.ZSpeechStatusReply),
    toast: false,
    signal,
  });
  return reply.data;
}

export function speechStatusQueryOptions() {
  return queryOptions({ queryKey: ['speech', 'status'], queryFn: getSpeechStatus, staleTime: 10 * 60_000, retry: 1 });
}

export function useSpeechStatus() {
  return useQuery(speechStatusQueryOptions());
}
