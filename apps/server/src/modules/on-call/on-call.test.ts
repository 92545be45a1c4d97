import { onCallRoutes as routes } from '@rounds/contracts/on-call';
import { referenceRoutes } from '@rounds/contracts/reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, collect, type Member, member, openSocket } from '../../../test/support/chat';
import { onCallHospital } from '../../../test/support/on-call-hospital';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { instantOf } from './zoned-time';

/** Issue 25, roles and who holds them: the routes on a real database (SQLite, and PostgreSQL in CI). */
let t: TestApp;
let admin: Member;
let fay: Member; // FacilityAdmin of the heart hospital
let roy: Member;
let chen: Member;
let outsider: Member;
let heart: string;
let other: string;
const PARIS = 'Europe/Paris';

const withFacility = async (m: Member, facility: string) =>
  t.app.db.insertInto('user_facilities').values({ user_id: m.id, item_id: facility }).execute();

beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
  ({ heart, other, admin, fay } = await onCallHospital(t));
  roy = await member(t, 'Ravi', 'Roy');
  chen = await member(t, 'Mei', 'Chen');
  outsider = await member(t, 'Otto', 'Outside');
  await withFacility(roy, heart);
  await withFacility(chen, heart);
});
afterAll(() => t.close());

let n = 0;
const createRole = async (by: Member = admin, o: { facilityId?: string; timeZone?: string } = {}) => {
  n += 1;
  const res = await callAs(t, by, routes.create, {
    body: { name: `Cardiology on call ${n}`, facilityId: o.facilityId ?? heart, timeZone: o.timeZone ?? PARIS },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const holdersOf = async (roleId: string, at?: number) => {
  const res = await callAs(t, roy, routes.onCall, { query: { facilityId: heart, ...(at ? { at } : {}) } });
  expect(res.status).toBe(200);
  return res.body.data.roles.find((r) => r.id === roleId)!.holders;
};

describe('administering roles', () => {
  it('Admin creates in any facility, FacilityAdmin in theirs only, Regular not at all', async () => {
    const role = await createRole(fay);
    expect(role).toMatchObject({ facilityId: heart, facilityName: 'Heart Hospital', timeZone: PARIS, holders: [] });
    const elsewhere = await callAs(t, fay, routes.create, {
      body: { name: 'Night nurse', facilityId: other, timeZone: PARIS },
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.code).toBe('OUT_OF_SCOPE');
    expect((await createRole(admin, { facilityId: other })).facilityId).toBe(other);
    const regular = await callAs(t, roy, routes.create, { body: { name: 'Mine', facilityId: heart, timeZone: PARIS } });
    expect(regular.status).toBe(403);
  });

  it('refuses a name the facility already has (any case), an unknown zone and an unknown facility', async () => {
    const role = await createRole();
    const dup = await callAs(t, admin, routes.create, {
      body: { name: role.name.toUpperCase(), facilityId: heart, timeZone: PARIS },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DUTY_ROLE_NAME_TAKEN');
    const zone = await callAs(t, admin, routes.create, {
      body: { name: 'Zone', facilityId: heart, timeZone: 'Mars/Base' },
    });
    expect(zone.status).toBe(400);
    expect(zone.body.message).toMatch(/^timeZone: /);
    const nowhere = await callAs(t, admin, routes.create, {
      body: { name: 'Nowhere', facilityId: '0'.repeat(24), timeZone: PARIS },
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toMatch(/^facilityId: /);
  });

  it('keeps a time zone by its IANA name as Intl spells it, and refuses offsets and abbreviations it cannot name', async () => {
    const lower = await callAs(t, admin, routes.create, {
      body: { name: 'Lower-case zone', facilityId: heart, timeZone: 'europe/paris' },
    });
    expect(lower.status).toBe(200);
    expect(lower.body.data.timeZone).toBe(PARIS);
    // A fixed offset is not a facility's zone: its rotations would be an hour off half the year.
    for (const [i, timeZone] of ['+01:00', 'GMT+1', 'CEST', ' ', 'Europe/Paris\u0000'].entries()) {
      const res = await callAs(t, admin, routes.create, { body: { name: `Zone ${i}`, facilityId: heart, timeZone } });
      expect(res.status, timeZone).toBe(400);
      expect(res.body.message).toMatch(/^timeZone: /);
    }
  });

  it('GET /on-call follows every change to the facility’s roles, their rotations and its name', async () => {
    const role = await createRole(fay);
    const onCall = async () => (await callAs(t, roy, routes.onCall, { query: { facilityId: heart } })).body.data.roles;
    expect((await onCall()).find((r) => r.id === role.id)?.name).toBe(role.name);
    await callAs(t, fay, routes.update, { params: { id: role.id }, body: { name: 'Renamed on call' } });
    expect((await onCall()).find((r) => r.id === role.id)?.name).toBe('Renamed on call');
    // A rotation covering every instant: Roy holds the role now.
    await callAs(t, fay, routes.setSchedule, {
      params: { id: role.id },
      body: {
        shifts: [],
        rotations: [
          {
            userId: roy.id,
            weekdays: [0, 1, 2, 3, 4, 5, 6],
            startTime: '00:00',
            endTime: '00:00',
            fromDate: '2020-01-01',
            untilDate: null,
            exceptions: [],
          },
        ],
      },
    });
    expect((await onCall()).find((r) => r.id === role.id)?.holders.map((h) => h.userId)).toEqual([roy.id]);
    const facilities = referenceRoutes('facility');
    const renamed = await callAs(t, admin, facilities.update, { body: { id: heart, name: 'Heart Institute' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await onCall()).find((r) => r.id === role.id)?.facilityName).toBe('Heart Institute');
    await callAs(t, admin, facilities.update, { body: { id: heart, name: 'Heart Hospital' } });
    await callAs(t, fay, routes.retire, { params: { id: role.id } });
    expect((await onCall()).find((r) => r.id === role.id)).toBeUndefined();
  });

  it('renames and retires; a retired role is gone from lists and cannot be taken, its name free again', async () => {
    const role = await createRole(fay);
    const renamed = await callAs(t, fay, routes.update, {
      params: { id: role.id },
      body: { name: 'Heart failure on call' },
    });
    expect(renamed.body.data.name).toBe('Heart failure on call');
    expect((await callAs(t, fay, routes.retire, { params: { id: role.id } })).status).toBe(200);
    const list = await callAs(t, roy, routes.list, { query: { facilityId: heart, keyword: 'heart failure' } });
    expect(list.body.results).toEqual([]);
    const take = await callAs(t, roy, routes.take, { params: { id: role.id }, body: {} });
    expect(take.status).toBe(404);
    expect(take.body.code).toBe('DUTY_ROLE_NOT_FOUND');
    const again = await callAs(t, fay, routes.create, {
      body: { name: 'Heart failure on call', facilityId: heart, timeZone: PARIS },
    });
    expect(again.status).toBe(200);
    const logs = await t.app.db
      .selectFrom('audit_logs')
      .select(['event', 'user_id'])
      .where('user_id', '=', fay.id)
      .execute();
    expect(logs.map((l) => l.event)).toEqual(
      expect.arrayContaining(['duty role created', 'duty role updated', 'duty role retired']),
    );
  });

  it('lists by facility, keyword and page, each role with its holders', async () => {
    const a = await createRole();
    await createRole(admin, { facilityId: other });
    const page = await callAs(t, roy, routes.list, { query: { facilityId: heart, page: 1, pageSize: 2 } });
    expect(page.status).toBe(200);
    expect(page.body.results).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(2);
    expect(page.body.results.every((r) => r.facilityId === heart)).toBe(true);
    const one = await callAs(t, roy, routes.list, { query: { keyword: a.name } });
    expect(one.body.results.map((r) => r.id)).toEqual([a.id]);
    const bad = await callAs(t, roy, routes.list, { query: { facilityId: 'nope' } });
    expect(bad.status).toBe(400);
  });
});

describe('holding a role by hand', () => {
  it('a clinician takes and releases; the user log says who held it from when to when', async () => {
    const role = await createRole();
    const taken = await callAs(t, roy, routes.take, { params: { id: role.id }, body: {} });
    expect(taken.status).toBe(200);
    expect(taken.body.data.holders).toMatchObject([
      { userId: roy.id, fullName: 'Ravi Roy', source: 'hand', until: null },
    ]);
    const released = await callAs(t, roy, routes.release, { params: { id: role.id } });
    expect(released.body.data.holders).toEqual([]);
    const log = await t.app.db
      .selectFrom('audit_logs')
      .select(['event', 'details'])
      .where('user_id', '=', roy.id)
      .where('event', '=', 'duty role released')
      .execute();
    const details = log.map((l) => JSON.parse(l.details!)).find((d) => d.roleId === role.id);
    expect(details.from).toBe(taken.body.data.holders[0]!.since);
    expect(details.to).toBeGreaterThanOrEqual(details.from);
  });

  it('taking a held role asks first; taking it over releases the holder, who is told with the note', async () => {
    const role = await createRole();
    await callAs(t, roy, routes.take, { params: { id: role.id }, body: {} });
    const royTab = await openSocket(t, roy);
    const told = collect<{ roleId: string; byName: string; note: string | null }>(royTab, 'DutyRoleTakenOver');

    const asked = await callAs(t, chen, routes.take, { params: { id: role.id }, body: {} });
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe('ROLE_HELD');
    expect(asked.body.message).toContain('Ravi Roy');
    expect((asked.body as { holders?: { userId: string }[] }).holders?.map((h) => h.userId)).toEqual([roy.id]);

    const over = await callAs(t, chen, routes.take, {
      params: { id: role.id },
      body: { mode: 'takeOver', note: 'Bed 12 troponin pending' },
    });
    expect(over.body.data.holders.map((h) => h.userId)).toEqual([chen.id]);
    expect(await told.next((p) => p.roleId === role.id)).toMatchObject({
      byName: 'Mei Chen',
      note: 'Bed 12 troponin pending',
    });
  });

  it('two can hold a role together; someone outside the facility cannot take it', async () => {
    const role = await createRole();
    await callAs(t, roy, routes.take, { params: { id: role.id }, body: {} });
    const joined = await callAs(t, chen, routes.take, { params: { id: role.id }, body: { mode: 'join' } });
    expect(joined.body.data.holders.map((h) => h.fullName)).toEqual(['Mei Chen', 'Ravi Roy']);
    const refused = await callAs(t, outsider, routes.take, { params: { id: role.id }, body: { mode: 'join' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_ROLE_FACILITY');
    const past = await callAs(t, roy, routes.take, { params: { id: role.id }, body: { until: Date.now() - 1000 } });
    expect(past.status).toBe(400);
  });

  it('a holder deactivated mid-shift holds nothing any more', async () => {
    const role = await createRole();
    const temp = await member(t, 'Tess', 'Temp');
    await withFacility(temp, heart);
    await callAs(t, temp, routes.take, { params: { id: role.id }, body: {} });
    expect((await holdersOf(role.id)).map((h) => h.userId)).toEqual([temp.id]);
    await t.app.db.updateTable('users').set({ active: 0 }).where('id', '=', temp.id).execute();
    expect(await holdersOf(role.id)).toEqual([]);
  });
});

describe('holding a role by schedule', () => {
  it('a weekly night rotation holds across the spring-forward night, in the role’s time zone', async () => {
    const role = await createRole();
    const saved = await callAs(t, fay, routes.setSchedule, {
      params: { id: role.id },
      body: {
        shifts: [],
        rotations: [
          {
            userId: roy.id,
            weekdays: [5], // Saturdays
            startTime: '20:00',
            endTime: '08:00',
            fromDate: '2026-03-01',
            untilDate: null,
            exceptions: ['2026-03-21'],
          },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Saturday 28 March 2026, 20:00 Paris, to Sunday 08:00 (clocks went forward at 02:00): 11 hours.
    const start = instantOf('2026-03-28', '20:00', PARIS);
    const end = instantOf('2026-03-29', '08:00', PARIS);
    expect((end - start) / 3_600_000).toBe(11);
    expect((await holdersOf(role.id, start - 60_000)).map((h) => h.userId)).toEqual([]);
    const during = await holdersOf(role.id, start + 7 * 3_600_000);
    expect(during).toMatchObject([{ userId: roy.id, source: 'schedule', since: start, until: end }]);
    expect(await holdersOf(role.id, end)).toEqual([]);
    // The exception: 21 March is skipped.
    expect(await holdersOf(role.id, instantOf('2026-03-21', '23:00', PARIS))).toEqual([]);
  });

  it('overlapping shifts count each person once; a scheduled holder who releases is off until the shift ends', async () => {
    const role = await createRole();
    const now = Date.now();
    const hour = 3_600_000;
    await callAs(t, admin, routes.setSchedule, {
      params: { id: role.id },
      body: {
        shifts: [
          { userId: roy.id, startsAt: now - hour, endsAt: now + hour },
          { userId: roy.id, startsAt: now - 2 * hour, endsAt: now + 2 * hour },
          { userId: chen.id, startsAt: now - hour, endsAt: now + 3 * hour },
        ],
        rotations: [],
      },
    });
    expect((await holdersOf(role.id)).map((h) => h.userId).sort()).toEqual([roy.id, chen.id].sort());
    await callAs(t, roy, routes.release, { params: { id: role.id } });
    expect((await holdersOf(role.id)).map((h) => h.userId)).toEqual([chen.id]);
    // Taking it back by hand wins over the release.
    await callAs(t, roy, routes.take, { params: { id: role.id }, body: { mode: 'join' } });
    expect((await holdersOf(role.id)).map((h) => h.userId).sort()).toEqual([roy.id, chen.id].sort());
  });

  it('refuses a bad schedule naming the entry, and a FacilityAdmin outside the role’s facility', async () => {
    const role = await createRole();
    const backwards = await callAs(t, admin, routes.setSchedule, {
      params: { id: role.id },
      body: { shifts: [{ userId: roy.id, startsAt: 2000, endsAt: 1000 }], rotations: [] },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/^shifts\.0\.endsAt: /);
    const fortnight = await callAs(t, admin, routes.setSchedule, {
      params: { id: role.id },
      body: { shifts: [{ userId: roy.id, startsAt: 1000, endsAt: 1000 + 14 * 86_400_000 }], rotations: [] },
    });
    expect(fortnight.status).toBe(400);
    expect(fortnight.body.message).toBe('shifts.0.endsAt: a shift lasts at most 7 days');
    const nobody = await callAs(t, admin, routes.setSchedule, {
      params: { id: role.id },
      body: { shifts: [{ userId: '0'.repeat(24), startsAt: 1000, endsAt: 2000 }], rotations: [] },
    });
    expect(nobody.body.message).toMatch(/^shifts\.0\.userId: /);
    const foreign = await createRole(admin, { facilityId: other });
    const refused = await callAs(t, fay, routes.schedule, { params: { id: foreign.id } });
    expect(refused.status).toBe(403);
  });
});

describe('importing a schedule from CSV', () => {
  const csv = (rows: string[]) => ({
    multipart: [
      { name: 'facilityId', value: heart },
      {
        name: 'file',
        filename: 'rota.csv',
        type: 'text/csv',
        bytes: Buffer.from(['role,email,start,end', ...rows].join('\n')),
      },
    ],
  });

  it('reports every bad row by line and imports nothing; a clean file imports every shift', async () => {
    const role = await createRole();
    const bad = await callAs(t, fay, routes.importSchedule, {
      ...csv([
        `${role.name},${roy.email},2026-06-01 08:00,2026-06-01 20:00`,
        `No such role,${roy.email},2026-06-01 08:00,2026-06-01 20:00`,
        `${role.name},nobody@test.rounds,2026-06-01 08:00,2026-06-01 20:00`,
        `${role.name},${chen.email},2026-06-31 08:00,2026-07-01 20:00`,
        `${role.name},${chen.email},2026-06-02 20:00,2026-06-02 08:00`,
      ]),
    });
    expect(bad.status).toBe(200);
    expect(bad.body.data.imported).toBe(0);
    expect(bad.body.data.errors.map((e) => e.line)).toEqual([3, 4, 5, 6]);
    expect((await callAs(t, fay, routes.schedule, { params: { id: role.id } })).body.data.shifts).toEqual([]);

    const good = await callAs(t, fay, routes.importSchedule, {
      ...csv([
        `${role.name},${roy.email},2026-06-01 08:00,2026-06-01 20:00`,
        `${role.name.toUpperCase()},${chen.email.toUpperCase()},2026-06-01 20:00,2026-06-02 08:00`,
      ]),
    });
    expect(good.body.data).toEqual({ imported: 2, errors: [] });
    expect(await holdersOf(role.id, instantOf('2026-06-01', '12:00', PARIS))).toMatchObject([{ userId: roy.id }]);
    expect(await holdersOf(role.id, instantOf('2026-06-02', '07:59', PARIS))).toMatchObject([{ userId: chen.id }]);
  });

  it('reads an Excel file (BOM, CRLF, blank and empty rows, short rows) by its lines and refuses bytes that are not UTF-8 text, never a 500', async () => {
    const role = await createRole();
    const file = (bytes: Buffer) => ({
      multipart: [
        { name: 'facilityId', value: heart },
        { name: 'file', filename: 'rota.csv', type: 'text/csv', bytes },
      ],
    });
    const header = 'role,email,start,end';
    const excel = await callAs(t, fay, routes.importSchedule, {
      ...file(
        Buffer.from(
          `\uFEFF${header}\r\n${role.name},${roy.email},2026-07-01 08:00,2026-07-01 20:00\r\n${role.name}\r\n,,,\r\n\r\n` +
            `${role.name},${roy.email},2026-07-01 20:00,2026-07-01 08:00\r\n,,,\r\n`,
        ),
      ),
    });
    expect(excel.status, JSON.stringify(excel.body)).toBe(200);
    expect(excel.body.data.imported).toBe(0);
    // Line 3 is short, line 4 empty cells (skipped), line 5 blank, line 6 ends before it starts.
    expect(excel.body.data.errors.map((e) => e.line)).toEqual([3, 6]);
    const latin1 = Buffer.from(
      `${header}\nCardiologie de garde é,${roy.email},2026-07-01 08:00,2026-07-01 20:00\n`,
      'latin1',
    );
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${header}\n`, 'utf16le')]);
    const unclosed = Buffer.from(`${header}\n"${role.name},${roy.email},2026-07-01 08:00,2026-07-01 20:00\n`);
    for (const [bytes, code] of [
      [latin1, 'UNSUPPORTED_FILE'],
      [utf16, 'UNSUPPORTED_FILE'],
      [unclosed, 'INVALID_CSV'],
      [Buffer.from('\n\n'), 'EMPTY_FILE'],
    ] as const) {
      const res = await callAs(t, fay, routes.importSchedule, file(bytes));
      expect(res.status, code).toBe(400);
      expect(res.body.code).toBe(code);
    }
    const semicolons = await callAs(t, fay, routes.importSchedule, file(Buffer.from('role;email;start;end\n')));
    expect(semicolons.status).toBe(400);
    expect(semicolons.body.message).toMatch(/^file: /);
  });

  it('refuses another facility’s import for a FacilityAdmin', async () => {
    const res = await callAs(t, fay, routes.importSchedule, {
      multipart: [
        { name: 'facilityId', value: other },
        { name: 'file', filename: 'rota.csv', type: 'text/csv', bytes: Buffer.from('role,email,start,end\n') },
      ],
    });
    expect(res.status).toBe(403);
  });
});
