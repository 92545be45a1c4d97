import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { TIMINGS } from '@rounds/contracts/limits';
import { io, type Socket } from 'socket.io-client';
import { type CrowdMember, seedCrowdInRooms } from './support/crowd-in-rooms';
import { cpuSeconds } from './support/proc-cpu';
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
  /** When each connection attempt since the restart began (the first after the server's disconnect, then back-off). */
  attempts: number[];
  /** When the transport last opened (engine.io handshake done; the namespace connect follows). */
  openedAt: number;
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
    attempts: [],
    openedAt: 0,
    heard: new Map(),
  };
  socket.io.on('reconnect_attempt', () => client.attempts.push(performance.now()));
  socket.io.on('open', () => {
    client.openedAt = performance.now();
  });
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
    setTimeout(
      () => {
        client.attempts.push(performance.now());
        socket.connect();
      },
      TIMINGS.reconnectDelayMinMs * (0.5 + Math.random()),
    );
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
for (const c of clients) {
  c.heard.clear();
  c.attempts = [];
}
const lag = monitorEventLoopDelay({ resolution: 10 });

console.error('  (restarting the server)');
const killedAt = performance.now();
let stoppedAt = 0;
await server.restart({ onStopped: () => (stoppedAt = performance.now()) });
const readyAt = performance.now();
lag.enable();
const serverCpuAtReady = cpuSeconds(server.pid);
const ownCpuAtReady = process.cpuUsage();
console.error(`  (ready again; waiting for every client and for presence to go quiet)`);
const allBack = () => clients.every((c) => c.connectedAt > stoppedAt);
const settledInTime = await quiet(2_000, 180_000, allBack);
const lastReconnect = Math.max(...clients.map((c) => c.connectedAt));
lag.disable();
// CPU used while the crowd came back: what each side's work costs, whatever else shares the machine.
const serverCpu = cpuSeconds(server.pid) - serverCpuAtReady;
const ownCpu = process.cpuUsage(ownCpuAtReady);
const serverMetrics = await fetch(`${server.url}/metrics`).then((r) => r.text());
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

// Where the time between ready and back goes: the wait for the next attempt (the back-off), or the attempt itself.
const pcts = (xs: number[]) => {
  const v = xs.sort((a, b) => a - b);
  return `p10 ${s(percentile(v, 10))}, p50 ${s(percentile(v, 50))}, p90 ${s(percentile(v, 90))}, max ${s(v.at(-1)!)}`;
};
const lastAttempt = (c: Client) => c.attempts.filter((a) => a <= c.connectedAt).at(-1) ?? c.connectedAt;
console.log(`  clients back after ready (s): ${pcts(clients.map((c) => c.connectedAt - readyAt))}`);
console.log(`  their successful attempt began after ready (s): ${pcts(clients.map((c) => lastAttempt(c) - readyAt))}`);
console.log(
  `  that attempt took (s): ${pcts(clients.map((c) => c.connectedAt - lastAttempt(c)))}; transport open ${pcts(clients.map((c) => c.openedAt - lastAttempt(c)))}; namespace connect ${pcts(clients.map((c) => c.connectedAt - c.openedAt))}`,
);
const timeline: string[] = [];
for (let t = -1_000; t < lastReconnect - readyAt; t += 250) {
  const within = (x: number) => x - readyAt >= t && x - readyAt < t + 250;
  const began = clients.reduce((n, c) => n + c.attempts.filter(within).length, 0);
  timeline.push(`${s(t)}: ${began}/${clients.filter((c) => within(c.connectedAt)).length}`);
}
console.log(`  per 250 ms from ready (s: attempts begun/clients back): ${timeline.join(', ')}`);
const counts = new Map<string, number>();
for (const c of clients) {
  const key = `${c.attempts.filter((a) => a < readyAt).length} before + ${c.attempts.filter((a) => a >= readyAt).length} after`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
console.log(
  `  attempts per client (before ready + after ready: clients): ${[...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k}: ${n}`)
    .join('; ')}`,
);
console.log(
  `  load generator event-loop delay from ready to all back: p50 ${fmt(lag.percentile(50) / 1e6)} ms, p99 ${fmt(lag.percentile(99) / 1e6)} ms, max ${fmt(lag.max / 1e6)} ms`,
);
const stormSeconds = (lastReconnect - readyAt) / 1000;
console.log(
  `  CPU from ready to all back (${fmt(stormSeconds)} s): server ${fmt(serverCpu)} s (${fmt((100 * serverCpu) / stormSeconds)}% of a core), load generator ${fmt((ownCpu.user + ownCpu.system) / 1e6)} s`,
);
const metric = (name: string) => serverMetrics.match(new RegExp(`^${name} (\\S+)`, 'm'))?.[1];
console.log(
  `  server (new process, since start): event-loop lag p50 ${metric('nodejs_eventloop_lag_p50_seconds')} s, p99 ${metric('nodejs_eventloop_lag_p99_seconds')} s, max ${metric('nodejs_eventloop_lag_max_seconds')} s, CPU ${metric('process_cpu_seconds_total')} s`,
);
process.exit(0);
