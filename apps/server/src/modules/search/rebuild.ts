import type { Db } from '../../db/database';
import type { SearchService } from './search.service';
import { clearIndex, countMessages, insertTerms, messagesToIndex } from './search.store';

/** Messages read and indexed per transaction. */
const BATCH = 1_000;

/**
 * Rebuilds the blind index from the stored messages (existing data, or after SEARCH_KEY changed): the index is
 * emptied, then every message still shown is indexed again in id order, a batch per transaction. Messages sent
 * meanwhile are indexed by the server as usual; until the end, older ones are missing from results.
 */
export async function rebuildIndex(
  db: Db,
  search: Pick<SearchService, 'entryOfStored'>,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ messages: number; terms: number }> {
  const total = await countMessages(db);
  await clearIndex(db);
  let after = '';
  let done = 0;
  let terms = 0;
  onProgress(0, total);
  for (;;) {
    const rows = await messagesToIndex(db, after, BATCH);
    if (rows.length === 0) break;
    const entries = rows.filter((r) => r.removed === 0).map((r) => search.entryOfStored(r));
    await db.transaction().execute((trx) => insertTerms(trx, entries));
    terms += entries.reduce((n, e) => n + e.terms.length, 0);
    done += rows.length;
    after = rows.at(-1)!.id;
    onProgress(Math.min(done, total), Math.max(total, done));
  }
  return { messages: done, terms };
}
