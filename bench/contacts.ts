import { contactRoutes, type TContactListRequest } from '@rounds/contracts/contacts';
import { routeFetch } from '@rounds/test-kit/route-fetch';
import { BENCH_USER, CONTACT_CASES, caseBody, seedHospital } from './support/demo-hospital';
import { onEachEngine } from './support/engines';
import { fmt, percentile, signIn, startBenchServer } from './support/server';

/**
 * bench/contacts: a directory of 20,000 users (the demo hospital at size: realistic names, classifications
 * drawn independently, so no case times an empty answer); POST /contact/list filtered and searched, p99 under
 * 30 ms. Every case must find people: one that finds nobody fails the run.
 * First it times the first and second unfiltered lists after the server says ready (a restart's first Contacts).
 * Runs on SQLite, and on PostgreSQL too when BENCH_DATABASE_URL is set (a fresh schema, dropped after).
 */
const USERS = 20_000;

async function run(
  label: string,
  env: Record<string, string>,
  seedOptions: { dataDir: string; databaseUrl?: string; schema?: string },
) {
  const ids = await seedHospital(USERS, seedOptions);
  const server = await startBenchServer({
    ...env,
    DATA_DIR: seedOptions.dataDir,
    ADMIN_EMAIL: 'bench@rounds.local',
    ADMIN_PASSWORD: 'Bench12345',
    RATE_LIMIT_MAX: '1000000',
    LOGIN_RATE_LIMIT: '1000',
  });
  try {
    const token = await signIn(server.url, BENCH_USER.email, BENCH_USER.password);
    const call = async (body: TContactListRequest) => {
      const t0 = performance.now();
      const res = await routeFetch(server.url, contactRoutes.list, { token, body });
      if (res.status !== 200) throw new Error(`contact/list ${res.status}`);
      return { ms: performance.now() - t0, n: res.body.data.contacts.length };
    };
    console.log(`\n${label}: ${USERS} users`);
    // The server said ready (/readyz) a moment ago: the first clinician to open Contacts after a restart should
    // wait no longer than the next (the directory is built while the process starts).
    const firstMs = (await call({})).ms;
    const secondMs = (await call({})).ms;
    console.log(`  first Contacts after start ${fmt(firstMs)} ms, second ${fmt(secondMs)} ms (unfiltered)`);
    let worst = 0;
    const empty: string[] = [];
    for (const c of CONTACT_CASES) {
      const body = caseBody(c, ids);
      for (let i = 0; i < 20; i++) await call(body); // warm up
      const times: number[] = [];
      let n = 0;
      for (let i = 0; i < 200; i++) {
        const r = await call(body);
        times.push(r.ms);
        n = r.n;
      }
      if (n === 0) empty.push(c.name);
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      worst = Math.max(worst, p99);
      console.log(
        `  ${c.name.padEnd(34)} ${String(n).padStart(5)} results  p50 ${fmt(percentile(times, 50))} ms  p99 ${fmt(p99)} ms`,
      );
    }
    const full: number[] = [];
    let fullN = 0;
    for (let i = 0; i < 10; i++) {
      const r = await call({});
      full.push(r.ms);
      fullN = r.n;
    }
    full.sort((a, b) => a - b);
    console.log(
      `  unfiltered (whole directory)        ${fullN} results  p50 ${fmt(percentile(full, 50))} ms (information, not the target)`,
    );
    console.log(
      `  filtered and searched: worst p99 ${fmt(worst)} ms — target < 30 ms ${worst < 30 ? 'met' : 'NOT met'}`,
    );
    if (empty.length > 0) {
      console.log(`  cases that found nobody (they would time an empty answer): ${empty.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

await onEachEngine('contacts', run);
