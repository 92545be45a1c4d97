import type { PushService } from '../modules/push/push.service';
import type { Job } from './runner';

/**
 * Repeat until acknowledged (modules/push repeatDue): URGENT alerts due again are claimed in one statement, so
 * every process runs this and none alerts twice. Checked often enough to be on time; subscriptions of sessions
 * that ran out are cleared on the way, at most once a minute.
 */
export function urgentRepeat(deps: {
  push: Pick<PushService, 'repeatDue' | 'sweepEnded'>;
  repeatSeconds: number;
}): Job {
  let sweptAt = 0;
  return {
    name: 'urgent-repeat',
    everyMs: Math.min(5_000, Math.max(250, (deps.repeatSeconds * 1000) / 8)),
    run: async () => {
      await deps.push.repeatDue();
      if (Date.now() - sweptAt > 60_000) {
        sweptAt = Date.now();
        await deps.push.sweepEnded();
      }
    },
  };
}
