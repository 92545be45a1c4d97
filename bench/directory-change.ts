import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { bumpDirectory } from '../apps/server/src/modules/contacts/staff-directory';
import { seedHospital } from './support/demo-hospital';
import { fmt, percentile } from './support/server';

/**
 * bench/directory-change: the first directory read after a change, at 20,000 staff (SQLite). A change about
 * one person (a profile edit, a registration) updates the snapshot in place; any other change, and every
 * change before that existed, rebuilds it. Prints both.
 */
const USERS = 20_000;
const dataDir = mkdtempSync(join(tmpdir(), 'rounds-bench-directory-'));
await seedHospital(USERS, { dataDir });
const app = await buildApp(
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'none'), SEED_DEMO: 'false' }),
  { logger: false },
);
await app.ready();
try {
  const people = await app.db.selectFrom('users').select('id').where('deleted', '=', 0).limit(200).execute();
  const reader = people[0]!.id;
  const read = async () => {
    const t0 = performance.now();
    await app.directory.listJson(reader, {
      search: 'brou',
      facilityId: [],
      departmentId: [],
      professionId: [],
      specialtyId: [],
      suffixId: [],
    });
    return performance.now() - t0;
  };
  await read();
  const measure = async (change: (i: number) => Promise<void>) => {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      await change(i);
      times.push(await read());
    }
    return times.sort((a, b) => a - b);
  };
  const unchanged = await measure(async () => undefined);
  const rebuild = await measure(() => bumpDirectory(app.db));
  const inPlace = await measure(async (i) => {
    const id = people[1 + i]!.id;
    await app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ first_name: `Renamed${i}` })
        .where('id', '=', id)
        .execute();
      await bumpDirectory(trx, id);
    });
  });
  console.log(`\nFirst directory read after a change, ${USERS} staff (SQLite), 20 changes each:`);
  for (const [label, t] of [
    ['no change', unchanged],
    ['full rebuild (before)', rebuild],
    ['one person in place (now)', inPlace],
  ] as const) {
    console.log(`  ${label.padEnd(28)} p50 ${fmt(percentile(t, 50))} ms  max ${fmt(t.at(-1)!)} ms`);
  }
  console.log(`  snapshot: ${JSON.stringify(app.directory.stats())}`);
} finally {
  await app.close();
}
