import { WebSocketServer } from 'ws';

/**
 * The yardstick for bench/realtime: a bare WebSocket relay with no authentication, no validation and no
 * persistence. Each client names its room in the URL; every message goes to every client of that room.
 */
const port = Number(process.argv[2]);
const rooms = new Map<string, Set<import('ws').WebSocket>>();
const server = new WebSocketServer({ port, host: '127.0.0.1' });
server.on('connection', (socket, req) => {
  const room = new URL(req.url ?? '/', 'http://x').searchParams.get('room') ?? '';
  const members = rooms.get(room) ?? new Set();
  members.add(socket);
  rooms.set(room, members);
  socket.on('message', (data) => {
    for (const peer of members) peer.send(data);
  });
  socket.on('close', () => members.delete(socket));
});
server.on('listening', () => console.log('relay listening'));
