import type { FastifyInstance } from 'fastify';
import type { Job } from './runner';

/**
 * The steps of escalation chains (modules/on-call/escalation.service.ts fireDue): each due step is claimed in
 * the transaction that fires it, so every process runs this and none fires a step twice; a step due while the
 * process was down fires at the next run after start. Each second (or a tenth of a shortened minute): a step is
 * late by at most that plus its work.
 */
export function escalationSteps(app: FastifyInstance): Job {
  return {
    name: 'escalation-steps',
    everyMs: Math.min(1_000, Math.max(50, app.config.ESCALATION_MINUTE_MS / 10)),
    run: () => app.onCall.escalation.fireDue(),
  };
}
