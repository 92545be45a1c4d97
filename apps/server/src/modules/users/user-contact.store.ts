import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { searchKey } from '../../lib/search-key';
import { setUser, type UserRow } from './users.store';

// A user's sign-in contacts (email, phone): who may take an email, and how a new one waits for its code and
// becomes the account's. Registration, the own account and the confirm screens share these; an administrator's
// edit writes through updateIdentity (they vouch for the new contact, nothing waits).

type Db = Kysely<Database>;

// ---- Emails: one sign-in email per account, whoever writes it.

/** The user holding this email (deleted accounts keep theirs), other than `exceptUserId`. */
export async function emailOwner(db: Db, email: string, exceptUserId?: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .$if(exceptUserId !== undefined, (q) => q.where('id', '!=', exceptUserId!))
    .executeTakeFirst();
  return row?.id;
}

const emailTakenError = () => conflict('emailTaken', 'EMAIL_TAKEN');

/** 409 EMAIL_TAKEN when another account already signs in with this email. */
export async function assertEmailFree(db: Db, email: string, exceptUserId?: string): Promise<void> {
  if (await emailOwner(db, email, exceptUserId)) throw emailTakenError();
}

/**
 * Runs a write that gives an account `email`. Two writers racing for one email: the unique index decides, and
 * the loser gets the same 409 as if it had seen the other first.
 */
export async function withEmailRace<T>(
  db: Db,
  email: string,
  exceptUserId: string | undefined,
  write: () => Promise<T>,
) {
  try {
    return await write();
  } catch (error) {
    if (await emailOwner(db, email, exceptUserId)) throw emailTakenError();
    throw error;
  }
}

/** Which of these emails some account already holds (bulk import: one query per 500 addresses). */
export async function takenEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < emails.length; start += 500) {
    const found = await db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', emails.slice(start, start + 500))
      .execute();
    for (const f of found) taken.add(f.email);
  }
  return taken;
}

export type PendingPhone = { phone: string; countryCode: string; countryName: string };

/** A new email or phone waits for its code (the account keeps signing in with the old one meanwhile). */
export async function setPendingContact(
  db: Db,
  userId: string,
  o: { email?: string; phone?: PendingPhone; sessionTimeout?: number | null },
): Promise<void> {
  await setUser(db, userId, {
    ...(o.email !== undefined ? { unverified_email: o.email } : {}),
    ...(o.phone
      ? {
          unverified_phone: o.phone.phone,
          unverified_phone_country_code: o.phone.countryCode,
          unverified_phone_country_name: o.phone.countryName,
        }
      : {}),
    ...(o.sessionTimeout !== undefined ? { session_timeout: o.sessionTimeout } : {}),
  });
}

/** Whatever email or phone was waiting for its code is dropped. */
export async function clearPendingContact(db: Db, userId: string): Promise<void> {
  await setUser(db, userId, {
    unverified_email: null,
    unverified_phone: null,
    unverified_phone_country_code: null,
    unverified_phone_country_name: null,
  });
}

/**
 * Before its first verification the account's email itself is corrected (the confirm screen's "wrong
 * email?"): it signs in with no email yet, so the new one is both its email and the one waiting for a code.
 */
export async function replaceUnverifiedEmail(db: Db, user: UserRow, email: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      email,
      unverified_email: email,
      search_key: searchKey(user.first_name, user.last_name, email),
      updated_at: Date.now(),
    })
    .where('id', '=', user.id)
    .execute();
}

/** A code proved `email`: it becomes the account's verified email (the search key follows). */
export async function confirmEmail(db: Db, user: UserRow, email: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      email,
      search_key: searchKey(user.first_name, user.last_name, email),
      unverified_email: null,
      email_verified: 1,
      updated_at: Date.now(),
    })
    .where('id', '=', user.id)
    .execute();
}

/** A code proved the waiting phone (or the current one, on first verification): it becomes the account's. */
export async function confirmPhone(db: Db, user: UserRow): Promise<void> {
  await setUser(db, user.id, {
    phone: user.unverified_phone ?? user.phone,
    phone_country_code: user.unverified_phone_country_code ?? user.phone_country_code,
    phone_country_name: user.unverified_phone_country_name ?? user.phone_country_name,
    unverified_phone: null,
    unverified_phone_country_code: null,
    unverified_phone_country_name: null,
    phone_verified: 1,
  });
}
