import type { FastifyInstance } from 'fastify';
import type { Job } from './runner';

/**
 * The steps of escalation chains (modules/on-call/escalation.service.ts fireDue): each due step is claimed in
 * the transaction that fires it, so every process runs this and none fires a step twice; a step due while the
 * process was down fires at the next run after start. Each second: a step is late by at most that plus its work.
 */
export function escalationSteps(app: FastifyInstance): Job {
  return { name: 'escalation-steps', everyMs: 1_000, run: () => app.onCall.escalation.fireDue() };
}
