import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminUserRoutes, BULK_CSV_COLUMNS } from '@rounds/contracts/admin-users';
import { routeUrl, type TQueryIn } from '@rounds/contracts/api-route';
import { userLogRoutes } from '@rounds/contracts/user-logs';
import { DEMO_PASSWORD } from '@rounds/test-kit/demo';
import { routeFetch } from '@rounds/test-kit/route-fetch';
import { openDatabase } from '../apps/server/src/db/database';
import { newId } from '../apps/server/src/lib/ids';
// @ts-expect-error: a plain .mjs build script shared with `npm start` and the journeys
import { ensureWebBuild } from '../scripts/ensure-web-build.mjs';
import { adminTableInBrowser } from './support/admin-table-browser';
import { BENCH_USER, seedHospital } from './support/demo-hospital';
import { fmt, percentile, signIn, startBenchServer, timeCalls } from './support/server';

/**
 * bench/admin: the administration users table on the demo hospital at 20,000 staff. GET /user searched and
 * sorted, as an Admin (everyone) and as a FacilityAdmin (the non-Admins of their facilities, a subquery per
 * row): p99 under 30 ms. Every case must find people: one that finds nobody fails the run.
 * Then the same table in Chromium (bench/support/admin-table-browser.ts): opening it, a search, a sort, a page.
 * Then POST /user/import-from-csv of 5,000 new staff through the real route: seconds (target under 20 s) and
 * the server's RSS before and after; every row must be created.
 * Then GET /user/export-logs of 1,000,000 log rows: the server's memory growth while streaming (target under
 * 50 MB) and the time to the last byte.
 */
const USERS = 20_000;
const LOGS = Number(process.env.BENCH_LOGS ?? 1_000_000);
const IMPORT_ROWS = 5_000;
const CASES: { name: string; query: TQueryIn<typeof adminUserRoutes.list> }[] = [
  { name: 'first page, by first name', query: {} },
  { name: 'page 40, by surname desc', query: { sortBy: 'lastName', order: 'desc', page: 40 } },
  { name: 'search "bro", by first name', query: { keyword: 'bro' } },
  { name: 'search "mar", by email', query: { keyword: 'mar', sortBy: 'email' } },
  { name: 'by last sign-in desc', query: { sortBy: 'lastLoginDate', order: 'desc' } },
  { name: 'search "thibodeaux", by role', query: { keyword: 'thibodeaux', sortBy: 'role' } },
];

ensureWebBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'rounds-bench-admin-'));
await seedHospital(USERS, { dataDir });
// The demo hospital has a FacilityAdmin (BENCH_USER) and no Admin: make one of the named staff the Admin.
const h = await openDatabase({ dataDir });
const adminRow = await h.db
  .selectFrom('users')
  .select(['id', 'email'])
  .where('role', '=', 'Regular')
  .orderBy('id')
  .limit(1)
  .executeTakeFirstOrThrow();
await h.db.updateTable('users').set({ role: 'Admin' }).where('id', '=', adminRow.id).execute();
// A year of user logs about the staff: 1,000,000 rows, 500 a statement.
const staff = (await h.db.selectFrom('users').select('id').execute()).map((r) => r.id);
const EVENTS = ['login', 'logout', 'password changed', 'account updated', 'permissions changed'];
const yearAgo = Date.now() - 365 * 86_400_000;
await h.db.transaction().execute(async (trx) => {
  for (let start = 0; start < LOGS; start += 500) {
    const rows = Array.from({ length: Math.min(500, LOGS - start) }, (_, k) => {
      const i = start + k;
      return {
        id: newId(yearAgo + i * 31),
        user_id: staff[i % staff.length]!,
        event: EVENTS[i % EVENTS.length]!,
        ip: `10.0.${(i >> 8) & 255}.${i & 255}`,
        details: null,
        created_at: yearAgo + i * 31,
      };
    });
    await trx.insertInto('audit_logs').values(rows).execute();
  }
});
// Names for the import's reference columns, as an administrator would type them (any case).
const firstName = async (table: 'facilities' | 'departments' | 'professions' | 'specialties', offset: number) =>
  (await h.db.selectFrom(table).select('name').orderBy('id').limit(1).offset(offset).executeTakeFirstOrThrow()).name;
const importNames = {
  facility: `${await firstName('facilities', 0)};${await firstName('facilities', 1)}`,
  department: await firstName('departments', 0),
  profession: (await firstName('professions', 0)).toUpperCase(),
  specialty: `${await firstName('specialties', 0)};${await firstName('specialties', 1)}`,
};
await h.close();

const server = await startBenchServer({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '1000000', LOGIN_RATE_LIMIT: '1000' });
try {
  const viewers = [
    { label: 'Admin', token: await signIn(server.url, adminRow.email, DEMO_PASSWORD) },
    { label: 'FacilityAdmin', token: await signIn(server.url, BENCH_USER.email, BENCH_USER.password) },
  ];
  let worst = 0;
  const empty: string[] = [];
  console.log(`\nGET /user on ${USERS} staff (SQLite), 200 calls a case after 20 to warm up`);
  for (const viewer of viewers) {
    for (const c of CASES) {
      const call = async () => {
        const t0 = performance.now();
        const res = await routeFetch(server.url, adminUserRoutes.list, { token: viewer.token, query: c.query });
        if (res.status !== 200) throw new Error(`GET /user ${JSON.stringify(c.query)}: ${res.status}`);
        return { ms: performance.now() - t0, rows: res.body.results.length, total: res.body.total };
      };
      const { times, last } = await timeCalls(call);
      if (last.rows === 0) empty.push(`${viewer.label}: ${c.name}`);
      const p99 = percentile(times, 99);
      worst = Math.max(worst, p99);
      console.log(
        `  ${viewer.label.padEnd(14)} ${c.name.padEnd(32)} ${String(last.total).padStart(6)} found, ${last.rows} shown  p50 ${fmt(percentile(times, 50))} ms  p99 ${fmt(p99)} ms`,
      );
    }
  }
  console.log(`  worst p99 ${fmt(worst)} ms — target < 30 ms ${worst < 30 ? 'met' : 'NOT met'}`);

  // What the administrator waits for on the screen, on the same 20,000 staff.
  const screen = await adminTableInBrowser(server.url, [
    { label: 'Admin', email: adminRow.email, password: DEMO_PASSWORD },
    { label: 'FacilityAdmin', ...BENCH_USER },
  ]);
  empty.push(...screen.empty);
  // The Admin's sign-in in Chromium ends the API session 10 s later (the single-session rule): sign in again.
  const adminToken = await signIn(server.url, adminRow.email, DEMO_PASSWORD);

  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

  // The bulk import: a 5,000-row CSV of the template, uploaded as the browser does (multipart `file`).
  const quote = (v: string) => `"${v.replaceAll('"', '""')}"`;
  const csvRows = Array.from({ length: IMPORT_ROWS }, (_, i) =>
    [
      `Import${i}`,
      `Staff${i}`,
      `import.staff${i}@bench.rounds`,
      '+1',
      `225555${String(i).padStart(4, '0')}`,
      importNames.facility,
      importNames.department,
      importNames.profession,
      importNames.specialty,
      '',
      i % 50 === 0 ? 'FacilityAdmin' : 'Regular',
    ]
      .map(quote)
      .join(','),
  );
  const csv = `${BULK_CSV_COLUMNS.join(',')}\n${csvRows.join('\n')}\n`;
  const importRssBefore = rss();
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'staff.csv');
  const i0 = performance.now();
  const imported = await routeFetch(server.url, adminUserRoutes.importCsv, { token: adminToken, form });
  const importReply = imported.body;
  const importSeconds = (performance.now() - i0) / 1000;
  const importRssAfter = rss();
  const createdRows = importReply.data?.created ?? 0;
  console.log(
    `\nPOST /user/import-from-csv: ${IMPORT_ROWS} rows (${(csv.length / 1e6).toFixed(2)} MB) → HTTP ${imported.status}, ${createdRows} created, ${importReply.data?.failed ?? '?'} failed in ${importSeconds.toFixed(1)} s — target < 20 s ${importSeconds < 20 ? 'met' : 'NOT met'}; server RSS ${importRssBefore.toFixed(0)} MB before, ${importRssAfter.toFixed(0)} MB after`,
  );
  if (createdRows !== IMPORT_ROWS) {
    console.log(`  not every row was created: ${JSON.stringify(importReply).slice(0, 500)}`);
    process.exitCode = 1;
  }

  // The export, read as a browser downloads it; the server's RSS sampled every 20 ms from /proc.
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 20);
  const t0 = performance.now();
  // The CSV is streamed and its lines counted: a raw fetch on the URL its descriptor gives.
  const res = await fetch(`${server.url}${routeUrl(userLogRoutes.export)}?from=0`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  let lines = 0;
  let bytes = 0;
  const reader = res.body!.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    bytes += r.value.length;
    for (const b of r.value) if (b === 10) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const growth = peak - before;
  console.log(
    `\nGET /user/export-logs: ${lines - 1} rows (${(bytes / 1e6).toFixed(0)} MB of CSV) in ${seconds.toFixed(1)} s; server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB: growth ${growth.toFixed(0)} MB — target < 50 MB ${growth < 50 ? 'met' : 'NOT met'}`,
  );
  if (lines - 1 < LOGS) process.exitCode = 1;
  if (empty.length > 0) {
    console.log(`  cases that found nobody: ${empty.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}
