import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What the Admin's room searches share (legal-hold targets, break-glass rooms): q lowered as a LIKE pattern that
 * matches anywhere, its own % _ \ taken literally, and the two ways a room matches it.
 */
export const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;

type Rooms = ExpressionBuilder<Database, 'rooms'>;

/** A group whose name matches. */
export const groupNameLike = (eb: Rooms, like: string) =>
  eb.and([eb('type', '=', 'group'), sql<boolean>`lower(name) like ${like} escape '\\'`]);

/** A room with a member whose name or email (the search key) matches. */
export const memberLike = (eb: Rooms, like: string) =>
  eb.exists(
    eb
      .selectFrom('room_members as mm')
      .innerJoin('users as mu', 'mu.id', 'mm.user_id')
      .select(sql.lit(1).as('one'))
      .whereRef('mm.room_id', '=', 'rooms.id')
      .where(sql<boolean>`mu.search_key like ${like} escape '\\'`),
  );
