import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { signAccessToken } from '../apps/server/src/lib/tokens';
import { fmt, startBenchServer } from './support/server';
import { seedSignedInUsers } from './support/signed-in-users';

/**
 * bench/idle: 20,000 signed-in users each with one idle socket on one server process (SQLite). Prints the
 * server's resident memory before and after, and per socket. Target: under 50 KB a socket. The sockets come
 * from several client processes. A process may hold at most `ulimit -n` descriptors (the hard limit cannot be
 * raised inside an unprivileged container): when that is below what the count needs, the bench says so and
 * measures as many as fit.
 */
const WANTED = Number(process.env.BENCH_SOCKETS ?? 20_000);
const CLIENTS = 4;
const JWT_SECRET = 'bench-idle-secret-that-is-long-enough-to-use';
const ROOT = join(import.meta.dirname, '..');

const fdLimit = (() => {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const m = /Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/.exec(limits);
  return m && m[2] !== 'unlimited' ? Number(m[2]) : Number.POSITIVE_INFINITY;
})();
// The server keeps a few hundred descriptors of its own (database, logs, listening socket).
const COUNT = Math.min(WANTED, fdLimit - 300);
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

const dataDir = mkdtempSync(join(tmpdir(), 'rounds-bench-idle-'));
const h = await openDatabase({ dataDir });
await migrateToLatest(h.db);
const users = await seedSignedInUsers(h.db, COUNT, 'Idle', '556');
await h.close();
const tokens = await Promise.all(
  users.map((u) => signAccessToken(JWT_SECRET, { sub: u.id, role: 'Regular', sid: u.sid }, 3_600)),
);

const server = await startBenchServer({
  DATA_DIR: dataDir,
  JWT_SECRET,
  RATE_LIMIT_MAX: '1000000',
  SOCKET_RATE_LIMIT_MAX: '1000000',
});
await new Promise((r) => setTimeout(r, 3_000));
const before = rssKb(server.pid);

const started = performance.now();
const children = Array.from({ length: CLIENTS }, (_, c) => {
  const file = join(mkdtempSync(join(tmpdir(), 'rounds-bench-idle-')), 'clients.json');
  const share = Math.ceil(COUNT / CLIENTS);
  writeFileSync(file, JSON.stringify({ url: server.url, tokens: tokens.slice(c * share, (c + 1) * share) }));
  return spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'support', 'idle-clients.ts'), file], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
});
const counts = await Promise.all(
  children.map(
    (child) =>
      new Promise<{ connected: number; failed: number }>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d) => {
          out += d;
          const m = /connected (\d+) failed (\d+)/.exec(out);
          if (m) resolve({ connected: Number(m[1]), failed: Number(m[2]) });
        });
        child.once('exit', (code) => reject(new Error(`client process exited with ${code}`)));
      }),
  ),
);
const connectSeconds = (performance.now() - started) / 1000;
const connected = counts.reduce((n, c) => n + c.connected, 0);
const failed = counts.reduce((n, c) => n + c.failed, 0);
// Idle: let the connection work (presence writes, first pings) finish, then read the memory a few times.
await new Promise((r) => setTimeout(r, 15_000));
const samples: number[] = [];
for (let i = 0; i < 5; i++) {
  samples.push(rssKb(server.pid));
  await new Promise((r) => setTimeout(r, 2_000));
}
const after = Math.min(...samples);
for (const child of children) child.kill('SIGTERM');
await server.stop();

const perSocket = (after - before) / Math.max(1, connected);
console.log(`\nIdle sockets (one server process, SQLite)`);
if (COUNT < WANTED) {
  console.log(`  asked for ${WANTED}; this machine allows ${fdLimit} open files per process, so ${COUNT} were opened`);
}
console.log(`  ${connected} sockets connected in ${fmt(connectSeconds)} s, ${failed} refused`);
console.log(`  server RSS: ${fmt(before / 1024)} MB before, ${fmt(after / 1024)} MB with them idle`);
console.log(`  RSS per socket: ${fmt(perSocket)} KB — target < 50 KB ${perSocket < 50 ? 'met' : 'NOT met'}`);
process.exit(0);
