import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from './database';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, seedDemo } from './seed-demo';

/** `npm run seed:demo`: fill the configured database with the demo hospital. */
const config = loadConfig();
const handle = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
try {
  await migrateToLatest(handle.db);
  const result = await seedDemo(handle.db);
  console.log(
    result.created
      ? `Seeded ${result.users} demo staff (…@${DEMO_EMAIL_DOMAIN}, password ${DEMO_PASSWORD}).`
      : 'The demo hospital is already there.',
  );
} finally {
  await handle.close();
}
