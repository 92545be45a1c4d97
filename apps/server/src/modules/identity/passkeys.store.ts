import type { Kysely } from 'kysely';
import type { Database, WebauthnChallengesTable } from '../../db/schema';
import { updatedOne } from '../../db/updated-one';
import { newId } from '../../lib/ids';
import type { FactorRow } from './mfa.store';

/** The only SQL of passkeys: the credentials (rows of mfa_factors of kind 'passkey') and ceremony challenges. */
type Q = Kysely<Database>;
export type ChallengeRow = WebauthnChallengesTable;

/** The confirmed passkeys (an enrolment not finished is none). */
const passkeys = (db: Q) =>
  db.selectFrom('mfa_factors').selectAll().where('kind', '=', 'passkey').where('confirmed_at', 'is not', null);

export async function userPasskeys(db: Q, userId: string): Promise<FactorRow[]> {
  return passkeys(db).where('user_id', '=', userId).execute();
}

export async function passkeyByCredential(db: Q, credentialId: string): Promise<FactorRow | undefined> {
  return passkeys(db).where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function insertPasskey(
  db: Q,
  o: { userId: string; label: string; credentialId: string; publicKey: string; counter: number; transports: string[] },
  now: number,
): Promise<string> {
  const id = newId(now);
  await db
    .insertInto('mfa_factors')
    .values({
      id,
      user_id: o.userId,
      kind: 'passkey',
      label: o.label,
      secret_sealed: '',
      created_at: now,
      confirmed_at: now,
      last_used_at: null,
      credential_id: o.credentialId,
      public_key: o.publicKey,
      sign_count: o.counter,
      transports: JSON.stringify(o.transports),
    })
    .execute();
  return id;
}

/**
 * Stores an assertion's counter, only over the counter it was checked against: of two assertions racing with
 * the same counter, one wins.
 */
export async function advanceCounter(db: Q, id: string, from: number, to: number, now: number): Promise<boolean> {
  return updatedOne(
    db
      .updateTable('mfa_factors')
      .set({ sign_count: to, last_used_at: now })
      .where('id', '=', id)
      .where('sign_count', '=', from),
  );
}

/** A new challenge; the expired ones of anyone go on the way (a ceremony abandoned leaves one behind). */
export async function insertChallenge(db: Q, row: ChallengeRow, now: number): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', now).execute();
  await db.insertInto('webauthn_challenges').values(row).execute();
}

/** Takes a challenge once: of two requests with the same handle, only one deletes the row and gets it. */
export async function takeChallenge(db: Q, id: string): Promise<ChallengeRow | undefined> {
  const row = await db.selectFrom('webauthn_challenges').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const r = await db.deleteFrom('webauthn_challenges').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1 ? row : undefined;
}
