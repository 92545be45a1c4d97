import { CompiledQuery, type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { RoomsTable } from '../../db/schema';

/** One message's index rows: its room and its hashed terms. */
export type IndexEntry = { messageId: string; roomId: string; terms: readonly string[] };

/** Most rows per INSERT (three parameters each). */
const INSERT_ROWS = 256;
/**
 * The INSERT's text per engine (its adapter) and row count, compiled once: building the statement cost more
 * than running it. A text per count, not one padded text: padding a message's forty rows to 256 with repeats
 * made every send check two hundred duplicate keys (twice the insert's time on PostgreSQL).
 */
const insertText = new WeakMap<object, Map<number, string>>();

function insertStatement(trx: Db, rows: number): string {
  const adapter = trx.getExecutor().adapter;
  let texts = insertText.get(adapter);
  if (!texts) {
    texts = new Map();
    insertText.set(adapter, texts);
  }
  let text = texts.get(rows);
  if (!text) {
    const row = { term: '', room_id: '', message_id: '' };
    text = trx
      .insertInto('message_terms')
      .values(Array.from({ length: rows }, () => row))
      .onConflict((oc) => oc.doNothing())
      .compile().sql;
    texts.set(rows, text);
  }
  return text;
}

/** Writes index rows in the caller's transaction (the message's own, on the send path), INSERT_ROWS a statement. */
export async function insertTerms(trx: Db, entries: readonly IndexEntry[]): Promise<void> {
  const params: string[] = [];
  for (const e of entries) for (const term of e.terms) params.push(term, e.roomId, e.messageId);
  for (let at = 0; at < params.length; at += INSERT_ROWS * 3) {
    const chunk = params.slice(at, at + INSERT_ROWS * 3);
    await trx.executeQuery(CompiledQuery.raw(insertStatement(trx, chunk.length / 3), chunk));
  }
}

/**
 * Removes a message's rows, found by the terms it was indexed under (its primary key, no second index). Returns
 * how many rows went (retention's record counts them).
 */
export async function deleteTerms(trx: Db, entries: readonly IndexEntry[]): Promise<number> {
  let deleted = 0;
  for (const e of entries) {
    if (e.terms.length === 0) continue;
    const r = await trx
      .deleteFrom('message_terms')
      .where('term', 'in', [...e.terms])
      .where('room_id', '=', e.roomId)
      .where('message_id', '=', e.messageId)
      .executeTakeFirst();
    deleted += Number(r.numDeletedRows);
  }
  return deleted;
}

export type SearchFilter = {
  userId: string;
  /** Hashed terms; every one must be indexed for the message. */
  terms: readonly string[];
  roomId?: string;
  senderId?: string;
  from?: number;
  to?: number;
  hasFile?: boolean;
  priority?: 'IMPORTANT' | 'URGENT';
  /** Room types whose members read only what was said after they joined (search.rules.ts). */
  historyFromJoining: readonly string[];
};

/**
 * The messages matching a search among the rooms the user is a member of: the first term's rows are read
 * room by room (the user's memberships drive the plan: the key is room, term), each other term is a lookup
 * of the same key, and the message row answers the filters. Newest first (ids are time-ordered).
 */
function matches(db: Db, f: SearchFilter) {
  const [first, ...rest] = f.terms;
  let q = db
    .selectFrom('room_members as rm')
    .innerJoin('message_terms as t0', (j) => j.onRef('t0.room_id', '=', 'rm.room_id').on('t0.term', '=', first!))
    .where('rm.user_id', '=', f.userId);
  for (const [i, term] of rest.entries()) {
    const alias = `t${i + 1}`;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom(`message_terms as ${alias}` as 'message_terms')
          .select(sql.lit(1).as('one'))
          .where(sql.ref(`${alias}.term`), '=', term)
          .where(sql.ref(`${alias}.room_id`), '=', sql.ref('t0.room_id'))
          .where(sql.ref(`${alias}.message_id`), '=', sql.ref('t0.message_id')),
      ),
    );
  }
  if (f.roomId !== undefined) q = q.where('rm.room_id', '=', f.roomId);
  // Without filters on the message, the index alone answers: a removed message's rows left with it.
  const onMessage =
    f.senderId !== undefined ||
    f.from !== undefined ||
    f.to !== undefined ||
    f.hasFile !== undefined ||
    f.priority !== undefined ||
    f.historyFromJoining.length > 0;
  if (!onMessage) return q;
  let qm = q.innerJoin('messages as m', 'm.id', 't0.message_id');
  if (f.senderId !== undefined) qm = qm.where('m.author_id', '=', f.senderId);
  if (f.from !== undefined) qm = qm.where('m.created_at', '>=', f.from);
  if (f.to !== undefined) qm = qm.where('m.created_at', '<', f.to);
  if (f.hasFile) qm = qm.where('m.media', 'is not', null);
  if (f.hasFile === false) qm = qm.where('m.media', 'is', null);
  // The attributes are JSON.stringify's output: no spaces, so the pair is found as written.
  if (f.priority === 'IMPORTANT') qm = qm.where('m.attributes', 'like', '%"important":true%');
  if (f.priority === 'URGENT') qm = qm.where('m.attributes', 'like', '%"level":"URGENT"%');
  if (f.historyFromJoining.length > 0) {
    qm = qm.where(({ or, eb }) =>
      or([
        eb.not(
          eb.exists(
            eb
              .selectFrom('rooms as r')
              .select(sql.lit(1).as('one'))
              .whereRef('r.id', '=', 'rm.room_id')
              .where('r.type', 'in', [...f.historyFromJoining] as RoomsTable['type'][]),
          ),
        ),
        eb('m.created_at', '>=', eb.ref('rm.joined_at')) as Expression<SqlBool>,
      ]),
    );
  }
  return qm;
}

/**
 * One page of matching message rows, newest first, and how many match in all: counted by the same query (a
 * window over every match, before the page is cut), so the matches are found once.
 */
export async function searchMessages(db: Db, f: SearchFilter, page: { offset: number; limit: number }) {
  if (f.terms.length === 0) return { rows: [], total: 0 };
  // The ids of the page and the count of all (only ids are sorted), then the page's rows by their key.
  const ids = await matches(db, f)
    .select(['t0.message_id as id', sql<number>`count(*) over ()`.as('matched')])
    .orderBy('t0.message_id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  let total = Number(ids[0]?.matched ?? 0);
  if (ids.length === 0 && page.offset > 0) {
    // A page past the end: the count alone.
    const count = await matches(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    total = Number(count.n);
  }
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('messages')
          .selectAll()
          .where(
            'id',
            'in',
            ids.map((r) => r.id),
          )
          .where('removed', '=', 0)
          .orderBy('id', 'desc')
          .execute();
  return { rows, total };
}

/** How each room is named for this user: a group's name, or a direct chat's other member. */
export async function roomNames(db: Db, userId: string, roomIds: readonly string[]) {
  if (roomIds.length === 0) return new Map<string, { type: 'direct' | 'group'; name: string }>();
  const rooms = await db
    .selectFrom('rooms')
    .select(['id', 'type', 'name'])
    .where('id', 'in', [...roomIds])
    .execute();
  const direct = rooms.filter((r) => r.type === 'direct').map((r) => r.id);
  const others = new Map<string, string>();
  if (direct.length > 0) {
    for (const o of await db
      .selectFrom('room_members')
      .innerJoin('users', 'users.id', 'room_members.user_id')
      .select(['room_members.room_id', 'users.first_name', 'users.last_name'])
      .where('room_members.room_id', 'in', direct)
      .where('room_members.user_id', '<>', userId)
      .execute()) {
      others.set(o.room_id, `${o.first_name} ${o.last_name}`);
    }
  }
  return new Map(
    rooms.map((r) => [r.id, { type: r.type, name: r.type === 'direct' ? (others.get(r.id) ?? '') : (r.name ?? '') }]),
  );
}

/**
 * The page around a message of a room, oldest first: `around` before it (and whether more exist before), the
 * message, `around` after it; never before `readableFrom`.
 */
export async function messagesAround(db: Db, roomId: string, seq: number, around: number, readableFrom: number) {
  const base = () =>
    db
      .selectFrom('messages')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('removed', '=', 0)
      .where('created_at', '>=', readableFrom);
  const [before, after] = await Promise.all([
    base()
      .where('seq', '<', seq)
      .orderBy('seq', 'desc')
      .limit(around + 1)
      .execute(),
    base()
      .where('seq', '>=', seq)
      .orderBy('seq', 'asc')
      .limit(around + 1)
      .execute(),
  ]);
  return { rows: [...before.slice(0, around).reverse(), ...after], hasMore: before.length > around };
}

/** A message of a room still shown (not removed), with what the readable bound needs. */
export function findMessage(db: Db, roomId: string, messageId: string) {
  return db
    .selectFrom('messages')
    .select(['id', 'seq', 'created_at'])
    .where('id', '=', messageId)
    .where('room_id', '=', roomId)
    .where('removed', '=', 0)
    .executeTakeFirst();
}

/** Rebuild: batches of messages in id order from `after`, with what their terms are made of. */
export function messagesToIndex(db: Db, after: string, limit: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'room_id', 'body', 'media', 'removed', 'author_id', 'attributes'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countMessages(db: Db): Promise<number> {
  const r = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function clearIndex(db: Db): Promise<void> {
  await db.deleteFrom('message_terms').execute();
}
