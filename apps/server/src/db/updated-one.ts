import type { UpdateResult } from 'kysely';

/**
 * Runs a conditional update of one row and says whether it changed it: the claim on a row two requests may
 * race for (a code spent, a token revoked, a counter advanced), whose condition lets only one of them win.
 */
export async function updatedOne(update: { executeTakeFirst(): Promise<UpdateResult> }): Promise<boolean> {
  return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
}
