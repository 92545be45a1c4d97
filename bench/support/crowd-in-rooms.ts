import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database';
import { newId } from '../../apps/server/src/lib/ids';
import { signAccessToken } from '../../apps/server/src/lib/tokens';
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
  const now = Date.now();
  const rooms: string[] = [];
  for (let r = 0; r * roomSize < count; r += 1) {
    const id = newId();
    rooms.push(id);
    await h.db
      .insertInto('rooms')
      .values({
        id,
        type: 'group',
        name: `Ward ${r}`,
        name_key: `ward ${r}`,
        direct_key: null,
        owner_id: users[r * roomSize]!.id,
        archived_by: null,
        last_seq: 0,
        last_message_id: null,
        last_message_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await h.db
      .insertInto('room_members')
      .values(
        users.slice(r * roomSize, (r + 1) * roomSize).map((u) => ({
          room_id: id,
          user_id: u.id,
          joined_at: now,
          is_favorite: 0,
          muted: 0,
          last_read_seq: 0,
          unread_count: 0,
        })),
      )
      .execute();
  }
  await h.close();
  return Promise.all(
    users.map(async (u) => ({
      id: u.id,
      token: await signAccessToken(jwtSecret, { sub: u.id, role: 'Regular', sid: u.sid }, 3_600),
      room: rooms[Math.floor(u.i / roomSize)]!,
    })),
  );
}
