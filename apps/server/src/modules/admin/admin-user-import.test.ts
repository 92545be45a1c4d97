import { adminUserRoutes, BULK_CSV_COLUMNS, ZBulkImportReply } from '@rounds/contracts/admin-users';
import { contactRoutes } from '@rounds/contracts/contacts';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKit, type Caller, next } from '../../../test/support/admin-kit';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

/** POST /user/import-from-csv (issue 10): good rows created, bad rows reported, the file refused as a whole when it is not a CSV of the template. */
let t: TestApp;
let kit: ReturnType<typeof adminKit>;
let admin: Caller;
let fa: Caller;

const HEADER = BULK_CSV_COLUMNS.join(',');
const csv = (lines: string[]) => Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`);
const part = (bytes: Buffer, filename = 'users.csv', type = 'text/csv') => [{ name: 'file', filename, type, bytes }];
const stamp = Date.now();
const row = (o: Partial<Record<(typeof BULK_CSV_COLUMNS)[number], string>> = {}) => {
  const v: Record<string, string> = {
    firstName: 'Ana',
    lastName: 'Landry',
    email: `ana.${Math.random().toString(36).slice(2)}.${stamp}@test.rounds`,
    phoneCountryCode: '+1',
    phone: '2255550111',
    facility: 'riverside',
    department: 'Cardiology;ICU',
    profession: 'Nurse',
    specialty: 'Pediatrics',
    suffix: '',
    role: '',
    ...o,
  };
  return BULK_CSV_COLUMNS.map((c) => (/[",;\s]/.test(v[c]!) ? `"${v[c]!.replaceAll('"', '""')}"` : v[c])).join(',');
};

beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
  kit = adminKit(t);
  const riverside = await kit.item('facility', 'Riverside');
  await kit.item('facility', 'Northgate');
  await kit.item('department', 'Cardiology');
  await kit.item('department', 'ICU');
  await kit.item('profession', 'Nurse');
  await kit.item('profession', 'Physician');
  await kit.item('specialty', 'Pediatrics');
  await kit.item('suffix', 'RN');
  admin = await kit.firstAdmin();
  fa = await kit.caller({ role: 'FacilityAdmin', facilities: [riverside] });
});
afterAll(async () => {
  kit.closeSockets();
  await t.close();
});

describe('POST /user/import-from-csv', () => {
  it('creates exactly the good rows and reports each bad one with its errors', async () => {
    const taken = (await kit.caller()).email;
    const good1 = row({ firstName: 'Good', suffix: 'rn', role: 'Facility Admin' });
    const dupEmail = `dup.${stamp}@test.rounds`;
    const lines = [
      good1,
      row({ email: 'not-an-email' }),
      row({ facility: 'Nowhere General' }),
      row({ lastName: '=HYPERLINK("http://evil.example","click")' }),
      row({ email: dupEmail }),
      row({ email: dupEmail.toUpperCase() }),
      row({ email: taken }),
      row({ profession: '' }),
      row({ firstName: 'Also', facility: 'Riverside;Northgate', specialty: 'pediatrics' }),
    ];
    const admins = await kit.open(admin.token);
    const logs = next(admins, SERVER_EVENTS.LogsChanged);
    const res = await kit.call(admin.token, adminUserRoutes.importCsv, { multipart: part(csv(lines)) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The spec's result item (doc 2 section 3): user {email, rowNumber}, status, reason, errors.
    expect(res.body.data.results[1]).toEqual({
      user: { email: 'not-an-email', rowNumber: 2 },
      status: 'failed',
      reason: 'email: Invalid email address',
      errors: [{ field: 'email', message: 'Invalid email address' }],
    });
    const reply = ZBulkImportReply.parse(res.body);
    expect(reply.message).toBe('Bulk upload finished: 3 created, 6 failed');
    expect(reply.data).toMatchObject({ created: 3, failed: 6 });
    const byRow = new Map(reply.data.results.map((r) => [r.user.rowNumber, r]));
    expect([...byRow.values()].map((r) => r.status)).toEqual([
      'created',
      'failed',
      'failed',
      'failed',
      'created',
      'failed',
      'failed',
      'failed',
      'created',
    ]);
    expect(byRow.get(2)!.errors).toEqual([{ field: 'email', message: 'Invalid email address' }]);
    expect(byRow.get(3)!.errors).toEqual([{ field: 'facility', message: 'Unknown facility: Nowhere General' }]);
    expect(byRow.get(3)!.reason).toBe('facility: Unknown facility: Nowhere General');
    expect(byRow.get(4)!.errors).toEqual([{ field: 'lastName', message: 'must not start with = + - or @' }]);
    expect(byRow.get(6)!.errors).toEqual([
      { field: 'email', message: 'This email appears more than once in the file.' },
    ]);
    expect(byRow.get(7)!.errors).toEqual([{ field: 'email', message: 'This email is already registered.' }]);
    // The spec's word for profession.
    expect(byRow.get(8)!.reason).toBe('clinical role: Required');

    const emails = reply.data.results.filter((r) => r.status === 'created').map((r) => r.user.email);
    const users = await t.app.db
      .selectFrom('users')
      .select(['id', 'email', 'role', 'email_verified', 'suffix_id'])
      .where('email', 'in', emails)
      .execute();
    expect(users).toHaveLength(3);
    const good = users.find((u) => u.email === byRow.get(1)!.user.email)!;
    expect(good.role).toBe('FacilityAdmin');
    expect(good.suffix_id).not.toBeNull();
    const view = await kit.call(admin.token, adminUserRoutes.get, { query: { id: good.id } });
    expect((view.body.data as { departments: { name: string }[] }).departments.map((d) => d.name)).toEqual([
      'Cardiology',
      'ICU',
    ]);
    const none = await t.app.db.selectFrom('users').select('id').where('last_name', 'like', '=%').execute();
    expect(none).toEqual([]);
    await logs;

    const [mail] = await kit.outbox(good.email);
    expect(mail?.text).toMatch(/\/set-password\?token=[A-Z0-9]{10}/);
    const contacts = await kit.call(fa.token, contactRoutes.list, { body: { search: good.email } });
    expect(JSON.stringify(contacts.body)).toContain(good.id);
    const audit = await t.app.db.selectFrom('audit_logs').select('event').where('user_id', '=', good.id).execute();
    expect(audit.map((a) => a.event)).toEqual(['user created']);
  }, 30_000);

  it('holds clinical role and suffix to one value, as the form does (issue 28)', async () => {
    await kit.item('suffix', 'MD');
    const res = await kit.call(admin.token, adminUserRoutes.importCsv, {
      multipart: part(csv([row({ profession: 'Nurse;Physician' }), row({ suffix: 'RN;MD' })])),
    });
    const reply = ZBulkImportReply.parse(res.body);
    expect(reply.data.results.map((r) => [r.status, r.reason])).toEqual([
      ['failed', 'clinical role: only one value is allowed'],
      ['failed', 'suffix: only one value is allowed'],
    ]);
  });

  it('holds a FacilityAdmin to their facilities and roles, row by row', async () => {
    const res = await kit.call(fa.token, adminUserRoutes.importCsv, {
      multipart: part(csv([row(), row({ facility: 'Northgate' }), row({ role: 'Admin' })])),
    });
    const reply = ZBulkImportReply.parse(res.body);
    expect(reply.data.results.map((r) => r.status)).toEqual(['created', 'failed', 'failed']);
    expect(reply.data.results[1]!.errors[0]!.field).toBe('facility');
    expect(reply.data.results[2]!.errors[0]!.field).toBe('role');
  });

  it('answers in French, the words of the columns too', async () => {
    const res = await kit.call(admin.token, adminUserRoutes.importCsv, {
      multipart: part(csv([row({ profession: 'Chef' })])),
      headers: {
        'accept-language': 'fr',
      },
    });
    const reply = ZBulkImportReply.parse(res.body);
    expect(reply.message).toBe('Import terminé : 0 créés, 1 en échec');
    expect(reply.data.results[0]!.reason).toBe('rôle clinique: Élément inconnu (rôle clinique) : Chef');
  });

  it('refuses a file that is not a CSV of the template as a whole', async () => {
    const cases: [Buffer, string, string, number, string][] = [
      [Buffer.alloc(0), 'users.csv', 'text/csv', 400, 'Uploaded file is empty'],
      [Buffer.from('\n\n'), 'users.csv', 'text/csv', 400, 'Uploaded file is empty'],
      [Buffer.from(`${HEADER}\n`), 'users.csv', 'text/csv', 400, 'Uploaded file is empty'],
      [csv([row()]), 'users.xlsx', 'application/octet-stream', 400, 'Only CSV files are allowed'],
      [Buffer.from([0xff, 0xfe, 0x00, 0x41, 0xc3, 0x28]), 'users.csv', 'text/csv', 400, 'The file is not a UTF-8 CSV'],
      [Buffer.from('name,mail\nA,b@c.d\n'), 'users.csv', 'text/csv', 400, 'file: wrong columns (missing: firstName'],
      [Buffer.from(`${HEADER},extra\n`), 'users.csv', 'text/csv', 400, 'unexpected: extra'],
      [Buffer.from(`${HEADER}\n"unclosed,a\n`), 'users.csv', 'text/csv', 400, 'could not be read as CSV'],
    ];
    for (const [bytes, name, type, status, message] of cases) {
      const res = await kit.call(admin.token, adminUserRoutes.importCsv, { multipart: part(bytes, name, type) });
      expect(res.status, message).toBe(status);
      expect(res.body.message).toContain(message);
    }
    const big = Buffer.concat([csv([row()]), Buffer.alloc(2_000_001, 0x20)]);
    const tooBig = await kit.call(admin.token, adminUserRoutes.importCsv, { multipart: part(big) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('The maximum file size allowed for uploads is 2MB');
    const noFile = await kit.call(admin.token, adminUserRoutes.importCsv, { multipart: [{ name: 'id', value: 'x' }] });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('file: Required');
  });

  it('accepts the columns in any order and a BOM, and reports a short row', async () => {
    const cols = [...BULK_CSV_COLUMNS].reverse();
    const email = `reordered.${stamp}@test.rounds`;
    const values: Record<string, string> = {
      firstName: 'Re',
      lastName: 'Ordered',
      email,
      phoneCountryCode: '+33',
      phone: '612345678',
      facility: 'Riverside',
      department: 'ICU',
      profession: 'nurse',
      specialty: 'Pediatrics',
      suffix: '',
      role: 'regular',
    };
    const text = `\uFEFF${cols.join(',')}\n${cols.map((c) => values[c]).join(',')}\nShort,row\n`;
    const res = await kit.call(admin.token, adminUserRoutes.importCsv, { multipart: part(Buffer.from(text)) });
    const reply = ZBulkImportReply.parse(res.body);
    expect(reply.data.results[0]).toMatchObject({ user: { email, rowNumber: 1 }, status: 'created' });
    expect(reply.data.results[1]!.status).toBe('failed');
    expect(reply.data.results[1]!.errors[0]!.field).toBe('row');
  });

  it('imports 1,000 rows in a few seconds', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => row({ email: `bulk${i}.${stamp}@test.rounds` }));
    const started = Date.now();
    const res = await kit.call(admin.token, adminUserRoutes.importCsv, { multipart: part(csv(lines)) });
    const reply = ZBulkImportReply.parse(res.body);
    expect(reply.data.created).toBe(1000);
    expect(Date.now() - started).toBeLessThan(15_000);
    const count = await t.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'like', `bulk%.${stamp}@test.rounds`)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1000);
  }, 30_000);
});
