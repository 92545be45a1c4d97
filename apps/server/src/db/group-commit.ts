import { sql } from 'kysely';
import type { Db } from './database';

type TJob = {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

class WriteFailed extends Error {}

/** Bounded, so one batch never holds the database for long. */
const MAX_BATCH = 200;

/**
 * Group commit for small independent writes (call transitions): writes that arrive while a transaction is being
 * written wait and go together in the next one, so a burst shares one durable commit (synchronous FULL on
 * SQLite) instead of paying one each. A write that fails (a lost race on a unique index, a refused step) is
 * rolled back alone and rejects alone; the others commit: the batch is written first as it is, and when one
 * of its writes fails, written again with each write in its own savepoint. So a write may run twice, and must
 * change nothing but the database through `trx`. Each resolves only after the commit.
 *
 * `finish` runs last in the transaction with what the batch's successful writes returned, in their order, and
 * turns it into what each resolves with: work every write of a batch shares (their messages, one insert) is done
 * once. It failing fails the batch, as the commit failing does.
 */
export function createGroupCommit(db: Db): <T>(work: (trx: Db) => Promise<T>) => Promise<T>;
export function createGroupCommit<W, R>(
  db: Db,
  finish: (trx: Db, written: W[]) => Promise<R[]>,
): (work: (trx: Db) => Promise<W>) => Promise<R>;
export function createGroupCommit(db: Db, finish?: (trx: Db, written: unknown[]) => Promise<unknown[]>) {
  const queue: TJob[] = [];
  let running = false;

  type TOutcome = { ok: true; value: unknown } | { ok: false; error: unknown };

  /**
   * One transaction for the batch. `isolated`: each write in its own savepoint. Without, a write that fails
   * fails the transaction (WriteFailed): nothing of it is kept and the batch is written again, isolated.
   */
  const write = async (batch: TJob[], isolated: boolean): Promise<TOutcome[]> => {
    const outcomes: TOutcome[] = [];
    await db.transaction().execute(async (trx) => {
      for (const job of batch) {
        if (!isolated) {
          try {
            outcomes.push({ ok: true, value: await job.work(trx) });
          } catch {
            throw new WriteFailed();
          }
          continue;
        }
        await sql`savepoint gc`.execute(trx);
        try {
          outcomes.push({ ok: true, value: await job.work(trx) });
          await sql`release savepoint gc`.execute(trx);
        } catch (error) {
          await sql`rollback to savepoint gc`.execute(trx);
          await sql`release savepoint gc`.execute(trx);
          outcomes.push({ ok: false, error });
        }
      }
      if (!finish) return;
      const done = outcomes.flatMap((o, i) => (o.ok ? [i] : []));
      const results = await finish(
        trx,
        done.map((i) => (outcomes[i] as { value: unknown }).value),
      );
      for (const [k, i] of done.entries()) outcomes[i] = { ok: true, value: results[k] };
    });
    return outcomes;
  };

  const drain = async () => {
    running = true;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      let outcomes: TOutcome[];
      try {
        // Writes rarely fail (a lost race on a unique index): two statements less per write without savepoints.
        outcomes = await write(batch, false).catch((error: unknown) => {
          if (error instanceof WriteFailed) return write(batch, true);
          throw error;
        });
      } catch (error) {
        // The commit itself failed: nothing of the batch was stored.
        for (const job of batch) job.reject(error);
        continue;
      }
      for (const [i, job] of batch.entries()) {
        const outcome = outcomes[i]!;
        if (outcome.ok) job.resolve(outcome.value);
        else job.reject(outcome.error);
      }
    }
    running = false;
  };

  return <T>(work: (trx: Db) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // After this turn's I/O: everything that arrived with it joins the same transaction.
      if (!running) setImmediate(() => void drain());
      running = true;
    });
}
