import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { createMessageCrypto } from '../lib/message-crypto';
import { createBlindIndex } from '../modules/search/blind-index';
import { rebuildIndex } from '../modules/search/rebuild';
import { createSearchService } from '../modules/search/search.service';

/**
 * `npm run search:rebuild`: indexes every stored message again for search (existing data, or after SEARCH_KEY
 * changed). Reads the server's environment (DATA_DIR, DATABASE_URL, MESSAGE_KEY, SEARCH_KEY or secrets.json);
 * the server may keep running.
 */
const config = loadConfig();
const handle = await openDatabase({
  dataDir: config.DATA_DIR,
  databaseUrl: config.DATABASE_URL,
  schema: config.DATABASE_SCHEMA,
});
const width = 30;
const tty = process.stderr.isTTY;
let lastTenth = -1;
/** A bar redrawn in place on a terminal; a line per tenth otherwise (a log file). */
const progress = (done: number, total: number) => {
  const share = total === 0 ? 1 : done / total;
  const filled = Math.round(share * width);
  const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}% ${done}/${total} messages`;
  if (tty) process.stderr.write(`\r${line}`);
  else if (Math.floor(share * 10) > lastTenth) {
    lastTenth = Math.floor(share * 10);
    process.stderr.write(`${line}\n`);
  }
};
try {
  await migrateToLatest(handle.db, handle.schema);
  const search = createSearchService({
    db: handle.db,
    index: createBlindIndex(config.SEARCH_KEY),
    crypto: createMessageCrypto(config.MESSAGE_KEY),
  });
  const started = performance.now();
  const { messages, terms } = await rebuildIndex(handle.db, search, progress);
  if (tty) process.stderr.write('\n');
  const seconds = (performance.now() - started) / 1000;
  console.log(`Search index rebuilt: ${messages} messages, ${terms} index rows, ${seconds.toFixed(1)} s.`);
} catch (error) {
  if (tty) process.stderr.write('\n');
  console.error(error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
