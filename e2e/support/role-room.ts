import { openDatabase } from '../../apps/server/src/db/database';
import { setRoomRole } from '../../apps/server/src/modules/on-call/escalation.store';
import type { RunningServer } from './server';

/**
 * Links a group to the duty role it speaks for (rooms.duty_role_id), straight in the journey server's
 * database: what opening a role's conversation does. The server reads the link on every URGENT send.
 */
export async function linkRoomToRole(server: RunningServer, roomId: string, roleId: string): Promise<void> {
  const handle = await openDatabase({ dataDir: server.dataDir });
  try {
    await setRoomRole(handle.db, roomId, roleId);
  } finally {
    await handle.close();
  }
}
