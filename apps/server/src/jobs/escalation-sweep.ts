import type { PriorityService } from '../modules/chat/priority.service';
import type { Job } from './runner';

/**
 * URGENT messages nobody acknowledged in time are notified once more (modules/chat/priority.service.ts
 * escalate: each escalation is claimed in its own transaction). Checked often enough to be on time.
 */
export function escalationSweep(deps: { priority: Pick<PriorityService, 'escalate'>; escalationSeconds: number }): Job {
  return {
    name: 'escalation-sweep',
    everyMs: Math.min(30_000, Math.max(1_000, (deps.escalationSeconds * 1000) / 10)),
    run: () => deps.priority.escalate(),
  };
}
