import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { openBenchSocket } from './bench-socket';
import { inWaves } from './waves';

/**
 * The load generator of bench/realtime, in its own process. Connects every user, then sends at each rate for
 * a few seconds and measures send-to-delivery latency at every member of the room (the sender's other
 * sockets included), lost and duplicated deliveries. Prints one JSON line per step.
 * argv: config file { mode: 'rounds' | 'relay', url, users: [{ token, room }], steps: [{ rate, seconds }] }.
 */
type Config = {
  mode: 'rounds' | 'relay';
  url: string;
  users: { token: string; room: string }[];
  steps: { rate: number; seconds: number }[];
  maxP99Ms: number;
};
const config = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Config;
// Each room's member sockets, by index: a delivery not seen is told apart by whether its socket was dropped.
const membersOf = new Map<string, number[]>();
for (const [i, u] of config.users.entries()) membersOf.set(u.room, [...(membersOf.get(u.room) ?? []), i]);
/** Sockets the server closed or that failed: they never reconnect, so what was meant for them never comes. */
const dropped = new Set<number>();

type Step = { latencies: number[]; delivered: Set<string>; duplicated: number; acked: number; failed: number };
let step: Step = { latencies: [], delivered: new Set(), duplicated: 0, acked: 0, failed: 0 };

const probes = new Map<string, () => void>();
const onDelivery = (socketIndex: number, id: string, sentAt: number) => {
  if (id.startsWith('probe-')) {
    probes.get(id)?.();
    return;
  }
  const key = `${socketIndex}:${id}`;
  if (step.delivered.has(key)) {
    step.duplicated += 1;
    return;
  }
  step.delivered.add(key);
  step.latencies.push(performance.now() - sentAt);
};

type Sender = (room: string, id: string) => void;
const senders: Sender[] = [];

async function connectRounds() {
  let connected = 0;
  await inWaves(
    config.users,
    (u, i) =>
      new Promise<void>((resolve, reject) => {
        const socket = openBenchSocket(config.url, u.token);
        socket.on('NewMessage', (m: { clientId: string; body: string }) => {
          onDelivery(i, m.clientId, Number(m.body));
        });
        socket.once('connect', () => {
          connected += 1;
          resolve();
        });
        socket.once('connect_error', reject);
        socket.once('disconnect', () => dropped.add(i));
        senders[i] = (room, id) => {
          socket.emit(
            'SendMessage',
            { clientId: id, twId: room, body: String(performance.now()) },
            (ack: { ok: boolean }) => {
              if (ack?.ok) step.acked += 1;
              else step.failed += 1;
            },
          );
        };
      }),
  );
  return connected;
}

async function connectRelay() {
  await Promise.all(
    config.users.map(
      (u, i) =>
        new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(`${config.url}/?room=${u.room}`);
          socket.on('message', (data) => {
            const m = JSON.parse(String(data)) as { id: string; t: number };
            onDelivery(i, m.id, m.t);
          });
          socket.once('open', () => resolve());
          socket.once('error', reject);
          socket.once('close', () => dropped.add(i));
          senders[i] = (_room, id) => {
            socket.send(JSON.stringify({ id, t: performance.now() }));
            step.acked += 1;
          };
        }),
    ),
  );
  return config.users.length;
}

const t0 = performance.now();
const connected = config.mode === 'rounds' ? await connectRounds() : await connectRelay();
console.log(JSON.stringify({ connected, connectSeconds: (performance.now() - t0) / 1000 }));
// Every connection is announced to everyone (presence): measuring starts once a message crosses quickly again.
const settleStarted = performance.now();
for (;;) {
  const id = `probe-${randomUUID()}`;
  const t = performance.now();
  const arrived = new Promise<void>((resolve) => probes.set(id, resolve));
  senders[0]!(config.users[0]!.room, id);
  await Promise.race([arrived, new Promise((r) => setTimeout(r, 5_000))]);
  probes.delete(id);
  if (performance.now() - t < 20 || performance.now() - settleStarted > 180_000) break;
  await new Promise((r) => setTimeout(r, 200));
}
console.error(
  `  (load generator: settled ${((performance.now() - settleStarted) / 1000).toFixed(1)} s after connecting)`,
);

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

let next = 0;
for (const { rate, seconds } of config.steps) {
  step = { latencies: [], delivered: new Set(), duplicated: 0, acked: 0, failed: 0 };
  let sent = 0;
  const sentTo: [id: string, room: string][] = [];
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      const due = Math.min(Math.floor(elapsed * rate), rate * seconds);
      while (sent < due) {
        const i = next % config.users.length;
        next += 1;
        const room = config.users[i]!.room;
        const id = randomUUID();
        senders[i]!(room, id);
        sentTo.push([id, room]);
        sent += 1;
      }
      if (elapsed >= seconds) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const sendSeconds = (performance.now() - started) / 1000;
  // Whatever is still in flight gets its chance to arrive: wait until deliveries stop coming (at most 30 s),
  // so 'lost' counts only what never arrives.
  for (let quiet = 0, seen = -1, waited = 0; quiet < 2 && waited < 30_000; waited += 1_000) {
    await new Promise((r) => setTimeout(r, 1_000));
    quiet = step.delivered.size === seen ? quiet + 1 : 0;
    seen = step.delivered.size;
  }
  // Lost at a socket the server dropped (a real client reconnects and catches up from its last seq) or at one
  // still connected (lost for good): overload drops sockets, and the two mean different things.
  let expected = 0;
  let lostAtDropped = 0;
  for (const [id, room] of sentTo) {
    for (const i of membersOf.get(room)!) {
      expected += 1;
      if (!step.delivered.has(`${i}:${id}`) && dropped.has(i)) lostAtDropped += 1;
    }
  }
  const sorted = step.latencies.sort((a, b) => a - b);
  const result = {
    rate,
    sent,
    achievedRate: Math.round(sent / sendSeconds),
    acked: step.acked,
    failed: step.failed,
    expected,
    delivered: step.delivered.size,
    lost: expected - step.delivered.size,
    lostAtDropped,
    droppedSockets: dropped.size,
    duplicated: step.duplicated,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
  console.log(JSON.stringify(result));
  if (result.p99 >= config.maxP99Ms * 3 || result.lost > expected / 2) break; // far past the knee: stop
}
process.exit(0);
