import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, seedDemo } from './seed-demo';

/**
 * `npm run seed:demo [-- --staff N]`: fill the configured database with the demo hospital, N staff in all
 * (40 named ones by default; more are generated, for trying Rounds at the size of a hospital group).
 */
const { values } = parseArgs({ options: { staff: { type: 'string' } } });
const staff = values.staff === undefined ? undefined : Number(values.staff);
if (staff !== undefined && (!Number.isInteger(staff) || staff < 1 || staff > 1_000_000)) {
  console.error('--staff: a whole number of staff, from 1 to 1,000,000');
  process.exit(2);
}
const config = loadConfig();
const handle = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
try {
  await migrateToLatest(handle.db);
  const result = await seedDemo(handle.db, staff === undefined ? {} : { staff });
  console.log(
    result.created
      ? `Seeded ${result.users} demo staff (…@${DEMO_EMAIL_DOMAIN}, password ${DEMO_PASSWORD}).`
      : 'The demo hospital is already there.',
  );
} finally {
  await handle.close();
}
