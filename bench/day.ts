import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/database';
import { DEMO_PASSWORD } from '../apps/server/src/ops/seed-demo';
import { newId } from '../apps/server/src/lib/ids';
import { createMessageCrypto } from '../apps/server/src/lib/message-crypto';
import { signAccessToken } from '../apps/server/src/lib/tokens';
import { startRedis } from '../apps/server/src/testing/redis';
import {
  ACTIONS,
  PER_USER_HOUR,
  runCrowd,
  type TAction,
  type TCrowdFigures,
  type TStaff,
  URGENT_PER_MINUTE,
} from './support/day-crowd';
import { CONTACT_CASES, caseBody, seedHospital } from './support/demo-hospital';
import { seedRooms, type TSeedRoom } from './support/seed-rooms';
import { fmt, percentile, startBenchServer } from './support/server';
import { insertSessions } from './support/signed-in-users';

/**
 * bench/day: a full day's busiest hour, measured. The demo hospital at size (realistic names and
 * classifications), every member of staff signed in with a socket, in two ward groups of 10 and six direct
 * chats each, all with history; then the mix of support/day-crowd.ts (PER_USER_HOUR) for a few minutes.
 * Prints avg, p95 and p99 per action, the error count and what the answers held (rooms listed, messages in a
 * page, people found), for one process on SQLite (the embedded default) and for two processes over PostgreSQL
 * and Redis, side by side. Targets for every action: avg < 100 ms, p99 < 250 ms, no error.
 * `--find` steps the crowd up (--steps 1000,2000,3000,4000) on each setup and reports the largest within the
 * targets. The load generator runs on the same machine as the servers and the databases: every figure
 * includes its share of the cores.
 *
 *   npm run bench -- day [--users 2000] [--minutes 2] [--setup single|pair|both] [--find [--steps …] [--find-minutes 1]]
 */
const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '2000' },
    minutes: { type: 'string', default: '2' },
    setup: { type: 'string', default: 'both' },
    find: { type: 'boolean', default: false },
    steps: { type: 'string', default: '1000,2000,3000,4000' },
    'find-minutes': { type: 'string', default: '1' },
  },
});
const TARGET_AVG_MS = 100;
const TARGET_P99_MS = 250;
const JWT_SECRET = 'bench-day-secret-that-is-long-enough-to-sign';
const MESSAGE_KEY = randomBytes(32).toString('base64');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/rounds_test';
const HISTORY = { direct: 20, group: 60 };
const SERVER_ENV = {
  JWT_SECRET,
  MESSAGE_KEY,
  // Every simulated client comes from 127.0.0.1: the per-address limits would see one hospital as one
  // abuser. The per-user socket budget stays as configured (nobody here comes near it).
  RATE_LIMIT_MAX: '1000000',
  LOGIN_RATE_LIMIT: '1000000',
};

type TStore = { dataDir: string; databaseUrl?: string; schema?: string };
type TSetup = { key: 'single' | 'pair'; label: string };
const SETUPS: TSetup[] = [
  { key: 'single', label: '1 process, SQLite' },
  { key: 'pair', label: '2 processes, PostgreSQL + Redis' },
];

/** The demo hospital at `count` staff, each signed in, in their rooms with history. */
async function prepare(count: number, store: TStore): Promise<{ staff: Omit<TStaff, 'url'>[]; cases: object[] }> {
  // The demo's first named member is its facility admin: one more, so `count` are Regular staff.
  const ids = await seedHospital(count + 1, store);
  const h = await openDatabase(store);
  try {
    const rows = await h.db
      .selectFrom('users')
      .select(['id', 'email', 'last_name'])
      .where('role', '=', 'Regular')
      .orderBy('id')
      .limit(count)
      .execute();
    const people = rows.map((r) => ({ ...r, sid: newId() }));
    for (let start = 0; start < people.length; start += 500)
      await insertSessions(h.db, people.slice(start, start + 500));
    const n = people.length;
    const wards = Math.ceil(n / 10);
    const rooms: TSeedRoom[] = [];
    // Two groups each: a ward (consecutive staff) and a team across wards (every wards-th member).
    for (let k = 0; k < wards; k++) {
      rooms.push({
        type: 'group',
        name: `Ward ${k}`,
        members: people.slice(k * 10, k * 10 + 10).map((p) => p.id),
        messages: HISTORY.group,
      });
      rooms.push({
        type: 'group',
        name: `Team ${k}`,
        members: people.filter((_, i) => i % wards === k).map((p) => p.id),
        messages: HISTORY.group,
      });
    }
    // Six direct chats each: with the next three and the previous three.
    for (let i = 0; i < n; i++) {
      for (const d of [1, 2, 3]) {
        rooms.push({ type: 'direct', members: [people[i]!.id, people[(i + d) % n]!.id], messages: HISTORY.direct });
      }
    }
    const crypto = createMessageCrypto(MESSAGE_KEY);
    const bodies = ['Seen, thanks.', 'Bed 4 reviewed, plan unchanged.', 'Can you call me when free?'].map((b) =>
      crypto.seal(b),
    );
    const roomIds = await seedRooms(h.db, rooms, bodies);
    const roomsOf = new Map<string, { rooms: string[]; groups: string[] }>(
      people.map((p) => [p.id, { rooms: [], groups: [] }]),
    );
    rooms.forEach((r, k) => {
      for (const m of r.members) {
        roomsOf.get(m)!.rooms.push(roomIds[k]!);
        if (r.type === 'group') roomsOf.get(m)!.groups.push(roomIds[k]!);
      }
    });
    const staff = await Promise.all(
      people.map(async (p) => ({
        id: p.id,
        email: p.email,
        lastName: p.last_name,
        token: await signAccessToken(JWT_SECRET, { sub: p.id, role: 'Regular', sid: p.sid }, 4 * 3_600),
        ...roomsOf.get(p.id)!,
      })),
    );
    // The Contacts screen's filtered searches (bench/contacts' cases); typed names are looked up per colleague.
    const cases = CONTACT_CASES.filter((c) => Object.keys(c.filters).length > 0).map((c) => caseBody(c, ids));
    return { staff, cases };
  } finally {
    await h.close();
  }
}

const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in ticks of 1/100 s
};

type TRun = {
  setup: TSetup;
  users: number;
  figures: TCrowdFigures;
  /** CPU used by each server process over the run, as a share of one core. */
  serverCpu: number[];
  clientCpu: number;
  clientLagP99: number;
  /** The machine's 1-minute load average before and after (other work on the machine shows here). */
  load: [number, number];
};

async function runSetup(setup: TSetup, users: number, minutes: number): Promise<TRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rounds-bench-day-'));
  const schema = setup.key === 'pair' ? `bench_day_${randomBytes(4).toString('hex')}` : undefined;
  const store: TStore = schema ? { dataDir, databaseUrl: PG_URL, schema } : { dataDir };
  const redis = setup.key === 'pair' ? await startRedis() : undefined;
  const servers: Awaited<ReturnType<typeof startBenchServer>>[] = [];
  try {
    const t0 = performance.now();
    const { staff, cases } = await prepare(users, store);
    console.error(`  (${setup.label}: ${users} staff seeded in ${fmt((performance.now() - t0) / 1000)} s)`);
    const env = {
      ...SERVER_ENV,
      DATA_DIR: dataDir,
      ...(schema ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, REDIS_URL: redis!.url } : {}),
    };
    for (let i = 0; i < (setup.key === 'pair' ? 2 : 1); i++) servers.push(await startBenchServer(env));
    // Clients split evenly across the processes, as a plain load balancer would.
    const crowd = staff.map((s, i) => ({ ...s, url: servers[i % servers.length]!.url }));
    const lag = monitorEventLoopDelay({ resolution: 10 });
    const cpu0 = servers.map((s) => cpuSeconds(s.pid));
    const client0 = process.cpuUsage();
    lag.enable();
    const loadBefore = loadavg()[0]!;
    const figures = await runCrowd({
      staff: crowd,
      password: DEMO_PASSWORD,
      directoryCases: cases,
      seconds: minutes * 60,
    });
    lag.disable();
    const client = process.cpuUsage(client0);
    return {
      setup,
      users,
      figures,
      serverCpu: servers.map((s, i) => (cpuSeconds(s.pid) - cpu0[i]!) / figures.seconds),
      clientCpu: (client.user + client.system) / 1e6 / figures.seconds,
      clientLagP99: lag.percentile(99) / 1e6,
      load: [loadBefore, loadavg()[0]!],
    };
  } finally {
    for (const s of servers) await s.stop();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}

type TStat = { n: number; errors: number; avg: number; p95: number; p99: number; perAction: number };
function stat(figures: TCrowdFigures, action: TAction): TStat {
  const a = figures.actions[action];
  const sorted = [...a.times].sort((x, y) => x - y);
  const n = sorted.length;
  return {
    n,
    errors: a.errors,
    avg: n ? sorted.reduce((s, t) => s + t, 0) / n : Number.NaN,
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    perAction: n ? a.results / n : 0,
  };
}
const withinTargets = (r: TRun) =>
  ACTIONS.every((a) => {
    const s = stat(r.figures, a);
    return s.errors === 0 && (s.n === 0 || (s.avg < TARGET_AVG_MS && s.p99 < TARGET_P99_MS));
  });
const worst = (r: TRun) => {
  const stats = ACTIONS.map((a) => stat(r.figures, a)).filter((s) => s.n > 0);
  return {
    avg: Math.max(...stats.map((s) => s.avg)),
    p99: Math.max(...stats.map((s) => s.p99)),
    errors: ACTIONS.reduce((e, a) => e + r.figures.actions[a].errors, 0),
  };
};
const RESULT_UNIT: Partial<Record<TAction, string>> = {
  'recent list': 'rooms listed',
  'read room': 'messages in the page',
  'search contacts': 'people found',
  'pending urgent': 'URGENT waiting',
};
const num = (x: number, w = 7) => (Number.isNaN(x) ? '—' : fmt(x)).padStart(w);

function printRun(r: TRun) {
  const total = ACTIONS.reduce((s, a) => s + stat(r.figures, a).n, 0);
  console.log(
    `\n${r.setup.label}: ${r.users} staff, ${fmt(r.figures.seconds / 60)} min, ${total} actions (${fmt(total / r.figures.seconds)}/s)`,
  );
  console.log(
    `  ${'action'.padEnd(16)} ${'count'.padStart(6)} ${'errors'.padStart(6)}  avg ms  p95 ms  p99 ms  results`,
  );
  for (const a of ACTIONS) {
    const s = stat(r.figures, a);
    const unit = RESULT_UNIT[a];
    console.log(
      `  ${a.padEnd(16)} ${String(s.n).padStart(6)} ${String(s.errors).padStart(6)} ${num(s.avg)} ${num(s.p95)} ${num(s.p99)}  ${unit ? `${fmt(s.perAction)} ${unit} on average` : ''}`,
    );
    for (const sample of r.figures.actions[a].samples) console.log(`      error: ${sample}`);
  }
  const d = [...r.figures.delivery].sort((x, y) => x - y);
  const avg = d.length ? d.reduce((s, t) => s + t, 0) / d.length : Number.NaN;
  console.log(
    `  ${'(delivery)'.padEnd(16)} ${String(d.length).padStart(6)} ${''.padStart(6)} ${num(avg)} ${num(percentile(d, 95))} ${num(percentile(d, 99))}  send to NewMessage at each other member (information)`,
  );
  console.log(
    `  CPU: server ${r.serverCpu.map((c) => `${fmt(100 * c)}%`).join(' + ')} of a core, load generator ${fmt(100 * r.clientCpu)}%; its event-loop lag p99 ${fmt(r.clientLagP99)} ms (included in every figure)`,
  );
  console.log(`  machine load average ${fmt(r.load[0])} before, ${fmt(r.load[1])} after (2 cores)`);
  const w = worst(r);
  console.log(
    `  worst avg ${fmt(w.avg)} ms, worst p99 ${fmt(w.p99)} ms, ${w.errors} errors — targets (avg < ${TARGET_AVG_MS} ms, p99 < ${TARGET_P99_MS} ms, 0 errors) ${withinTargets(r) ? 'met' : 'NOT met'}`,
  );
}

function printSideBySide(runs: TRun[]) {
  console.log(`\nSide by side (avg / p99 ms, errors), ${runs[0]!.users} staff`);
  console.log(`  ${'action'.padEnd(16)} ${runs.map((r) => r.setup.label.padStart(34)).join('')}`);
  for (const a of ACTIONS) {
    const cells = runs.map((r) => {
      const s = stat(r.figures, a);
      return `${num(s.avg, 6)} / ${num(s.p99, 6)}  ${String(s.errors).padStart(3)} err`.padStart(34);
    });
    console.log(`  ${a.padEnd(16)} ${cells.join('')}`);
  }
}

const selected = SETUPS.filter((s) => args.setup === 'both' || args.setup === s.key);
if (selected.length === 0) throw new Error('--setup is single, pair or both');
const rate = Object.entries(PER_USER_HOUR)
  .map(([k, v]) => `${k} ${v}`)
  .join(', ');
console.log(`Mix per member of staff per hour: ${rate}; URGENT ${URGENT_PER_MINUTE}/min for the hospital`);

if (!args.find) {
  const users = Number(args.users);
  const runs: TRun[] = [];
  for (const setup of selected) {
    const r = await runSetup(setup, users, Number(args.minutes));
    printRun(r);
    runs.push(r);
  }
  if (runs.length > 1) printSideBySide(runs);
} else {
  const steps = args.steps.split(',').map(Number);
  const highest = new Map<string, number>();
  for (const setup of selected) {
    console.log(`\n${setup.label}: step search, ${args['find-minutes']} min a step`);
    highest.set(setup.label, 0);
    for (const users of steps) {
      const r = await runSetup(setup, users, Number(args['find-minutes']));
      const w = worst(r);
      const ok = withinTargets(r);
      const slowest = ACTIONS.map((a) => [a, stat(r.figures, a).p99] as const).sort((x, y) => y[1] - x[1])[0]!;
      console.log(
        `  ${String(users).padStart(5)} staff: worst avg ${num(w.avg)} ms, worst p99 ${num(w.p99)} ms (${slowest[0]}), ${w.errors} errors, server CPU ${r.serverCpu.map((c) => `${fmt(100 * c)}%`).join(' + ')} — ${ok ? 'within targets' : 'NOT within targets'}`,
      );
      if (!ok) {
        printRun(r);
        break;
      }
      highest.set(setup.label, users);
    }
  }
  console.log('\nHighest crowd within the targets (of the steps tried)');
  for (const [label, users] of highest) console.log(`  ${label.padEnd(34)} ${users || `below ${steps[0]}`}`);
}
