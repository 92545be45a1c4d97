import { CLIENT_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import { PRESENCE_WATCHERS_CHANNEL } from '../../realtime/publish';
import type { SocketData } from '../../realtime/socket-data';

/**
 * Presence follows sockets; ChangeChatStatus sets the user's status (by hand, or Away/Available on inactivity);
 * WatchPresence puts a tab showing a contact list among those told everyone's presence.
 */
export function installPresenceSocket(app: FastifyInstance): void {
  app.io.on('connection', (socket) => {
    const { userId } = socket.data as SocketData;
    const ready = app.presence
      .connected(userId, socket.id)
      .catch((err) => app.log.warn({ err }, 'presence connect failed'));
    socket.on('disconnect', () => {
      void ready
        .then(() => app.presence.disconnected(userId, socket.id))
        .catch((err) => app.log.warn({ err }, 'presence disconnect failed'));
    });
  });
  // Parsed and authorized by realtime/socket-handler.ts; a failure is answered there.
  app.socketEvents.on(CLIENT_EVENTS.ChangeChatStatus, async ({ chatStatus, manual }, { userId }) => {
    await app.presence.setStatus(userId, chatStatus, manual);
    return { ok: true };
  });
  // A tab showing a contact list hears everyone's presence while it does; the channel dies with the socket.
  app.socketEvents.on(CLIENT_EVENTS.WatchPresence, async ({ watching }, { socket }) => {
    if (watching) await socket.join(PRESENCE_WATCHERS_CHANNEL);
    else await socket.leave(PRESENCE_WATCHERS_CHANNEL);
    return { ok: true };
  });
  app.socketEvents.on(CLIENT_EVENTS.TabVisibility, async ({ visible }, { socket }) => {
    (socket.data as SocketData).visible = visible;
    return { ok: true };
  });
}
