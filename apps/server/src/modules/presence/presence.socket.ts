import { ZChangeChatStatus } from '@rounds/contracts/contacts';
import { CLIENT_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import type { SocketData } from '../../realtime/socket-server';

/** Presence follows sockets; ChangeChatStatus sets the user's status (by hand, or Away/Available on inactivity). */
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
    socket.on(CLIENT_EVENTS.ChangeChatStatus, (payload: unknown, ack?: unknown) => {
      const parsed = ZChangeChatStatus.safeParse(payload);
      const reply = typeof ack === 'function' ? (ack as (r: unknown) => void) : () => {};
      if (!parsed.success) return reply({ ok: false, message: 'chatStatus: invalid' });
      void app.presence
        .setStatus(userId, parsed.data.chatStatus, parsed.data.manual)
        .then(() => reply({ ok: true }))
        .catch((err) => {
          app.log.warn({ err }, 'chat status change failed');
          reply({ ok: false, message: 'Something went wrong, please try again.' });
        });
    });
  });
}
