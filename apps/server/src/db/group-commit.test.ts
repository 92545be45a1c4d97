import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../../test/support/test-app';
import { createGroupCommit } from './group-commit';

let t: TestApp;
useTestApp(
  (app) => {
    t = app;
  },
  {},
  { listen: false },
);

describe('group commit', () => {
  it('writes what arrives together in one transaction, and a failing write fails alone', async () => {
    const commit = createGroupCommit(t.app.db);
    const insert = (key: string) => (trx: typeof t.app.db) =>
      trx
        .insertInto('settings')
        .values({ key, value: '1', updated_at: Date.now() })
        .execute()
        .then(() => key);
    const keys = ['gc-a', 'gc-b', 'gc-a', 'gc-c'];
    const outcomes = await Promise.allSettled(keys.map((key) => commit(insert(key))));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const stored = await t.app.db.selectFrom('settings').select('key').where('key', 'like', 'gc-%').execute();
    expect(stored.map((r) => r.key).sort()).toEqual(['gc-a', 'gc-b', 'gc-c']);
  });

  it('keeps nothing of a write that fails midway, and everything of the others', async () => {
    const commit = createGroupCommit(t.app.db);
    const results = await Promise.allSettled([
      commit((trx) => trx.insertInto('settings').values({ key: 'gc-x', value: '1', updated_at: 0 }).execute()),
      commit(async (trx) => {
        await trx.insertInto('settings').values({ key: 'gc-y', value: '1', updated_at: 0 }).execute();
        throw new Error('refused step');
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    const stored = await t.app.db.selectFrom('settings').select('key').where('key', 'in', ['gc-x', 'gc-y']).execute();
    expect(stored.map((r) => r.key)).toEqual(['gc-x']);
  });

  it('finishes a batch once, with its successful writes in order, and each write resolves with its share', async () => {
    const batches: string[][] = [];
    const commit = createGroupCommit<string, string>(t.app.db, async (trx, written) => {
      batches.push(written);
      // Shared work of the batch, in its transaction: one insert for every write.
      await trx
        .insertInto('settings')
        .values(written.map((key) => ({ key: `${key}-done`, value: '1', updated_at: 0 })))
        .execute();
      return written.map((key, i) => `${key}#${i}`);
    });
    const write = (key: string, fail = false) =>
      commit(async (trx) => {
        await trx.insertInto('settings').values({ key, value: '1', updated_at: 0 }).execute();
        if (fail) throw new Error('refused step');
        return key;
      });
    const results = await Promise.allSettled([write('gc-f1'), write('gc-f2', true), write('gc-f3')]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'gc-f1#0' },
      { status: 'rejected', reason: new Error('refused step') },
      { status: 'fulfilled', value: 'gc-f3#1' },
    ]);
    expect(batches).toEqual([['gc-f1', 'gc-f3']]);
    const stored = await t.app.db.selectFrom('settings').select('key').where('key', 'like', 'gc-f%').execute();
    expect(stored.map((r) => r.key).sort()).toEqual(['gc-f1', 'gc-f1-done', 'gc-f3', 'gc-f3-done']);
  });

  it('stores nothing of a batch whose finish fails, and rejects every write of it', async () => {
    const commit = createGroupCommit<string, string>(t.app.db, async () => {
      throw new Error('finish failed');
    });
    const write = (key: string) =>
      commit(async (trx) => {
        await trx.insertInto('settings').values({ key, value: '1', updated_at: 0 }).execute();
        return key;
      });
    const results = await Promise.allSettled([write('gc-g1'), write('gc-g2')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const stored = await t.app.db.selectFrom('settings').select('key').where('key', 'like', 'gc-g%').execute();
    expect(stored).toEqual([]);
  });
});
