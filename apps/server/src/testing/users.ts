import type { FastifyInstance } from 'fastify';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { searchKey } from '../lib/search-key';

export const TEST_PASSWORD = 'Secret123';
let hashed: Promise<string> | null = null;
let n = 0;

/** A verified, active user inserted directly (the register flow has its own tests). */
export async function createUser(
  app: FastifyInstance,
  o: Partial<{
    email: string;
    firstName: string;
    lastName: string;
    role: 'Regular' | 'FacilityAdmin' | 'Admin';
    language: string;
    active: number;
  }> = {},
): Promise<{ id: string; email: string }> {
  hashed ??= hashPassword(TEST_PASSWORD);
  const now = Date.now();
  const id = newId();
  n += 1;
  const email = o.email ?? `user${n}-${id.slice(-6)}@test.rounds`;
  await app.db
    .insertInto('users')
    .values({
      id,
      email,
      unverified_email: null,
      phone: `55512${String(n).padStart(2, '0')}`,
      phone_country_code: '+1',
      phone_country_name: 'United States',
      unverified_phone: null,
      unverified_phone_country_code: null,
      unverified_phone_country_name: null,
      first_name: o.firstName ?? 'Test',
      last_name: o.lastName ?? `User${n}`,
      search_key: searchKey(o.firstName ?? 'Test', o.lastName ?? `User${n}`, email),
      password_hash: await hashed,
      role: o.role ?? 'Regular',
      active: o.active ?? 1,
      deleted: 0,
      email_verified: 1,
      phone_verified: 1,
      language: o.language ?? 'en',
      theme: 'light',
      play_notification_sound: 1,
      session_timeout: null,
      profession_id: null,
      suffix_id: null,
      avatar: null,
      permissions: '{}',
      chat_status: 1,
      chat_status_manual: 0,
      last_login_at: null,
      password_changed_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, email };
}

let ipCounter = 0;
/** Each login from its own address, so the per-IP login limit never decides a test by accident. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  remember = false,
): Promise<{ token: string; cookie: string; userId: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: email, password, remember },
    remoteAddress: freshIp(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'rounds_refresh');
  return { token: res.json().token, cookie: `rounds_refresh=${cookie?.value}`, userId: res.json().user.id };
}
