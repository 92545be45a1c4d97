import type { TServerEventInput, TServerEventName } from '@rounds/contracts/events';
import type { Server } from 'socket.io';

/**
 * Who gets an event: users (every tab of theirs; `exceptPresenceWatchers` leaves out the tabs that watch
 * presence, which get it through their own channel), sessions (every tab signed in with them), tabs (the
 * sockets of one tab of one user, e.g. the tab that accepted a call), sockets (by socket id), the tabs showing
 * a contact list (presenceWatchers, modules/presence) or everyone.
 */
export type Audience =
  | { users: readonly string[]; exceptPresenceWatchers?: boolean }
  | { presenceWatchers: true }
  | { sessions: readonly string[] }
  | { tabs: readonly { userId: string; tabId: string }[] }
  | { sockets: readonly string[] }
  | { all: true };

/** Tabs that show a contact list join this channel while they do (WatchPresence). */
export const PRESENCE_WATCHERS_CHANNEL = 'presence:watchers';

export function userChannel(userId: string): string {
  return `user:${userId}`;
}

export function sessionChannel(sessionId: string): string {
  return `session:${sessionId}`;
}

/** The tab uuid comes from the client: the user id in the name keeps one user from joining another's tab. */
export function tabChannel(userId: string, tabId: string): string {
  return `tab:${userId}:${tabId}`;
}

/**
 * The one place that emits to clients. Callers decide the audience from the database after commit;
 * the event goes to the channels of that audience (on any server process with Redis). The payload's type
 * follows the event name (packages/contracts/src/events.ts SERVER_EVENT_PAYLOADS).
 */
export type Publish = <E extends TServerEventName>(event: E, payload: TServerEventInput<E>, audience: Audience) => void;

function channelsOf(audience: Exclude<Audience, { all: true }>): string[] {
  if ('presenceWatchers' in audience) return [PRESENCE_WATCHERS_CHANNEL];
  if ('users' in audience) return audience.users.map(userChannel);
  if ('sessions' in audience) return audience.sessions.map(sessionChannel);
  if ('tabs' in audience) return audience.tabs.map((t) => tabChannel(t.userId, t.tabId));
  // socket.io puts every socket in a room named by its id.
  return [...audience.sockets];
}

export function createPublisher(io: Server): Publish {
  return (event, payload, audience) => {
    if ('all' in audience) {
      io.emit(event, payload);
      return;
    }
    const channels = channelsOf(audience);
    if (channels.length === 0) return;
    if ('exceptPresenceWatchers' in audience && audience.exceptPresenceWatchers) {
      io.to(channels).except(PRESENCE_WATCHERS_CHANNEL).emit(event, payload);
      return;
    }
    io.to(channels).emit(event, payload);
  };
}

/** The delayed closes still to come, per socket server, and the servers that are shutting down. */
const delayedCloses = new WeakMap<Server, Set<NodeJS.Timeout>>();
const closing = new WeakSet<Server>();

/** Closes the sockets of revoked sessions, after `delayMs` so a warning sent just before can be shown. */
export function disconnectSessions(io: Server, sessionIds: readonly string[], delayMs = 0): void {
  if (sessionIds.length === 0 || closing.has(io)) return;
  const run = () => io.in(sessionIds.map(sessionChannel)).disconnectSockets(true);
  if (delayMs <= 0) {
    run();
    return;
  }
  const timers = delayedCloses.get(io) ?? new Set();
  delayedCloses.set(io, timers);
  const timer = setTimeout(() => {
    timers.delete(timer);
    run();
  }, delayMs).unref();
  timers.add(timer);
}

/**
 * At shutdown, before every socket is closed anyway: the delayed closes are dropped. One left to fire after the
 * Redis adapter's connection has ended would publish on it and reject with nobody to hear it.
 */
export function dropDelayedCloses(io: Server): void {
  closing.add(io);
  for (const timer of delayedCloses.get(io) ?? []) clearTimeout(timer);
  delayedCloses.delete(io);
}
