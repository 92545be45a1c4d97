import type { FastifyBaseLogger } from 'fastify';

/** A background job: run every `everyMs`, never two runs of one job at once in a process. */
export type Job = {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** Called when the runner stops: end the work under way and let go of what it still holds. */
  stop?: () => Promise<void>;
};

/**
 * Starts the jobs with the app and stops them with it (app.ts: on ready, and before the database closes on
 * app close or SIGTERM). Each job claims its rows in the database, so every process runs every job and none
 * does a piece of work twice.
 */
export function createJobRunner(log: FastifyBaseLogger, jobs: Job[]) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let started = false;
  let stopped = false;

  const runOnce = (job: Job): Promise<void> => {
    const current = running.get(job.name);
    if (current) return current;
    const run = job
      .run()
      .then(() => undefined)
      .catch((err) => log.warn({ err, job: job.name }, 'background job failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };

  return {
    start: () => {
      if (started || stopped) return;
      started = true;
      for (const job of jobs) {
        const timer = setInterval(() => void runOnce(job), job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    /** Stops the timers, has each job let go of what it holds, and waits for the runs under way. */
    stop: async () => {
      if (stopped) return;
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled(jobs.map((j) => j.stop?.()));
      await Promise.allSettled([...running.values()]);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
