import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TIMINGS } from '@rounds/contracts/limits';
import { io, type Socket } from 'socket.io-client';
import { type CrowdMember, seedCrowdInRooms } from './support/crowd-in-rooms';
import { fmt, percentile, startBenchServer } from './support/server';

/**
 * bench/restart-storm: 2,000 connected users in rooms of 10 (SQLite, one process), messages at a steady rate,
 * then the server restarts (SIGTERM, start again) and every client reconnects with the web's back-off. Prints
 * how long after the new process is ready every user's view of the presence of the people they share a room
 * with is right again (each room mate who came back after them has been announced online to them, and nothing
 * said otherwise since), and send-to-delivery latency before and during the storm. Target: settled < 3 s.
 * The clients run in this process, the server in its own.
 */
const USERS = Number(process.env.BENCH_USERS ?? 2_000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const ROOM_SIZE = 10;
const JWT_SECRET = 'bench-restart-storm-secret-that-is-long-enough';

type Presence = { userId: string; connected: boolean };
type Client = {
  member: CrowdMember;
  socket: Socket;
  mates: string[];
  connectedAt: number;
  /** Last presence heard per user (this process's clock), since the restart. */
  heard: Map<string, { connected: boolean; at: number }>;
};

const dataDir = mkdtempSync(join(tmpdir(), 'rounds-bench-restart-'));
const crowd = await seedCrowdInRooms(dataDir, USERS, ROOM_SIZE, JWT_SECRET);
const byRoom = new Map<string, string[]>();
for (const m of crowd) byRoom.set(m.room, [...(byRoom.get(m.room) ?? []), m.id]);
const server = await startBenchServer({
  DATA_DIR: dataDir,
  JWT_SECRET,
  RATE_LIMIT_MAX: '1000000',
  SOCKET_RATE_LIMIT_MAX: '1000000',
});

let presenceEvents = 0;
let lastPresenceAt = 0;
let latencies: number[] = [];
const clients: Client[] = crowd.map((member) => {
  const socket = io(server.url, {
    path: '/server/socket.io',
    query: { token: member.token, uuid: randomUUID() },
    transports: ['websocket'],
    autoConnect: false,
    // The web client's back-off (apps/web/src/lib/socket.ts).
    reconnection: true,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    reconnectionDelay: TIMINGS.reconnectDelayMinMs,
    reconnectionDelayMax: TIMINGS.reconnectDelayMaxMs,
    timeout: 60_000,
  });
  const client: Client = {
    member,
    socket,
    mates: byRoom.get(member.room)!.filter((id) => id !== member.id),
    connectedAt: 0,
    heard: new Map(),
  };
  const hear = (p: Presence) => {
    const at = performance.now();
    presenceEvents += 1;
    lastPresenceAt = at;
    client.heard.set(p.userId, { connected: p.connected, at });
  };
  for (const name of ['UserOnline', 'UserOffline', 'ChatStatusChanged']) socket.on(name, hear);
  socket.on('PresenceBatch', (b: { changes: Presence[] }) => {
    for (const p of b.changes) hear(p);
  });
  socket.on('connect', () => {
    client.connectedAt = performance.now();
  });
  // As the web (app/session/session-lifecycle.tsx): socket.io does not reconnect by itself when the server
  // closed the socket (a graceful restart does), so the client connects again; its back-off takes over from there.
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    setTimeout(() => socket.connect(), TIMINGS.reconnectDelayMinMs * (0.5 + Math.random()));
  });
  socket.on('NewMessage', (m: { body: string }) => {
    latencies.push(performance.now() - Number(m.body));
  });
  return client;
});

const quiet = async (ms: number, limitMs: number, also: () => boolean = () => true) => {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    await new Promise((r) => setTimeout(r, 100));
    if (performance.now() - Math.max(lastPresenceAt, started) >= ms && also()) return true;
  }
  return false;
};

// The crowd connects in waves of 250, then presence goes quiet.
const connectStarted = performance.now();
for (let start = 0; start < clients.length; start += 250) {
  await Promise.all(
    clients.slice(start, start + 250).map(
      (c) =>
        new Promise<void>((resolve) => {
          c.socket.once('connect', () => resolve());
          c.socket.connect();
        }),
    ),
  );
}
const connectSeconds = (performance.now() - connectStarted) / 1000;
console.error(`  (${clients.length} connected in ${fmt(connectSeconds)} s; waiting for presence to go quiet)`);
await quiet(2_000, 180_000);
const connectSettled = (lastPresenceAt - connectStarted) / 1000;

let next = 0;
const sender = setInterval(() => {
  // A steady RATE from connected users to their room; the body carries the send time.
  for (let n = 0; n < RATE / 100; n += 1) {
    for (let tries = 0; tries < clients.length; tries += 1) {
      const c = clients[next++ % clients.length]!;
      if (!c.socket.connected) continue;
      c.socket.emit('SendMessage', { clientId: randomUUID(), twId: c.member.room, body: String(performance.now()) });
      break;
    }
  }
}, 10);

await new Promise((r) => setTimeout(r, 5_000));
const before = latencies.sort((a, b) => a - b);
latencies = [];
presenceEvents = 0;
for (const c of clients) c.heard.clear();

console.error('  (restarting the server)');
const killedAt = performance.now();
let stoppedAt = 0;
await server.restart({ onStopped: () => (stoppedAt = performance.now()) });
const readyAt = performance.now();
console.error(`  (ready again; waiting for every client and for presence to go quiet)`);
const allBack = () => clients.every((c) => c.connectedAt > stoppedAt);
const settledInTime = await quiet(2_000, 180_000, allBack);
const lastReconnect = Math.max(...clients.map((c) => c.connectedAt));
clearInterval(sender);
await new Promise((r) => setTimeout(r, 1_000));
const during = latencies.sort((a, b) => a - b);

// A client's view is right once every room mate who reconnected after it was announced online to it.
let missing = 0;
let settledAt = lastReconnect;
for (const c of clients) {
  for (const mate of c.mates) {
    const m = clients.find((x) => x.member.id === mate)!;
    if (m.connectedAt <= c.connectedAt) continue;
    const heard = c.heard.get(mate);
    if (!heard?.connected || heard.at < m.connectedAt - 50) missing += 1;
    else settledAt = Math.max(settledAt, heard.at);
  }
}
for (const c of clients) c.socket.disconnect();
await server.stop();

const s = (ms: number) => fmt(ms / 1000);
console.log(`\nRestart storm (SQLite, one process): ${USERS} users in rooms of ${ROOM_SIZE}, ${RATE} messages/s`);
console.log(
  `  first connect: ${fmt(connectSeconds)} s, presence quiet ${fmt(connectSettled)} s after the first socket`,
);
console.log(
  `  restart: stopped in ${s(stoppedAt - killedAt)} s, ready ${s(readyAt - stoppedAt)} s later; last client back ${s(lastReconnect - readyAt)} s after ready`,
);
console.log(
  `  presence settled for everyone ${s(settledAt - readyAt)} s after the new process was ready` +
    ` (${s(settledAt - lastReconnect)} s after the last client came back); ${presenceEvents} presence events received;` +
    ` ${missing} views wrong${settledInTime ? '' : ' (presence still moving after 180 s)'} — target < 3 s ${settledAt - readyAt < 3_000 && missing === 0 ? 'met' : 'NOT met'}`,
);
console.log(
  `  messages before: p50 ${fmt(percentile(before, 50))} ms, p99 ${fmt(percentile(before, 99))} ms (${before.length} deliveries)`,
);
console.log(
  `  messages during the storm: p50 ${fmt(percentile(during, 50))} ms, p99 ${fmt(percentile(during, 99))} ms (${during.length} deliveries)`,
);
process.exit(0);
