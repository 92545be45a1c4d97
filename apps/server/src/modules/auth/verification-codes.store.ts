import type { Db } from '../../db/database';
import type { CodeSendsTable, VerificationCodesTable } from '../../db/schema';

// Codes as stored (kept only as their HMAC) and the sends counted against each target and address.

/** Codes in one statement, in the caller's transaction. */
export async function insertVerificationCodes(db: Db, rows: VerificationCodesTable[]): Promise<void> {
  await db.insertInto('verification_codes').values(rows).execute();
}

/** Sends in one statement, in the caller's transaction. */
export async function insertCodeSends(db: Db, rows: CodeSendsTable[]): Promise<void> {
  await db.insertInto('code_sends').values(rows).execute();
}
