import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { newId } from '../apps/server/src/lib/ids';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { searchKey } from '../apps/server/src/lib/search-key';
import { fmt, percentile, startBenchServer } from './support/server';

/**
 * bench/contacts: a directory of 20,000 users; POST /contact/list filtered and searched, p99 under 30 ms.
 * Runs on SQLite, and on PostgreSQL too when BENCH_DATABASE_URL is set (a fresh schema, dropped after).
 */
const USERS = 20_000;
const FIRST = [
  'Amelia',
  'Noah',
  'Olivia',
  'Liam',
  'Emma',
  'Lucas',
  'Ava',
  'Ethan',
  'Sophia',
  'Mason',
  'Camille',
  'Hugo',
  'Léa',
  'Omar',
  'Mei',
  'Raj',
  'Grace',
  'Nadia',
  'Thomas',
  'Julien',
];
const LAST = [
  'Broussard',
  'Thibodeaux',
  'Landry',
  'Hebert',
  'Guidry',
  'Fontenot',
  'Boudreaux',
  'LeBlanc',
  'Richard',
  'Johnson',
  'Garcia',
  'Miller',
  'Martin',
  'Dubois',
  'Moreau',
  'Khan',
  'Chen',
  'Patel',
  'Nguyen',
  'Okafor',
];

async function seed(o: { dataDir: string; databaseUrl?: string; schema?: string }) {
  const h = await openDatabase(o);
  await migrateToLatest(h.db, o.schema);
  const now = Date.now();
  const kinds = { facilities: 3, departments: 10, professions: 10, specialties: 10, suffixes: 8 } as const;
  const items: Record<string, string[]> = {};
  for (const [kind, n] of Object.entries(kinds) as [keyof typeof kinds, number][]) {
    items[kind] = Array.from({ length: n }, () => newId());
    await h.db
      .insertInto(kind)
      .values(items[kind]!.map((id, i) => ({ id, name: `${kind} ${i}`, name_key: `${kind} ${i}`, created_at: now })))
      .execute();
  }
  const hash = await hashPassword('Bench12345');
  const pick = (k: string, i: number) => items[k]![i % items[k]!.length]!;
  for (let start = 0; start < USERS; start += 500) {
    const batch = Array.from({ length: Math.min(500, USERS - start) }, (_, j) => {
      const i = start + j;
      return {
        id: newId(),
        email: `u${i}@bench.rounds`,
        unverified_email: null,
        phone: `555${String(i).padStart(7, '0')}`,
        phone_country_code: '+1',
        phone_country_name: 'United States',
        unverified_phone: null,
        unverified_phone_country_code: null,
        unverified_phone_country_name: null,
        first_name: FIRST[i % FIRST.length]!,
        last_name: `${LAST[(i * 7) % LAST.length]!}${i}`,
        search_key: searchKey(FIRST[i % FIRST.length]!, `${LAST[(i * 7) % LAST.length]!}${i}`, `u${i}@bench.rounds`),
        password_hash: hash,
        role: 'Regular' as const,
        active: 1,
        deleted: 0,
        email_verified: 1,
        phone_verified: 1,
        language: 'en',
        theme: 'light',
        play_notification_sound: 1,
        session_timeout: null,
        profession_id: pick('professions', i * 3),
        suffix_id: pick('suffixes', i),
        avatar: null,
        permissions: '{}',
        chat_status: 1,
        chat_status_manual: 0,
        last_login_at: now,
        password_changed_at: now,
        created_at: now,
        updated_at: now,
      };
    });
    await h.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(batch).execute();
      await trx
        .insertInto('user_facilities')
        .values(batch.map((u, j) => ({ user_id: u.id, item_id: pick('facilities', start + j) })))
        .execute();
      await trx
        .insertInto('user_departments')
        .values(batch.map((u, j) => ({ user_id: u.id, item_id: pick('departments', (start + j) * 7) })))
        .execute();
      await trx
        .insertInto('user_specialties')
        .values(batch.map((u, j) => ({ user_id: u.id, item_id: pick('specialties', (start + j) * 11) })))
        .execute();
    });
  }
  await h.close();
  return items;
}

type Case = { name: string; body: (items: Record<string, string[]>) => object };
const CASES: Case[] = [
  { name: 'search "hebert1"', body: () => ({ search: 'hebert1' }) },
  { name: 'name "camille mar"', body: () => ({ name: 'camille mar' }) },
  {
    name: 'department + profession',
    body: (i) => ({ departmentId: [i.departments![2]], professionId: [i.professions![5]] }),
  },
  {
    name: 'facility + department + search',
    body: (i) => ({ facilityId: [i.facilities![0]], departmentId: [i.departments![3]], search: 'a' }),
  },
  {
    name: '2 specialties + search "ol"',
    body: (i) => ({ specialtyId: [i.specialties![1], i.specialties![4]], search: 'ol' }),
  },
];

async function run(
  label: string,
  env: Record<string, string>,
  seedOptions: { dataDir: string; databaseUrl?: string; schema?: string },
) {
  const items = await seed(seedOptions);
  const server = await startBenchServer({
    ...env,
    DATA_DIR: seedOptions.dataDir,
    ADMIN_EMAIL: 'bench@rounds.local',
    ADMIN_PASSWORD: 'Bench12345',
    RATE_LIMIT_MAX: '1000000',
    LOGIN_RATE_LIMIT: '1000',
  });
  try {
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'u0@bench.rounds', password: 'Bench12345' }), // a seeded user: the users table is not empty, so no first Admin
    });
    const { token } = (await login.json()) as { token: string };
    const call = async (body: object) => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/v1/contact/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { data: { contacts: unknown[] } };
      if (res.status !== 200) throw new Error(`contact/list ${res.status}`);
      return { ms: performance.now() - t0, n: json.data.contacts.length };
    };
    console.log(`\n${label}: ${USERS} users`);
    let worst = 0;
    for (const c of CASES) {
      const body = c.body(items);
      for (let i = 0; i < 20; i++) await call(body); // warm up
      const times: number[] = [];
      let n = 0;
      for (let i = 0; i < 200; i++) {
        const r = await call(body);
        times.push(r.ms);
        n = r.n;
      }
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
  } finally {
    await server.stop();
  }
}

await run('SQLite', {}, { dataDir: mkdtempSync(join(tmpdir(), 'rounds-bench-contacts-')) });
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  try {
    await run(
      'PostgreSQL',
      { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema },
      { dataDir: mkdtempSync(join(tmpdir(), 'rounds-bench-contacts-')), databaseUrl: pgUrl, schema },
    );
  } finally {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
} else {
  console.log('\n(set BENCH_DATABASE_URL=postgres://… to run the same on PostgreSQL)');
}
