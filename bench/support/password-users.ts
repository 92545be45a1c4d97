import type { Db } from '../../apps/server/src/db/database';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { insertUsers } from '../../apps/server/src/modules/users/users.store';

export type TBenchPerson = { email: string; phone: string; first_name: string; last_name: string };

/**
 * Verified users (US phones) who sign in through the API with `password`, written straight into the database;
 * argon2 runs once, the hash shared by all. Returns the rows in order.
 */
export async function insertPasswordUsers(db: Db, password: string, people: TBenchPerson[]) {
  const now = Date.now();
  const hash = await hashPassword(password);
  return insertUsers(
    db,
    people.map((p) => ({
      ...p,
      phone_country_code: '+1',
      phone_country_name: 'United States',
      password_hash: hash,
      email_verified: 1,
      phone_verified: 1,
      last_login_at: now,
    })),
  );
}
