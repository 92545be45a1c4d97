import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TBodyIn } from '@rounds/contracts/api-route';
import { chatRoomRoutes } from '@rounds/contracts/chat';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '@rounds/test-kit/demo';
import { startJanus } from '@rounds/test-kit/janus-server';
import { routeReply } from '@rounds/test-kit/route-fetch';
import type { Page } from 'playwright-core';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { signAccessToken } from '../apps/server/src/lib/tokens';
// @ts-expect-error: a plain .mjs build script shared with `npm start` and the journeys
import { ensureWebBuild } from '../scripts/ensure-web-build.mjs';
import { callBurst, type TPair } from './support/call-burst';
import {
  clickToAudio,
  endGroupCall,
  launchCallBrowser,
  openRoom,
  signedInPage,
  spread,
  startGroupVideoCall,
} from './support/call-pages';
import { seedHospital } from './support/demo-hospital';
import { cpuSeconds, sampleCpu } from './support/proc-cpu';
import { seedRooms } from './support/seed-rooms';
import { fmt, signIn, startBenchServer } from './support/server';
import { seedSignedInUsers } from './support/signed-in-users';

/**
 * bench/calls: the demo hospital at size (BENCH_STAFF, 20,000 staff), the real server on loopback.
 *  (a) click to first remote audio: 20 voice calls in Chromium with fake devices, the callee accepting as soon as
 *      the ringing card shows; the split: ring arrival, accept to audio. Target p95 < 1.5 s on loopback.
 *  (b) 200 calls rung and accepted at once by 400 socket.io clients in node (200 direct rooms), over several
 *      rounds: CallInitialized at the callee, CallAccepted at the caller. Target p99 < 100 ms.
 *  (c) CPU of the server (and of Janus, given JANUS_PID) during a group video call: 3 people on the mesh, 6
 *      through Janus.
 * Janus: `npm run bench -- calls --janus` starts Debian's janus on loopback and sends every call through it; or
 * point JANUS_URL (and JANUS_PID, for its CPU) at a running one. (a) then measures the path through Janus.
 */
const STAFF = Number(process.env.BENCH_STAFF ?? 20_000);
const PAIRS = Number(process.env.BENCH_CALL_PAIRS ?? 200);
const JANUS = process.argv.includes('--janus') || Boolean(process.env.JANUS_URL);
// Without JANUS_URL, --janus starts Debian's janus on loopback itself (the tests' throwaway configuration).
const ownJanus = JANUS && !process.env.JANUS_URL ? await startJanus() : undefined;
const JANUS_URL = process.env.JANUS_URL ?? ownJanus?.url;
const JANUS_PID = process.env.JANUS_PID ? Number(process.env.JANUS_PID) : ownJanus?.process.pid;
const GROUP = JANUS ? 6 : 3;
const JWT_SECRET = 'bench-calls-secret-that-is-long-enough';
/** `--only a,c`: some of the cases (all by default). */
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '').split(',') : ['a', 'b', 'c'];

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

ensureWebBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'rounds-bench-calls-'));
const t0 = performance.now();
await seedHospital(STAFF, { dataDir });
// The crowd of (b): signed-in users allowed voice calls, in pairs, each pair with its direct room.
const h = await openDatabase({ dataDir });
await migrateToLatest(h.db);
const crowd = await seedSignedInUsers(h.db, PAIRS * 2, 'Caller', '556');
await h.db
  .updateTable('users')
  .set({ permissions: JSON.stringify({ voice: true, video: true }) })
  .where(
    'id',
    'in',
    crowd.map((u) => u.id),
  )
  .execute();
const rooms = await seedRooms(
  h.db,
  Array.from({ length: PAIRS }, (_, k) => ({
    type: 'direct' as const,
    members: [crowd[2 * k]!.id, crowd[2 * k + 1]!.id],
  })),
  [],
);
// Named demo staff who are available and read English (the bench clicks English labels).
const staff = await h.db
  .selectFrom('users')
  .select(['id', 'email', 'first_name', 'last_name'])
  .where('email', 'not like', '%.%.%@%')
  .where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`)
  .where('chat_status', '=', 1)
  .where('language', '=', 'en')
  .orderBy('phone')
  .limit(Math.max(GROUP, 2))
  .execute();
await h.close();
const token = (u: { id: string; sid: string }) =>
  signAccessToken(JWT_SECRET, { sub: u.id, role: 'Regular', sid: u.sid }, 3_600);
const pairs: TPair[] = await Promise.all(
  rooms.map(async (twId, k) => ({
    twId,
    caller: { token: await token(crowd[2 * k]!) },
    callee: { token: await token(crowd[2 * k + 1]!) },
  })),
);
console.log(
  `bench/calls${JANUS ? ' (through Janus)' : ' (mesh)'}: seeded ${STAFF.toLocaleString('en-US')} staff, ` +
    `${PAIRS * 2} callers in ${PAIRS} direct rooms in ${fmt((performance.now() - t0) / 1000)} s`,
);

const server = await startBenchServer({
  DATA_DIR: dataDir,
  JWT_SECRET,
  RATE_LIMIT_MAX: '1000000',
  LOGIN_RATE_LIMIT: '1000',
  SOCKET_RATE_LIMIT_MAX: '1000000',
  ...(JANUS_URL ? { JANUS_URL } : {}),
});
const browser = await launchCallBrowser();
let failed = false;
try {
  // Rooms made the way the app makes them, through the API, by the first of the staff.
  const login = (email: string) => signIn(server.url, email, DEMO_PASSWORD);
  const owner = await login(staff[0]!.email);
  const createRoom = (body: TBodyIn<typeof chatRoomRoutes.create>) =>
    routeReply(server.url, chatRoomRoutes.create, { token: owner, body });
  const fullName = (u: (typeof staff)[number]) => `${u.first_name} ${u.last_name}`;
  await createRoom({ type: 'direct', participants: [staff[1]!.id] });
  await createRoom({ type: 'group', name: 'Bench video call', participants: staff.slice(1, GROUP).map((u) => u.id) });

  // (a) Click to first remote audio.
  if (ONLY.includes('a')) {
    const [caller, callee] = [
      await signedInPage(browser, server.url, staff[0]!.email),
      await signedInPage(browser, server.url, staff[1]!.email),
    ];
    await openRoom(caller, fullName(staff[1]!));
    const calls = await clickToAudio(caller, callee, { calls: 20, warmup: 1 });
    const total = spread(calls.map((c) => c.total));
    const ring = spread(calls.map((c) => c.ring));
    const acceptToAudio = spread(calls.map((c) => c.acceptToAudio));
    const row = (what: string, s: ReturnType<typeof spread>) =>
      `    ${what.padEnd(40)} p50 ${fmt(s.p50).padStart(7)} ms  p95 ${fmt(s.p95).padStart(7)} ms  max ${fmt(s.max).padStart(7)} ms`;
    console.log(`\n  (a) click to first remote audio, ${calls.length} voice calls in Chromium (after 1 warm-up)`);
    console.log(row('click → ringing card at the callee', ring));
    console.log(row('accept → first audio bytes at the caller', acceptToAudio));
    console.log(row('click → first audio bytes at the caller', total));
    console.log(`    target p95 < 1500 ms: ${verdict(total.p95 < 1500)}`);
    if (calls.length !== 20) failed = true;
    for (const page of [caller, callee]) await page.context().close();
  }

  // (b) 200 calls at once through one server process.
  if (ONLY.includes('b')) {
    const burst = await callBurst(server.url, pairs, { rounds: 5, warmup: 1, serverCpu: () => cpuSeconds(server.pid) });
    const expected = burst.calls * burst.rounds;
    console.log(
      `\n  (b) ${burst.calls} calls rung and accepted at once, ${burst.rounds} rounds (after 1 warm-up), ` +
        `${burst.calls * 2} clients connected in ${fmt(burst.connectSeconds)} s`,
    );
    console.log(
      `    rung ${burst.rung}/${expected}, accepted ${burst.accepted}/${expected}, ended ${burst.ended}/${expected}`,
    );
    console.log(
      `    a round (ring, accept, hang up; all ${burst.calls}) took ${fmt(burst.roundSeconds)} s; server CPU ${fmt(burst.serverCpuMsPerCall)} ms per call`,
    );
    if (burst.refused.length > 0) console.log(`    refused or lost: ${burst.refused.slice(0, 5).join('; ')}`);
    console.log(
      `    CallInitialize → CallInitialized at the callee  p50 ${fmt(burst.ring.p50)} ms  p99 ${fmt(burst.ring.p99)} ms  max ${fmt(burst.ring.max)} ms`,
    );
    console.log(
      `    CallAccept → CallAccepted at the caller         p50 ${fmt(burst.accept.p50)} ms  p99 ${fmt(burst.accept.p99)} ms  max ${fmt(burst.accept.max)} ms`,
    );
    const burstOk = burst.rung === expected && burst.accepted === expected && burst.refused.length === 0;
    console.log(
      `    target p99 < 100 ms, every call through: ${verdict(burstOk && burst.ring.p99 < 100 && burst.accept.p99 < 100)}`,
    );
    if (!burstOk) failed = true;
  }

  // (c) CPU during a group video call.
  if (ONLY.includes('c')) {
    const pages: Page[] = [];
    for (const u of staff.slice(0, GROUP)) pages.push(await signedInPage(browser, server.url, u.email));
    for (const page of pages) await openRoom(page, 'Bench video call');
    await startGroupVideoCall(pages);
    const pids: Record<string, number> = { server: server.pid, ...(JANUS_PID ? { janus: JANUS_PID } : {}) };
    const cpu = await sampleCpu(pids, 10);
    await endGroupCall(pages);
    console.log(
      `\n  (c) CPU during a ${GROUP}-person video call${JANUS ? ' through Janus' : ' on the mesh'}, 10 s, share of one core`,
    );
    for (const [name, c] of Object.entries(cpu)) {
      console.log(
        `    ${name.padEnd(8)} mean ${fmt(c.mean * 100).padStart(5)} %  peak 1 s ${fmt(c.peak * 100).padStart(5)} %`,
      );
    }
    if (JANUS && !JANUS_PID) console.log('    (set JANUS_PID to sample Janus too)');
  }
} catch (error) {
  failed = true;
  console.error(error);
  // What the pages looked like when a step failed, for whoever runs it next.
  for (const [c, context] of browser.contexts().entries()) {
    for (const [i, page] of context.pages().entries()) {
      await page.screenshot({ path: join(tmpdir(), `bench-calls-failed-${c}-${i}.png`) }).catch(() => undefined);
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await ownJanus?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
