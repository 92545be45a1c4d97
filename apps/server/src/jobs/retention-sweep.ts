import type { Job } from './runner';

/**
 * Retention (modules/compliance/retention.service.ts): every process looks every few minutes; the first to find
 * the hourly run due claims it in the database (job_due), so it runs once across processes. Its batches are
 * short transactions, so delivery never waits behind it.
 */
export function retentionSweep(sweepIfDue: () => Promise<unknown>): Job {
  return { name: 'retention-sweep', everyMs: 5 * 60 * 1000, run: sweepIfDue };
}
