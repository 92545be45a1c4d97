import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import type { EngineOptions } from './engines';

/**
 * The server's app in this process, on the data a bench seeded: a service timed as its route calls it,
 * without HTTP and JSON. Also the id of the seeded user who calls it.
 */
export async function openInProcess(
  o: EngineOptions,
  env: Record<string, string>,
  messageKey: string,
  email: string,
): Promise<{ app: Awaited<ReturnType<typeof buildApp>>; userId: string }> {
  const app = await buildApp(
    loadConfig({
      DATA_DIR: o.dataDir,
      MESSAGE_KEY: messageKey,
      LOG_LEVEL: 'silent',
      WEB_DIST: join(o.dataDir, 'none'),
      ...env,
    }),
    { dbSchema: o.schema, logger: false },
  );
  const user = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { app, userId: user.id };
}
