import type { TUser } from '@rounds/contracts/user';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session-store';
import { onPermissionsChanged } from './realtime';

/** Just enough of a socket: handlers by event, and a way to deliver one. */
function fakeSocket() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
  } as unknown as Socket;
  return { socket, deliver: (event: string, payload: unknown) => handlers.get(event)?.(payload), handlers };
}

describe('PermissionsChanged', () => {
  it('patches the signed-in user’s permissions, ignores what does not parse, and unsubscribes', () => {
    const user = { id: 'a'.repeat(24), permissions: { voice: true, speechToText: true } } as TUser;
    useSession.getState().setSession({ token: 't', user, remember: false });
    const { socket, deliver, handlers } = fakeSocket();
    const off = onPermissionsChanged(socket);

    deliver('PermissionsChanged', { permissions: { speechToText: false } });
    expect(useSession.getState().user?.permissions).toEqual({ voice: true, speechToText: false });
    deliver('PermissionsChanged', { permissions: { speechToText: 'no' } });
    deliver('PermissionsChanged', null);
    expect(useSession.getState().user?.permissions).toEqual({ voice: true, speechToText: false });

    off();
    expect(handlers.size).toBe(0);
  });
});
