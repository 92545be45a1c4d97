import type { TServerEventName } from '@rounds/contracts/events';
import type { Server } from 'socket.io';

export type Audience = { users: readonly string[] } | { sessions: readonly string[] } | { all: true };

export function userChannel(userId: string): string {
  return `user:${userId}`;
}

export function sessionChannel(sessionId: string): string {
  return `session:${sessionId}`;
}

/**
 * The one place that emits to clients. Callers decide the audience from the database after commit;
 * the event goes to the channels of those users (every tab of theirs, on any server process with Redis).
 */
export type Publish = (event: TServerEventName, payload: unknown, audience: Audience) => void;

export function createPublisher(io: Server): Publish {
  return (event, payload, audience) => {
    if ('all' in audience) {
      io.emit(event, payload);
      return;
    }
    const channels = 'users' in audience ? audience.users.map(userChannel) : audience.sessions.map(sessionChannel);
    if (channels.length === 0) return;
    io.to(channels).emit(event, payload);
  };
}

/** Closes the sockets of revoked sessions, after `delayMs` so a warning sent just before can be shown. */
export function disconnectSessions(io: Server, sessionIds: readonly string[], delayMs = 0): void {
  if (sessionIds.length === 0) return;
  const run = () => io.in(sessionIds.map(sessionChannel)).disconnectSockets(true);
  if (delayMs > 0) setTimeout(run, delayMs).unref();
  else run();
}
