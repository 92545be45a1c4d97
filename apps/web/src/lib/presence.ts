import type { TPresenceEvent } from '@rounds/contracts/contacts';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@rounds/contracts/events';
import { useEffect } from 'react';
import { onSocketConnect, request, subscribe } from './socket';

/**
 * Presence as the server tells it: the spec's UserOnline, UserOffline and ChatStatusChanged, or several of them
 * in one PresenceBatch (changes gathered over a short tick). `handler` gets each change alone, in order.
 * Returns the unsubscribe.
 */
export function subscribePresence(handler: (change: TPresenceEvent) => void): () => void {
  const off = [
    subscribe(SERVER_EVENTS.UserOnline, handler),
    subscribe(SERVER_EVENTS.UserOffline, handler),
    subscribe(SERVER_EVENTS.ChatStatusChanged, handler),
    subscribe(SERVER_EVENTS.PresenceBatch, ({ changes }) => {
      for (const { event: _, ...change } of changes) handler(change);
    }),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}

// Contact lists on screen; the server tells this tab everyone's presence while there is at least one.
let watchers = 0;
let stopResending: (() => void) | undefined;

const tell = (watching: boolean) => void request(CLIENT_EVENTS.WatchPresence, { watching }).catch(() => undefined);

/**
 * Keeps everyone's presence coming while the calling component (a contact list) is mounted. Without it the
 * server tells this tab only about people it shares a room with. A new connection starts unwatched: asked again.
 */
export function usePresenceWatch(): void {
  useEffect(() => {
    watchers += 1;
    if (watchers === 1) {
      tell(true);
      stopResending = onSocketConnect(() => tell(true));
    }
    return () => {
      watchers -= 1;
      if (watchers > 0) return;
      stopResending?.();
      stopResending = undefined;
      tell(false);
    };
  }, []);
}
