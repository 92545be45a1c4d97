import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedCrowdInRooms } from './support/crowd-in-rooms';
import { fmt, startBenchServer } from './support/server';

/**
 * bench/realtime: 2,000 connected users in rooms of 10, a load generator in its own process against the real
 * server on loopback (SQLite, synchronous FULL). Send-to-delivery latency at every member, lost and duplicated
 * deliveries, at 500 messages/s and then at rising rates; the same load against a bare `ws` relay with no
 * persistence, for scale. Targets: p99 < 50 ms at 500/s; >= 2,000/s with p99 < 100 ms; nothing lost or doubled.
 */
const USERS = Number(process.env.BENCH_USERS ?? 2_000);
const ROOM_SIZE = 10;
const JWT_SECRET = 'bench-realtime-secret-that-is-long-enough';
const ROOT = join(import.meta.dirname, '..');

type StepResult = {
  rate: number;
  sent: number;
  achievedRate: number;
  acked: number;
  failed: number;
  expected: number;
  delivered: number;
  lost: number;
  /** Of `lost`, those meant for sockets the server had dropped (the bench never reconnects). */
  lostAtDropped: number;
  droppedSockets: number;
  duplicated: number;
  p50: number;
  p99: number;
  max: number;
};

const seed = (dataDir: string) => seedCrowdInRooms(dataDir, USERS, ROOM_SIZE, JWT_SECRET);

function runLoad(config: object): Promise<{ connected: number; connectSeconds: number; steps: StepResult[] }> {
  const file = join(mkdtempSync(join(tmpdir(), 'rounds-bench-load-')), 'config.json');
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof-load'] : []),
      '--import',
      'tsx',
      join(ROOT, 'bench', 'support', 'realtime-load.ts'),
      file,
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    const lines = out.split('\n');
    out = lines.pop()!;
    for (const line of lines) if (line.trim()) results.push(JSON.parse(line));
  });
  const results: Record<string, number>[] = [];
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      const [head, ...steps] = results;
      resolve({
        connected: head!.connected!,
        connectSeconds: head!.connectSeconds!,
        steps: steps as unknown as StepResult[],
      });
    }),
  );
}

const line = (s: StepResult) =>
  `  ${String(s.rate).padStart(6)}/s asked, ${String(s.achievedRate).padStart(6)}/s sent  ` +
  `p50 ${fmt(s.p50).padStart(6)} ms  p99 ${fmt(s.p99).padStart(7)} ms  max ${fmt(s.max).padStart(7)} ms  ` +
  `lost ${s.lost}${s.lost > 0 ? ` (${s.lostAtDropped} at ${s.droppedSockets} dropped sockets)` : ''}  duplicated ${s.duplicated}  failed acks ${s.failed}`;
const clean = (s: StepResult) => s.lost === 0 && s.duplicated === 0 && s.failed === 0;
/** The generator kept the pace when it sent 99% of the asked rate over the step (timer granularity). */
const kept = (s: StepResult) => s.achievedRate >= s.rate * 0.99;
const best = (steps: StepResult[]) =>
  steps.filter((s) => clean(s) && kept(s) && s.p99 < 100).reduce((m, s) => Math.max(m, s.rate), 0);

const dataDir = mkdtempSync(join(tmpdir(), 'rounds-bench-realtime-'));
const users = await seed(dataDir);
const server = await startBenchServer({
  DATA_DIR: dataDir,
  JWT_SECRET,
  RATE_LIMIT_MAX: '1000000',
  SOCKET_RATE_LIMIT_MAX: '1000000',
});
let rounds: Awaited<ReturnType<typeof runLoad>>;
try {
  rounds = await runLoad({
    mode: 'rounds',
    url: server.url,
    users,
    maxP99Ms: 100,
    steps: [
      { rate: 500, seconds: 10 },
      ...[1_000, 1_500, 1_750, 2_000, 2_250, 2_500, 3_000, 4_000].map((rate) => ({ rate, seconds: 5 })),
    ],
  });
} finally {
  await server.stop();
}
console.log(
  `\nRounds (socket.io, SQLite synchronous FULL): ${rounds.connected} users connected in ${fmt(rounds.connectSeconds)} s, rooms of ${ROOM_SIZE}`,
);
for (const s of rounds.steps) console.log(line(s));

const relayPort = 20_000 + Math.floor(Math.random() * 20_000);
const relay = spawn(
  process.execPath,
  ['--import', 'tsx', join(ROOT, 'bench', 'support', 'ws-relay.ts'), String(relayPort)],
  {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
await new Promise<void>((resolve) => relay.stdout.once('data', () => resolve()));
let bare: Awaited<ReturnType<typeof runLoad>>;
try {
  bare = await runLoad({
    mode: 'relay',
    url: `ws://127.0.0.1:${relayPort}`,
    users,
    maxP99Ms: 100,
    steps: [500, 1_000, 2_000, 4_000, 6_000, 8_000, 12_000, 16_000].map((rate) => ({ rate, seconds: 5 })),
  });
} finally {
  relay.kill('SIGTERM');
}
console.log(`\nBare ws relay (no auth, no validation, no storage): ${bare.connected} users`);
for (const s of bare.steps) console.log(line(s));

const at500 = rounds.steps[0]!;
const ours = best(rounds.steps);
const theirs = best(bare.steps);
console.log('\nSummary');
console.log(
  `  at 500 messages/s: p50 ${fmt(at500.p50)} ms, p99 ${fmt(at500.p99)} ms, max ${fmt(at500.max)} ms, lost ${at500.lost}, duplicated ${at500.duplicated} — target p99 < 50 ms ${at500.p99 < 50 && clean(at500) ? 'met' : 'NOT met'}`,
);
console.log(
  `  highest rate with p99 < 100 ms and nothing lost: ${ours}/s — target >= 2000/s ${ours >= 2_000 ? 'met' : 'NOT met'}`,
);
console.log(`  bare ws relay: ${theirs}/s; Rounds reaches ${theirs ? fmt((100 * ours) / theirs) : '—'}% of it`);
