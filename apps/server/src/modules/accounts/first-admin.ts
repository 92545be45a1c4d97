import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { generatePassword, hashPassword } from '../../lib/passwords';
import { anyUser, insertFirstUser, userRow } from '../users/users.store';

export const DEFAULT_ADMIN_EMAIL = 'admin@rounds.local';

/**
 * On an empty database, create the first Admin with email and phone verified. Without ADMIN_PASSWORD a
 * strong password is generated and printed once: it is never stored in clear anywhere.
 */
export async function ensureFirstAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  if (await anyUser(db)) return;
  const email = (config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const password = config.ADMIN_PASSWORD ?? generatePassword();
  await insertFirstUser(
    db,
    userRow({
      email,
      phone: '5550100',
      phone_country_code: '+1',
      phone_country_name: 'United States',
      first_name: 'Rounds',
      last_name: 'Administrator',
      password_hash: await hashPassword(password),
      role: 'Admin',
      email_verified: 1,
      phone_verified: 1,
    }),
  );
  if (config.ADMIN_PASSWORD) {
    log.info({ email }, 'Created the first Admin with ADMIN_EMAIL/ADMIN_PASSWORD');
  } else {
    // Printed once, on the first start only: the operator must note it now.
    log.warn(`First Admin created. Sign in as ${email} with password ${password} (shown only once).`);
  }
}
