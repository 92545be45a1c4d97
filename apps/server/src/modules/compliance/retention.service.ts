import type { TRetentionPolicy, TRetentionReply, TRetentionSweep } from '@rounds/contracts/compliance';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { FileStore } from '../../lib/file-store';
import type { MessageCrypto } from '../../lib/message-crypto';
import { writeAudit } from '../audit/audit.service';
import type { SearchService } from '../search/search.service';
import { cutoffs } from './retention.rules';
import {
  claimDue,
  countHeld,
  lastSweep,
  makeDue,
  markRooms,
  nextBatch,
  readPolicy,
  type SweepScope,
  takeUploads,
  wipeMessages,
  writePolicy,
} from './retention.store';

export type RetentionDeps = {
  db: Db;
  search: Pick<SearchService, 'forgetMessages'>;
  files: FileStore;
  crypto: MessageCrypto;
  log: FastifyBaseLogger;
};

/** Messages a batch removes: small, so each transaction is short and the message writer never waits long. */
export const SWEEP_BATCH = 200;
const SWEEP_JOB = 'retention-sweep';
/** How often the sweep is due across all processes (and at once after the policy changes). */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Retention (issue 27; docs/decisions.md "Retention and legal hold"): the Admin's policy, and the sweep that
 * removes what is past it (bodies, attributes, files, index entries), batch by batch, leaving what a legal hold
 * keeps. It also finishes the removals senders asked for while a hold kept their message, once no hold does.
 */
export function createRetentionService({ db, search, files, crypto, log }: RetentionDeps) {
  const view = async (): Promise<TRetentionReply['data']> => ({
    policy: await readPolicy(db),
    lastSweep: await lastSweep(db),
  });

  /** One scope, batch after batch; each batch one short transaction, the event loop let go in between. */
  const sweepScope = async (scope: SweepScope, batchSize: number, totals: TRetentionSweep) => {
    let afterId = '';
    for (;;) {
      const batch = await nextBatch(db, scope, afterId, batchSize);
      if (batch.length === 0) return;
      afterId = batch[batch.length - 1]!.id;
      const { wiped, uploads, terms } = await db.transaction().execute(async (trx) => {
        const wiped = new Set(
          await wipeMessages(
            trx,
            batch.map((m) => m.id),
            crypto.seal(''),
          ),
        );
        const rows = batch.filter((m) => wiped.has(m.id));
        // A message its sender removed lost its index entries then; the others lose them now.
        const indexed = rows.filter((m) => Number(m.removed) === 0);
        const terms = await search.forgetMessages(trx, indexed);
        const uploads = await takeUploads(trx, [...wiped]);
        const roomIds = [...new Set(rows.map((m) => m.room_id))];
        await markRooms(trx, [...wiped], roomIds, scope.kind === 'expired' ? scope.before : null);
        return { wiped, uploads, terms };
      });
      totals.messages += wiped.size;
      totals.indexEntries += terms;
      for (const u of uploads) {
        for (const key of [u.key, u.thumb_key]) {
          if (!key) continue;
          await files.remove(key).catch((err) => log.warn({ err, key }, 'retention: a file could not be removed'));
        }
        totals.files += 1;
      }
      if (batch.length < batchSize) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  /**
   * One run at `now` (tests pass the time they want): every room type's messages past retention, then the
   * removals holds were keeping. Writes one user-log record with the counts; returns them. A policy of forever
   * with nothing pending is no run at all (nothing written), so installs without retention see no records.
   */
  const sweep = async ({ now = Date.now(), batchSize = SWEEP_BATCH } = {}): Promise<TRetentionSweep | null> => {
    const policy = await readPolicy(db);
    const scopes: SweepScope[] = [
      ...cutoffs(policy, now).map((c) => ({ kind: 'expired' as const, ...c })),
      { kind: 'pending' },
    ];
    const totals: TRetentionSweep = { at: now, messages: 0, files: 0, indexEntries: 0, held: 0 };
    for (const scope of scopes) await sweepScope(scope, batchSize, totals);
    for (const scope of scopes) if (scope.kind === 'expired') totals.held += await countHeld(db, scope);
    if (scopes.length === 1 && totals.messages === 0) return null;
    const { at: _, ...counts } = totals;
    await writeAudit(db, { userId: null, event: 'retention sweep', details: counts });
    return totals;
  };

  return {
    get: view,

    set: async (adminId: string, policy: TRetentionPolicy, ip: string | null) => {
      const before = await readPolicy(db);
      await db.transaction().execute(async (trx) => {
        await writePolicy(trx, policy, Date.now());
        await makeDue(trx, SWEEP_JOB);
        await writeAudit(trx, { userId: adminId, event: 'retention changed', ip, details: { before, after: policy } });
      });
      return view();
    },

    sweep,

    /** The periodic job: claims the period's run (once across processes), then sweeps. */
    sweepIfDue: async (now = Date.now()) => {
      if (!(await claimDue(db, SWEEP_JOB, now, SWEEP_EVERY_MS))) return null;
      return sweep({ now });
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
