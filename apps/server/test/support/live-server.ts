import { openDatabase } from '../../src/db/database';

/**
 * The server process of the operations tests (delivery under SIGKILL, rolling restart, backup), the other side of
 * live-client: its environment under load, and what its database holds of a room once it has stopped.
 */
export type ProcessStore = { dataDir: string; schema: string | undefined };

/** A process on 127.0.0.1:`port` whose clients send every 15 to 25 ms: a load test, far past what a person does. */
export function loadTestEnv(port: number, { dataDir, schema }: ProcessStore): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMIT_MAX: '100000',
    SOCKET_RATE_LIMIT_MAX: '100000',
    LOGIN_RATE_LIMIT: '1000',
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
  };
}

/** A room's messages as the database holds them, by seq: what the clients' views are checked against. */
export async function storedMessages({ dataDir, schema }: ProcessStore, twId: string) {
  const handle = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, schema });
  try {
    return await handle.db
      .selectFrom('messages')
      .select(['id', 'seq', 'client_id'])
      .where('room_id', '=', twId)
      .orderBy('seq')
      .execute();
  } finally {
    await handle.close();
  }
}
