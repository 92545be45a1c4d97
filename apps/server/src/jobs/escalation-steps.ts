import type { Job } from './runner';

/**
 * The steps of escalation chains (modules/on-call/escalation-fire.ts, fireDue): each due step is claimed in
 * the transaction that fires it, so every process runs this and none fires a step twice; a step due while the
 * process was down fires at the next run after start. Each second (or a tenth of a shortened minute): a step is
 * late by at most that plus its work.
 */
export function escalationSteps(fireDue: () => Promise<unknown>, minuteMs: number): Job {
  return {
    name: 'escalation-steps',
    everyMs: Math.min(1_000, Math.max(50, minuteMs / 10)),
    run: fireDue,
  };
}
