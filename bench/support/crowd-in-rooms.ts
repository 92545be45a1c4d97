import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database';
import { signAccessToken } from '../../apps/server/src/lib/tokens';
import { seedRooms } from './seed-rooms';
import { seedSignedInUsers } from './signed-in-users';

export type CrowdMember = { id: string; token: string; room: string };

/**
 * A fresh SQLite database in `dataDir` with `count` signed-in users in group rooms of `roomSize`, each with an
 * access token signed with `jwtSecret` (valid an hour): bench/realtime's and bench/restart-storm's crowd.
 */
export async function seedCrowdInRooms(
  dataDir: string,
  count: number,
  roomSize: number,
  jwtSecret: string,
): Promise<CrowdMember[]> {
  const h = await openDatabase({ dataDir });
  await migrateToLatest(h.db);
  const users = await seedSignedInUsers(h.db, count, 'User', '555');
  const rooms = await seedRooms(
    h.db,
    Array.from({ length: Math.ceil(count / roomSize) }, (_, r) => ({
      type: 'group' as const,
      name: `Ward ${r}`,
      members: users.slice(r * roomSize, (r + 1) * roomSize).map((u) => u.id),
    })),
    [],
  );
  await h.close();
  return Promise.all(
    users.map(async (u) => ({
      id: u.id,
      token: await signAccessToken(jwtSecret, { sub: u.id, role: 'Regular', sid: u.sid }, 3_600),
      room: rooms[Math.floor(u.i / roomSize)]!,
    })),
  );
}
