import { SERVER_EVENTS, ZForcedLogoutPayload } from '@rounds/contracts/events';
import type { Socket } from 'socket.io-client';

export type TForcedLogoutReason = 'accountChanged' | 'accountRemoved' | 'duplicateSession';

/**
 * DuplicateSession (the user logged in elsewhere) and ForcedLogout (account changed or removed): the server
 * keeps this session alive for 10 s so the user can be warned first (spec doc 2 section 4).
 * Returns the unsubscribe function.
 */
export function onForcedLogout(socket: Socket, handle: (reason: TForcedLogoutReason) => void): () => void {
  const listener = (payload: unknown) => {
    const parsed = ZForcedLogoutPayload.safeParse(payload);
    handle(parsed.success ? parsed.data.reason : 'accountChanged');
  };
  const duplicate = () => handle('duplicateSession');
  const removed = () => handle('accountRemoved');
  socket.on(SERVER_EVENTS.ForcedLogout, listener);
  socket.on(SERVER_EVENTS.ForcedDelete, removed);
  socket.on(SERVER_EVENTS.DuplicateSession, duplicate);
  return () => {
    socket.off(SERVER_EVENTS.ForcedLogout, listener);
    socket.off(SERVER_EVENTS.ForcedDelete, removed);
    socket.off(SERVER_EVENTS.DuplicateSession, duplicate);
  };
}
