import { chatFileRoutes } from '@rounds/contracts/chat-files';
import { useEffect, useState } from 'react';
import { apiCall } from '../../../lib/api-call';

/**
 * GET /chat-room/image?key[&thumb=1]: a chat image (thumb: a small preview for the message list) or a voice
 * note. The route needs the bearer header, so the file comes as a Blob and is shown through an object URL.
 * URLs are kept per key for the tab's life (a room scrolled back and forth does not download again); files
 * never change under a key. The cache is bounded: the oldest URLs are revoked beyond CACHE_MAX.
 */
const CACHE_MAX = 300;
const cache = new Map<string, Promise<string>>();

function cacheKey(key: string, thumb: boolean): string {
  return thumb ? `${key}:thumb` : key;
}

export function getChatFileUrl(key: string, { thumb = false }: { thumb?: boolean } = {}): Promise<string> {
  const id = cacheKey(key, thumb);
  const held = cache.get(id);
  if (held) return held;
  const loading = apiCall(
    chatFileRoutes.file,
    { query: { key, thumb: thumb ? '1' : undefined } },
    { blob: true, toast: false },
  ).then((blob) => URL.createObjectURL(blob as Blob));
  // A failure is not remembered: the next render tries again.
  loading.catch(() => cache.delete(id));
  cache.set(id, loading);
  while (cache.size > CACHE_MAX) {
    const [oldest, url] = cache.entries().next().value as [string, Promise<string>];
    cache.delete(oldest);
    void url.then((value) => URL.revokeObjectURL(value)).catch(() => undefined);
  }
  return loading;
}

/** Signing out: every object URL goes, with the conversations they belong to. */
export function clearChatFileUrls(): void {
  for (const url of cache.values()) void url.then((value) => URL.revokeObjectURL(value)).catch(() => undefined);
  cache.clear();
}

export type TChatFile = { url: string | null; failed: boolean };

export function useChatFileUrl(key: string | null, { thumb = false }: { thumb?: boolean } = {}): TChatFile {
  const [state, setState] = useState<TChatFile>({ url: null, failed: false });
  useEffect(() => {
    if (!key) return;
    let live = true;
    setState({ url: null, failed: false });
    getChatFileUrl(key, { thumb })
      .then((url) => live && setState({ url, failed: false }))
      .catch(() => live && setState({ url: null, failed: true }));
    return () => {
      live = false;
    };
  }, [key, thumb]);
  return state;
}
