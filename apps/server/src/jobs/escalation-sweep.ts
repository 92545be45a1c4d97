import type { FastifyInstance } from 'fastify';
import type { Job } from './runner';

/**
 * URGENT messages nobody acknowledged in time are notified once more (modules/chat/priority.service.ts
 * escalate: each escalation is claimed in its own transaction). Checked often enough to be on time.
 */
export function escalationSweep(app: FastifyInstance): Job {
  return {
    name: 'escalation-sweep',
    everyMs: Math.min(30_000, Math.max(1_000, (app.config.URGENT_ESCALATION_SECONDS * 1000) / 10)),
    run: () => app.chat.priority.escalate(),
  };
}
