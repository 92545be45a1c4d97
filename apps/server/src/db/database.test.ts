import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/support/test-app';
import { verifyPassword } from '../lib/passwords';
import { DEFAULT_SETTINGS } from '../modules/settings/default-settings';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, seedDemo } from '../ops/seed-demo';
import { migrateToLatest } from './database';

describe('database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs on the engine the environment chose', () => {
    expect(t.app.engine).toBe(process.env.DATABASE_URL ? 'postgres' : 'sqlite');
  });

  it('uses WAL, foreign keys and synchronous FULL on SQLite', async () => {
    if (t.app.engine !== 'sqlite') return;
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(t.app.db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(t.app.db);
    expect(fk.rows[0]?.foreign_keys).toBe(1);
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(t.app.db);
    expect(sync.rows[0]?.synchronous).toBe(2);
  });

  it('migrates once; running again changes nothing', async () => {
    await migrateToLatest(t.app.db);
    const rows = await t.app.db.selectFrom('settings').select('key').execute();
    // One row per stored default, each written once.
    expect(rows.length).toBe(Object.keys(DEFAULT_SETTINGS).length);
  });

  it('created the first Admin, verified, with an argon2id hash', async () => {
    const admins = await t.app.db.selectFrom('users').selectAll().where('role', '=', 'Admin').execute();
    expect(admins).toHaveLength(1);
    const admin = admins[0]!;
    expect(admin.email).toBe(TEST_ADMIN.email);
    expect(admin.email_verified).toBe(1);
    expect(admin.phone_verified).toBe(1);
    expect(admin.id).toMatch(/^[0-9a-f]{24}$/);
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin.password_hash, TEST_ADMIN.password)).toBe(true);
    expect(await verifyPassword(admin.password_hash, 'wrong')).toBe(false);
  });

  it('seeds the demo hospital once', async () => {
    const first = await seedDemo(t.app.db);
    expect(first).toEqual({ users: 40, created: true });
    expect(await seedDemo(t.app.db)).toEqual({ users: 0, created: false });

    const count = async (table: 'facilities' | 'departments' | 'professions' | 'specialties' | 'suffixes') =>
      (await t.app.db.selectFrom(table).select('id').execute()).length;
    expect(await count('facilities')).toBe(3);
    expect(await count('departments')).toBeGreaterThanOrEqual(5);
    expect(await count('professions')).toBeGreaterThanOrEqual(5);
    expect(await count('specialties')).toBeGreaterThanOrEqual(5);
    expect(await count('suffixes')).toBeGreaterThanOrEqual(3);

    const staff = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`)
      .execute();
    expect(staff).toHaveLength(40);
    expect(staff.every((u) => u.email_verified === 1 && u.phone_verified === 1 && u.last_login_at)).toBe(true);
    expect(new Set(staff.map((u) => u.profession_id)).size).toBeGreaterThanOrEqual(5);
    expect(await verifyPassword(staff[0]!.password_hash, DEMO_PASSWORD)).toBe(true);
    const links = await t.app.db.selectFrom('user_facilities').select(['user_id']).execute();
    expect(links.length).toBeGreaterThan(40); // some staff work at two facilities
  });

  it('seeds a hospital of N staff, every classification drawn on its own, some at two facilities', async () => {
    const big = await createTestApp();
    try {
      expect(await seedDemo(big.app.db, { staff: 1200 })).toEqual({ users: 1200, created: true });
      const db = big.app.db;
      const staff = await db
        .selectFrom('users')
        .select(['id', 'email', 'profession_id'])
        .where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`)
        .execute();
      expect(staff).toHaveLength(1200);
      expect(new Set(staff.map((u) => u.email)).size).toBe(1200);
      const facilities = await db.selectFrom('user_facilities').select(['user_id', 'item_id']).execute();
      const departments = await db.selectFrom('user_departments').select(['user_id', 'item_id']).execute();
      const perUser = new Map<string, number>();
      for (const link of facilities) perUser.set(link.user_id, (perUser.get(link.user_id) ?? 0) + 1);
      expect([...perUser.values()].filter((n) => n === 2).length).toBeGreaterThan(100);
      // Independent draws: every facility × department pair and every department × clinical role pair has people.
      const department = new Map(departments.map((l) => [l.user_id, l.item_id]));
      const pairs = new Set(facilities.map((l) => `${l.item_id}:${department.get(l.user_id)}`));
      expect(pairs.size).toBe(3 * 10);
      const roles = new Set(staff.map((u) => `${department.get(u.id)}:${u.profession_id}`));
      expect(roles.size).toBe(10 * 10);
    } finally {
      await big.close();
    }
  });

  it('keeps the first Admin single across restarts on the same database', async () => {
    if (t.app.engine !== 'sqlite') return; // PostgreSQL schemas are per app here; covered by the unique email
    const again = await createTestApp({ DATA_DIR: t.config.DATA_DIR });
    try {
      const admins = await again.app.db.selectFrom('users').select('id').where('role', '=', 'Admin').execute();
      expect(admins).toHaveLength(1);
    } finally {
      await again.app.close();
    }
  });
});
