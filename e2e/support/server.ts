import { type RunningServer, startServer as startServerProcess } from '@rounds/test-kit/server-process';
import { budget } from './budget';

export type { RunningServer };
export const ADMIN = { email: 'admin@e2e.rounds', password: 'Admin12345' };

/** The server bundle (what `npm start` runs, built in global-setup) for a journey: SQLite in a temp DATA_DIR. */
export function startServer(
  env: Record<string, string | undefined> = {},
  o: { port?: number } = {},
): Promise<RunningServer> {
  return startServerProcess({
    ...o,
    entry: 'bundle',
    prefix: 'e2e',
    readyWithinMs: budget(30_000),
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', ...env },
  });
}
