import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createGroupCommit } from './group-commit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
});
