import type { TQueryIn } from '@rounds/contracts/api-route';
import { userLogRoutes, ZUserLogsReply } from '@rounds/contracts/user-logs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type TRouteInput, unchecked } from '../../../test/support/call-route';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { createFacility, createUser, login } from '../../../test/support/users';
import { newId } from '../../lib/ids';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const DAY = 86_400;
const day1 = Date.UTC(2026, 0, 10) / 1000;

async function log(userId: string | null, event: string, seconds: number) {
  await t.app.db
    .insertInto('audit_logs')
    .values({ id: newId(), user_id: userId, event, ip: '10.1.2.3', details: null, created_at: seconds * 1000 })
    .execute();
}

async function get<R extends typeof userLogRoutes.list | typeof userLogRoutes.export>(
  token: string | null,
  route: R,
  query: TQueryIn<R>,
) {
  return callRoute(t.app, route, { query, ...(token ? { token } : {}) } as TRouteInput<R>);
}

beforeAll(async () => {
  t = await createTestApp();
  const ward = await createFacility(t.app, 'North Ward');
  tokens.admin = (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token;
  for (const [key, first, last, role, facilities] of [
    ['fa', 'Fran', 'Scope', 'FacilityAdmin', [ward]],
    ['nurse', 'Nadia', 'Thibodeaux', 'Regular', [ward]],
    ['far', 'Felix', 'Elsewhere', 'Regular', []],
    ['evil', '=HYPERLINK("http://x.test")', 'Mallory', 'Regular', [ward]],
  ] as const) {
    const u = await createUser(t.app, { firstName: first, lastName: last, role, facilities: [...facilities] });
    ids[key] = u.id;
    tokens[key] = (await login(t.app, u.email)).token;
  }
  await log(ids.nurse!, 'password changed', day1 + 3600);
  await log(ids.nurse!, 'account updated', day1 + 2 * DAY + 60);
  await log(ids.far!, 'password changed', day1 + DAY);
  await log(null, 'login failed', day1 + DAY + 5);
  await log(ids.evil!, 'account updated', day1 + 3 * DAY);
});
afterAll(() => t.close());

describe('GET /user/logs', () => {
  it('is for Admins and FacilityAdmins only', async () => {
    expect((await get(null, userLogRoutes.list, {})).statusCode).toBe(401);
    expect((await get(tokens.nurse!, userLogRoutes.list, {})).statusCode).toBe(403);
    expect((await get(tokens.nurse!, userLogRoutes.export, {})).statusCode).toBe(403);
  });

  it('pages from 0, newest first, with the user, the event and a seconds timestamp', async () => {
    const res = await get(tokens.admin!, userLogRoutes.list, { from: day1, to: day1 + 3 * DAY + 10, pageSize: 2 });
    expect(res.statusCode).toBe(200);
    const body = ZUserLogsReply.parse(res.json());
    expect(body.total).toBe(5);
    expect(body.page).toBe(0);
    expect(body.results.map((l) => l.event)).toEqual(['account updated', 'account updated']);
    expect(body.results[1]).toMatchObject({ user: { firstName: 'Nadia', lastName: 'Thibodeaux' } });
    expect(body.results[1]!.createdAt).toBe(day1 + 2 * DAY + 60);
    const last = ZUserLogsReply.parse(
      (await get(tokens.admin!, userLogRoutes.list, { from: day1, to: day1 + 3 * DAY, page: 2, pageSize: 2 })).json(),
    );
    expect(last.results.map((l) => l.event)).toEqual(['password changed']);
  });

  it('filters by a day range (to is the last second of its day) and by keyword on names, emails and events', async () => {
    const oneDay = ZUserLogsReply.parse(
      (await get(tokens.admin!, userLogRoutes.list, { from: day1 + DAY, to: day1 + 2 * DAY - 1 })).json(),
    );
    expect(oneDay.results.map((l) => [l.event, l.user?.lastName ?? null])).toEqual([
      ['login failed', null],
      ['password changed', 'Elsewhere'],
    ]);
    const byName = ZUserLogsReply.parse(
      (await get(tokens.admin!, userLogRoutes.list, { from: day1, to: day1 + 4 * DAY, keyword: 'thibo' })).json(),
    );
    expect(byName.total).toBe(2);
    const byEvent = ZUserLogsReply.parse(
      (await get(tokens.admin!, userLogRoutes.list, { from: day1, to: day1 + 4 * DAY, keyword: 'PASSWORD' })).json(),
    );
    expect(byEvent.total).toBe(2);
  });

  it("gives a FacilityAdmin the logs of their facility's users only", async () => {
    const body = ZUserLogsReply.parse(
      (await get(tokens.fa!, userLogRoutes.list, { from: day1, to: day1 + 4 * DAY })).json(),
    );
    expect(body.results.map((l) => l.user?.lastName)).toEqual(['Mallory', 'Thibodeaux', 'Thibodeaux']);
  });

  it('answers 400 naming the field for a bad range or page size', async () => {
    const bad = await get(tokens.admin!, userLogRoutes.list, { from: unchecked('yesterday') });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().message).toContain('from');
    expect((await get(tokens.admin!, userLogRoutes.list, { pageSize: 0 })).statusCode).toBe(400);
    expect((await get(tokens.admin!, userLogRoutes.export, { format: unchecked('xlsx') })).statusCode).toBe(400);
  });
});

describe('GET /user/export-logs', () => {
  it('streams logs.csv with exactly what the filter shows, formulas neutralized, and logs the export', async () => {
    const range = { from: day1, to: day1 + 4 * DAY };
    const res = await get(tokens.admin!, userLogRoutes.export, range);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('logs.csv');
    const rows: string[][] = parse(res.body);
    expect(rows[0]).toEqual(['Name', 'Email', 'Event', 'Date', 'Address']);
    const shown = ZUserLogsReply.parse(
      (await get(tokens.admin!, userLogRoutes.list, { ...range, pageSize: 100 })).json(),
    );
    expect(rows.slice(1).map((r) => r[2])).toEqual(shown.results.map((l) => l.event));
    expect(rows[1]![0]).toBe(`'=HYPERLINK("http://x.test") Mallory`);
    expect(rows.find((r) => r[2] === 'login failed')).toEqual([
      '',
      '',
      'login failed',
      '2026-01-11 00:00:05 UTC',
      '10.1.2.3',
    ]);
    const exported = ZUserLogsReply.parse(
      (await get(tokens.admin!, userLogRoutes.list, { keyword: 'logs exported' })).json(),
    );
    expect(exported.total).toBeGreaterThanOrEqual(1);
  });

  it('exports many logs in order across batches', async () => {
    const start = Date.UTC(2025, 5, 1) / 1000;
    const rows = Array.from({ length: 4_500 }, (_, i) => ({
      id: newId(),
      user_id: ids.nurse!,
      event: 'login',
      ip: null,
      details: null,
      created_at: (start + i) * 1000,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.app.db
        .insertInto('audit_logs')
        .values(rows.slice(i, i + 500))
        .execute();
    const res = await get(tokens.admin!, userLogRoutes.export, { from: start, to: start + 5_000, order: 'asc' });
    const csv: string[][] = parse(res.body);
    expect(csv.length).toBe(4_501);
    expect(csv[1]![3]).toBe('2025-06-01 00:00:00 UTC');
    expect(csv[4_500]![3]).toBe(`2025-06-01 01:14:59 UTC`);
  });
});
