import type { TServerEventName } from '@rounds/contracts/events';
import type { Server } from 'socket.io';

export type Audience = { users: readonly string[] } | { all: true };

export function userChannel(userId: string): string {
  return `user:${userId}`;
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
    if (audience.users.length === 0) return;
    io.to(audience.users.map(userChannel)).emit(event, payload);
  };
}
