import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each server domain is routes or socket → service → store, and the SQL lives in the stores (`<thing>.store.ts`,
 * issue 23): a service reads as the rules it keeps, and a statement has one place to be found, tuned and tested on
 * both engines. This fails when a production file of src/ that is not a store (tests, db/ and its migrations
 * aside) writes a Kysely query (selectFrom, insertInto, updateTable, deleteFrom…) or an sql`` tag. The files still
 * owed say why here, and leave the list when their SQL has moved.
 */
const OWED: Record<string, string> = {
  'src/ops/seed-demo.ts': 'operator tooling that writes a demo hospital in bulk, not a domain of the running server',
};

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

/** Production files: not tests, not db/ (the schema, the connection and the migrations), not stores. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === join(SRC, 'db') ? [] : sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

const isStore = (file: string) => file.endsWith('.store.ts');

/** A query builder's entry, an sql`` tag (typed or not, over lines) or one of sql's helpers (sql.ref, sql.raw…). */
const SQL =
  /\.(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|selectNoFrom)\(|\bsql\s*(<[^`;]*?>)?\s*`|\bsql\.\w+\(/;

const writesSql = (file: string) => SQL.test(readFileSync(join(ROOT, file), 'utf8'));

describe('SQL lives in stores', () => {
  it('writes no query outside a store but in the files still owed', () => {
    const found = sources(SRC)
      .map((path) => relative(ROOT, path))
      .filter((file) => !isStore(file) && !(file in OWED))
      .filter(writesSql);
    expect(found, "move these statements to the domain's store and call them by name").toEqual([]);
  });

  it('keeps the list of files owed to those that still write SQL', () => {
    const stale = Object.keys(OWED).filter((file) => isStore(file) || !writesSql(file));
    expect(stale, 'take these out of OWED').toEqual([]);
  });

  it('finds what it looks for', () => {
    // The detector itself, so a narrowed pattern cannot pass the first test by finding nothing.
    for (const text of [
      "db.selectFrom('users')",
      "trx\n  .insertInto('outbox')",
      'sql`select 1`',
      'sql<\n  number | null\n>`CASE WHEN a THEN 1 END`',
      "sql.ref('count')",
    ]) {
      expect(SQL.test(text), text).toBe(true);
    }
    expect(SQL.test('const selectFromList = sqlite; // no query')).toBe(false);
  });
});
