import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onCallRoutes } from '@rounds/contracts/on-call';
import { routeFetch } from '@rounds/test-kit/route-fetch';
import { openDatabase } from '../apps/server/src/db/database';
import { newId } from '../apps/server/src/lib/ids';
// @ts-expect-error: a plain .mjs build script shared with `npm start` and the journeys
import { ensureWebBuild } from '../scripts/ensure-web-build.mjs';
import { BENCH_USER, seedHospital } from './support/demo-hospital';
import { fmt, percentile, signIn, startBenchServer, timeCalls } from './support/server';

/**
 * bench/on-call (issue 25): a hospital group of 20,000 staff with 2,000 on-call roles over its facilities, a
 * year of weekly shifts for every role (104,000 shift rows), a weekly night rotation for one role in four and
 * a hand hold for one in ten. GET /on-call?facilityId=&at= at instants spread over the year, for each
 * facility: p99 under 20 ms.
 */
const STAFF = 20_000;
const ROLES = Number(process.env.BENCH_ROLES ?? 2_000);
const WEEKS = 52;
const HOUR = 3_600_000;
const ZONE = 'America/Chicago';

/** Rows go in 500 at a time: one statement of thousands of rows passes the engines' parameter limits. */
async function inBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

ensureWebBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'rounds-bench-on-call-'));
const ids = await seedHospital(STAFF, { dataDir });
const facilities = [...ids.facilities.values()];
const h = await openDatabase({ dataDir });
const staff = (await h.db.selectFrom('users').select('id').execute()).map((r) => r.id);
const yearAgo = Date.now() - 365 * 86_400_000;
const t0 = performance.now();
await h.db.transaction().execute(async (trx) => {
  const roles = Array.from({ length: ROLES }, (_, i) => ({
    id: newId(),
    facility_id: facilities[i % facilities.length]!,
    department_id: null,
    name: `Role ${i}`,
    name_key: `role ${i}`,
    time_zone: ZONE,
    retired_at: null,
    created_at: yearAgo,
    updated_at: yearAgo,
  }));
  await inBatches(roles, (batch) => trx.insertInto('duty_roles').values(batch).execute());
  const shifts = roles.flatMap((role, r) =>
    Array.from({ length: WEEKS }, (_, w) => {
      // A week's 12-hour day shift, a different person each week.
      const startsAt = yearAgo + w * 7 * 86_400_000 + (r % 7) * 86_400_000 + 8 * HOUR;
      return {
        id: newId(),
        role_id: role.id,
        user_id: staff[(r * 53 + w) % staff.length]!,
        starts_at: startsAt,
        ends_at: startsAt + 12 * HOUR,
      };
    }),
  );
  await inBatches(shifts, (batch) => trx.insertInto('duty_role_shifts').values(batch).execute());
  const rotations = roles
    .filter((_, r) => r % 4 === 0)
    .map((role, k) => ({
      id: newId(),
      role_id: role.id,
      user_id: staff[(k * 97) % staff.length]!,
      weekdays: JSON.stringify([4, 5, 6]),
      start_time: '20:00',
      end_time: '08:00',
      from_date: '2025-01-01',
      until_date: null,
      exceptions: JSON.stringify(['2026-12-25']),
    }));
  await inBatches(rotations, (batch) => trx.insertInto('duty_role_rotations').values(batch).execute());
  const holds = roles
    .filter((_, r) => r % 10 === 0)
    .map((role, k) => ({
      id: newId(),
      role_id: role.id,
      user_id: staff[(k * 31) % staff.length]!,
      kind: 'hand' as const,
      starts_at: yearAgo + k * HOUR,
      ends_at: null,
      note: null,
      created_by: staff[0]!,
      created_at: yearAgo,
    }));
  await trx.insertInto('duty_role_holds').values(holds).execute();
});
console.log(`seeded ${ROLES} roles, ${ROLES * WEEKS} shifts in ${fmt((performance.now() - t0) / 1000)} s`);
await h.close();

const server = await startBenchServer({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '1000000', LOGIN_RATE_LIMIT: '1000' });
try {
  const token = await signIn(server.url, BENCH_USER.email, BENCH_USER.password);
  console.log(`\nGET /on-call on ${STAFF} staff, ${ROLES} roles (SQLite), 200 calls a facility after 20 to warm up`);
  let worst = 0;
  for (const facilityId of facilities) {
    let n = 0;
    const call = async () => {
      n += 1;
      // Instants over the year, by the hour, so the cache of instants does not decide the figure.
      const at = yearAgo + ((n * 7919) % (365 * 24)) * HOUR + 17 * 60_000;
      const started = performance.now();
      const res = await routeFetch(server.url, onCallRoutes.onCall, { token, query: { facilityId, at } });
      if (res.status !== 200) throw new Error(`GET /on-call: ${res.status}`);
      const { roles } = res.body.data;
      return {
        ms: performance.now() - started,
        roles: roles.length,
        held: roles.filter((r) => r.holders.length).length,
      };
    };
    const { times, last } = await timeCalls(call);
    const p99 = percentile(times, 99);
    worst = Math.max(worst, p99);
    console.log(
      `  facility ${facilityId}: ${last.roles} roles, ${last.held} held at the last instant  p50 ${fmt(percentile(times, 50))} ms  p99 ${fmt(p99)} ms`,
    );
  }
  console.log(`  worst p99 ${fmt(worst)} ms — target < 20 ms ${worst < 20 ? 'met' : 'NOT met'}`);
} finally {
  await server.stop();
}
