import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation';
import * as m0002 from './0002-accounts';

/** Migrations in order; names sort as they apply. New ones are appended, never edited once landed. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-accounts': m0002,
};
