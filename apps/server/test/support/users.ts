import { authRoutes } from '@rounds/contracts/auth';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/lib/ids';
import { hashPassword } from '../../src/lib/passwords';
import { bumpDirectory } from '../../src/modules/contacts/staff-directory';
import { insertUsers } from '../../src/modules/users/users.store';
import { callRoute } from './call-route';
import { isSecondStep, passSecondStep } from './mfa';

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
    /** Facility ids (createFacility) the user works at. */
    facilities: string[];
  }> = {},
): Promise<{ id: string; email: string }> {
  hashed ??= hashPassword(TEST_PASSWORD);
  const id = newId();
  n += 1;
  const email = o.email ?? `user${n}-${id.slice(-6)}@test.rounds`;
  await insertUsers(app.db, [
    {
      id,
      email,
      phone: `55512${String(n).padStart(2, '0')}`,
      phone_country_code: '+1',
      phone_country_name: 'United States',
      first_name: o.firstName ?? 'Test',
      last_name: o.lastName ?? `User${n}`,
      password_hash: await hashed,
      role: o.role ?? 'Regular',
      active: o.active ?? 1,
      email_verified: 1,
      phone_verified: 1,
      language: o.language ?? 'en',
    },
  ]);
  if (o.facilities?.length)
    await app.db
      .insertInto('user_facilities')
      .values(o.facilities.map((item_id) => ({ user_id: id, item_id })))
      .execute();
  // As every service that adds a person does: the directory is built at start now, so a person inserted after
  // it must say so, or Contacts keeps the snapshot without them.
  await bumpDirectory(app.db, id);
  return { id, email };
}

/** A facility (reference data) inserted directly; returns its id. */
export async function createFacility(app: FastifyInstance, name: string): Promise<string> {
  const id = newId();
  await app.db.insertInto('facilities').values({ id, name, name_key: name.toLowerCase(), created_at: 0 }).execute();
  return id;
}

/** One new row in each reference list a registration names (inserted directly): their ids. */
export async function referenceIds(app: FastifyInstance) {
  const now = Date.now();
  const kinds = ['facilities', 'departments', 'professions', 'specialties', 'suffixes'] as const;
  const ids = {} as Record<(typeof kinds)[number], string>;
  for (const kind of kinds) {
    const id = newId();
    await app.db
      .insertInto(kind)
      .values({ id, name: `${kind} ${id}`, name_key: `${kind} ${id}`, created_at: now })
      .execute();
    ids[kind] = id;
  }
  return ids;
}

let ipCounter = 0;
/** Each login from its own address, so the per-IP login limit never decides a test by accident. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/**
 * The password alone, from a fresh address, as the second-factor tests need it: its answer (a session, or the
 * refusal that asks for the second step) and the address the second step must come from.
 */
export async function passwordStep(app: FastifyInstance, email: string) {
  const ip = freshIp();
  const res = await callRoute(app, authRoutes.login, {
    body: { username: email, password: TEST_PASSWORD, remember: false },
    remoteAddress: ip,
  });
  return { res, ip };
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  remember = false,
): Promise<{ token: string; cookie: string; userId: string }> {
  const remoteAddress = freshIp();
  const first = await callRoute(app, authRoutes.login, {
    body: { username: email, password, remember },
    remoteAddress,
  });
  // Admins sign in with their authenticator too (issue 26): the same two steps a person takes.
  const res =
    first.statusCode === 403 && isSecondStep(first.error())
      ? await passSecondStep(app, email, first.error(), remoteAddress)
      : first;
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'rounds_refresh');
  return { token: res.json().token ?? '', cookie: `rounds_refresh=${cookie?.value}`, userId: res.json().user.id };
}

/** The user's phone number as SMS are addressed to it (country code and number). */
export async function phoneNumber(app: FastifyInstance, userId: string): Promise<string> {
  const u = await app.db
    .selectFrom('users')
    .select(['phone', 'phone_country_code'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${u.phone_country_code}${u.phone}`;
}
