import { SERVER_EVENTS } from '@rounds/contracts/events';
import { subscribe } from '../../lib/socket';

export type TForcedLogoutReason = 'accountChanged' | 'accountRemoved' | 'duplicateSession';

/**
 * DuplicateSession (the user logged in elsewhere) and ForcedLogout (account changed or removed): the server
 * keeps this session alive for 10 s so the user can be warned first (spec doc 2 section 4).
 * Returns the unsubscribe function.
 */
export function onForcedLogout(handle: (reason: TForcedLogoutReason) => void): () => void {
  const off = [
    subscribe(SERVER_EVENTS.ForcedLogout, ({ reason }) => handle(reason)),
    subscribe(SERVER_EVENTS.ForcedDelete, () => handle('accountRemoved')),
    subscribe(SERVER_EVENTS.DuplicateSession, () => handle('duplicateSession')),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}
