import type { FastifyInstance } from 'fastify';
import type { Job } from './runner';

/**
 * Repeat until acknowledged (modules/push repeatDue): URGENT alerts due again are claimed in one statement, so
 * every process runs this and none alerts twice. Checked often enough to be on time; subscriptions of sessions
 * that ran out are cleared on the way, at most once a minute.
 */
export function urgentRepeat(app: FastifyInstance): Job {
  let sweptAt = 0;
  return {
    name: 'urgent-repeat',
    everyMs: Math.min(5_000, Math.max(250, (app.config.URGENT_REPEAT_SECONDS * 1000) / 8)),
    run: async () => {
      await app.push.repeatDue();
      if (Date.now() - sweptAt > 60_000) {
        sweptAt = Date.now();
        await app.push.sweepEnded();
      }
    },
  };
}
