import { useEffect } from 'react';
import { useSession } from '../lib/session-store';
import { connectSocket, disconnectSocket } from '../lib/socket';

/** One socket while signed in, none otherwise; a new token (re-login) means a new connection. */
export function useSessionSocket(): void {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    void connectSocket(token);
    return () => disconnectSocket();
  }, [token]);
}
