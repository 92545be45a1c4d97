import {
  BULK_CSV_COLUMNS,
  type TBulkImportReply,
  type TBulkRowResult,
  ZCreateUserRequest,
} from '@rounds/contracts/admin-users';
import type { TLanguage, TRole } from '@rounds/contracts/common';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { LIMITS } from '@rounds/contracts/limits';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, badRequest, invalidField } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { FormFile } from '../../lib/multipart-form';
import { issueText, text } from '../../lib/texts';
import { writeAudits } from '../audit/audit.service';
import { publishLogsChanged } from '../audit/logs-changed';
import { bumpDirectory } from '../contacts/staff-directory';
import { idsByNameKey } from '../reference/reference.store';
import { managedScope } from '../users/managed.store';
import { emailOwner, takenEmails } from '../users/user-contact.store';
import { insertLinks, insertUsers } from '../users/users.store';
import type { AdminDeps } from './admin-context';
import { adminCreatedUser, type TCreateUser } from './admin-user-edit';

/*
 * POST /user/import-from-csv (doc 2 sections 2 and 8): a CSV of BULK_CSV_COLUMNS, one user a row, each row held
 * to the single form's rules (ZCreateUserRequest). Good rows are created, bad rows reported with their errors;
 * see docs/decisions.md "Bulk user import" for the batching that keeps 5,000 rows well under 20 s.
 */

type Column = (typeof BULK_CSV_COLUMNS)[number];
type RowError = { field: string; message: string };

/** Fields as the user reads them: the spec shows profession as "clinical role". */
const LABELS: Partial<Record<Column, Record<TLanguage, string>>> = {
  facility: { en: 'facility', fr: 'établissement' },
  department: { en: 'department', fr: 'service' },
  profession: { en: 'clinical role', fr: 'rôle clinique' },
  specialty: { en: 'specialty', fr: 'spécialité' },
  suffix: { en: 'suffix', fr: 'suffixe' },
};
const label = (column: Column, lang: TLanguage) => LABELS[column]?.[lang] ?? column;

/** The form's field behind each column, to name a validation issue by its column. */
const FIELD_COLUMN: Record<string, Column> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phoneCountryCode: 'phoneCountryCode',
  phone: 'phone',
  facilityId: 'facility',
  departmentId: 'department',
  professionId: 'profession',
  specialtyId: 'specialty',
  suffixId: 'suffix',
  role: 'role',
};

/**
 * The reference columns and the table their names live in. A cell may name several, separated by ';'; how many
 * a field takes is the form's rule (ZCreateUserRequest: one clinical role, at most one suffix), not this file's.
 */
const REFERENCE_COLUMNS = [
  ['facility', 'facilities', 'facilityId'],
  ['department', 'departments', 'departmentId'],
  ['profession', 'professions', 'professionId'],
  ['specialty', 'specialties', 'specialtyId'],
  ['suffix', 'suffixes', 'suffixId'],
] as const;

const ROLE_NAMES: Record<string, TRole> = {
  admin: 'Admin',
  facilityadmin: 'FacilityAdmin',
  regular: 'Regular',
};

/**
 * A cell a spreadsheet would run as a formula (CSV injection: =HYPERLINK(...), +cmd, -2+3, @SUM). The one
 * column that starts with '+' by design, the calling code, passes when it is only that.
 */
function isFormula(column: Column, value: string): boolean {
  if (column === 'phoneCountryCode' && /^\+\d{1,4}$/.test(value)) return false;
  return /^[=+\-@\t\r]/.test(value);
}

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel']);

/** The file's text: a CSV by name or type, not empty, UTF-8 without NUL (a binary renamed .csv fails here). */
export function csvText(file: FormFile): string {
  const named = file.filename.toLowerCase().endsWith('.csv');
  if (!named && !CSV_TYPES.has(file.mimetype.toLowerCase())) throw badRequest('csvOnly', 'UNSUPPORTED_FILE');
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file.bytes);
  } catch {
    throw badRequest('notUtf8Csv', 'UNSUPPORTED_FILE');
  }
  if (content.includes('\u0000')) throw badRequest('notUtf8Csv', 'UNSUPPORTED_FILE');
  if (content.trim() === '') throw badRequest('emptyFile', 'EMPTY_FILE');
  return content;
}

export function records(content: string): string[][] {
  return numberedRecords(content).map((r) => r.cells);
}

/**
 * The records with the line of the file each ends on, so a bad row is named by the line a spreadsheet shows
 * even after the blank lines that are skipped.
 */
export function numberedRecords(content: string): { line: number; cells: string[] }[] {
  try {
    const parsed = parse(content, {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return parsed.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    throw new AppError(400, 'INVALID_CSV', 'csvUnreadable', {}, { line });
  }
}

/** The header row, matched to BULK_CSV_COLUMNS in any order and case; wrong columns are a 400 naming them. */
function headerIndex(header: string[]): Record<Column, number> {
  const seen = header.map((h) => h.trim().toLowerCase());
  const missing = BULK_CSV_COLUMNS.filter((c) => !seen.includes(c.toLowerCase()));
  const known = new Set(BULK_CSV_COLUMNS.map((c) => c.toLowerCase()));
  const unexpected = header.filter((_, i) => !known.has(seen[i]!) || seen.indexOf(seen[i]!) !== i);
  if (missing.length || unexpected.length) {
    const detail = [
      missing.length ? `missing: ${missing.join(', ')}` : '',
      unexpected.length ? `unexpected: ${unexpected.map((h) => h || '(empty)').join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    throw invalidField('file', 'csvWrongColumns', { detail, expected: BULK_CSV_COLUMNS.join(', ') });
  }
  return Object.fromEntries(BULK_CSV_COLUMNS.map((c) => [c, seen.indexOf(c.toLowerCase())])) as Record<Column, number>;
}

/** Every reference name, lowercased (the tables' name_key), to its id: five queries for the whole file. */
async function referenceNames(db: Db) {
  const out = {} as Record<(typeof REFERENCE_COLUMNS)[number][1], Map<string, string>>;
  for (const [, table] of REFERENCE_COLUMNS) out[table] = await idsByNameKey(db, table);
  return out;
}

type Candidate = { row: number; email: string; input?: TCreateUser; errors: RowError[] };

async function validateRows(
  db: Db,
  actor: AuthContext,
  rows: string[][],
  at: Record<Column, number>,
  width: number,
  lang: TLanguage,
): Promise<Candidate[]> {
  const names = await referenceNames(db);
  const scope = await managedScope(db, actor);
  const own = scope.kind === 'everyone' ? null : new Set(scope.facilityIds);
  const emailsSeen = new Set<string>();
  const out: Candidate[] = rows.map((cells, i) => {
    const row = i + 1;
    const cell = (c: Column) => cells[at[c]] ?? '';
    const errors: RowError[] = [];
    const err = (c: Column, message: string) => errors.push({ field: label(c, lang), message });
    if (cells.length !== width) errors.push({ field: 'row', message: text('rowColumns', lang) });
    for (const c of BULK_CSV_COLUMNS) if (isFormula(c, cell(c))) err(c, text('formulaCell', lang));

    const ids: Record<string, string[]> = {};
    for (const [column, table, field] of REFERENCE_COLUMNS) {
      const wanted = cell(column)
        .split(';')
        .map((n) => n.trim())
        .filter(Boolean);
      ids[field] = [];
      for (const name of wanted) {
        const id = names[table].get(name.toLowerCase());
        if (id) ids[field].push(id);
        else err(column, text('unknownReference', lang, { kind: label(column, lang), name }));
      }
    }
    const roleCell = cell('role').replace(/\s+/g, '').toLowerCase();
    const role = roleCell ? (ROLE_NAMES[roleCell] ?? cell('role')) : undefined;
    const parsed = ZCreateUserRequest.safeParse({
      firstName: cell('firstName'),
      lastName: cell('lastName'),
      email: cell('email'),
      phoneCountryCode: cell('phoneCountryCode'),
      phone: cell('phone'),
      ...ids,
      role,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = FIELD_COLUMN[String(issue.path[0])] ?? 'firstName';
        // An unknown name already said what is wrong with a reference column; "Required" after it adds nothing.
        if (errors.some((e) => e.field === label(column, lang))) continue;
        err(column, issueText(issue.message, lang));
      }
    }
    const email = parsed.success ? parsed.data.email : cell('email').trim().toLowerCase();
    if (parsed.success) {
      const u = parsed.data;
      if (u.role === 'Admin' && actor.role !== 'Admin') err('role', text('adminOnlyRole', lang));
      if (own && u.facilityId.some((id) => !own.has(id))) err('facility', text('ownFacilitiesOnly', lang));
      if (emailsSeen.has(email)) err('email', text('emailTwiceInFile', lang));
    }
    if (email) emailsSeen.add(email);
    return { row, email, input: parsed.success && errors.length === 0 ? parsed.data : undefined, errors };
  });

  // Already registered: one query per 500 addresses.
  const wanted = out.filter((c) => c.input).map((c) => c.email);
  const taken = await takenEmails(db, wanted);
  for (const c of out) {
    if (c.input && taken.has(c.email)) {
      c.errors.push({ field: 'email', message: text('emailTaken', lang) });
      c.input = undefined;
    }
  }
  return out;
}

/** Rows created together in one transaction; a chunk that fails is retried one row per transaction. */
const ROWS_PER_TRANSACTION = 500;

type Ready = { row: number; id: string; input: TCreateUser };

/** How long a bulk import holds its emails at most, should it never release them (docs/decisions.md). */
const HOLD_MS = 10 * 60_000;

type ImportDeps = Pick<AdminDeps, 'db' | 'publish' | 'notificationJobs' | 'queueSetPasswordInvites'>;

async function createRows(
  deps: ImportDeps,
  actor: AuthContext,
  rows: Ready[],
  o: { ip: string; lang: TLanguage; one: boolean; held: string[] },
): Promise<void> {
  const jobs = await deps.db.transaction().execute(async (trx) => {
    await insertUsers(
      trx,
      rows.map((r) => adminCreatedUser(r.id, r.input, o.lang)),
    );
    await insertLinks(
      trx,
      rows.map((r) => ({ id: r.id, ...r.input })),
    );
    const jobs = await deps.queueSetPasswordInvites(
      trx,
      rows.map((r) => ({ id: r.id, email: r.input.email, language: o.lang })),
      o.ip,
      { holdUntil: Date.now() + HOLD_MS },
    );
    await writeAudits(
      trx,
      rows.map((r) => ({
        userId: r.id,
        event: 'user created' as const,
        ip: o.ip,
        details: { by: actor.userId, import: true, row: r.row },
      })),
    );
    // One person names them; a chunk makes the next directory read rebuild once.
    await bumpDirectory(trx, o.one ? rows[0]!.id : undefined);
    return jobs;
  });
  o.held.push(...jobs);
}

/**
 * Validates and creates; returns the reply and `release`, which the route calls once the reply has gone: it
 * releases the held emails and tells the directory and the log readers.
 */
export async function importUsersCsv(
  deps: ImportDeps,
  actor: AuthContext,
  file: FormFile,
  ctx: { ip: string; lang: TLanguage },
): Promise<{ reply: TBulkImportReply; release: () => Promise<void> }> {
  const all = records(csvText(file));
  const [header, ...rows] = all;
  if (!header) throw badRequest('emptyFile', 'EMPTY_FILE');
  const at = headerIndex(header);
  if (rows.length === 0) throw badRequest('emptyFile', 'EMPTY_FILE');
  const candidates = await validateRows(deps.db, actor, rows, at, header.length, ctx.lang);

  const ready: Ready[] = candidates.flatMap((c) => (c.input ? [{ row: c.row, id: newId(), input: c.input }] : []));
  const failedLate = new Map<number, RowError[]>();
  const held: string[] = [];
  for (let start = 0; start < ready.length; start += ROWS_PER_TRANSACTION) {
    const chunk = ready.slice(start, start + ROWS_PER_TRANSACTION);
    try {
      await createRows(deps, actor, chunk, { ...ctx, one: chunk.length === 1, held });
    } catch {
      // Someone took one of these emails meanwhile (or another row-level failure): row by row, so the
      // others are still created and only the culprit is reported.
      for (const r of chunk) {
        try {
          await createRows(deps, actor, [r], { ...ctx, one: true, held });
        } catch {
          const exists = await emailOwner(deps.db, r.input.email);
          failedLate.set(r.row, [{ field: 'email', message: text(exists ? 'emailTaken' : 'retry', ctx.lang) }]);
        }
      }
    }
  }

  const results: TBulkRowResult[] = candidates.map((c) => {
    const errors = failedLate.get(c.row) ?? c.errors;
    const created = c.input !== undefined && !failedLate.has(c.row);
    return {
      user: { email: c.email, rowNumber: c.row },
      status: created ? 'created' : 'failed',
      reason: created ? '' : errors.map((e) => `${e.field}: ${e.message}`).join('; '),
      errors: created ? [] : errors,
    };
  });
  const created = results.filter((r) => r.status === 'created');
  const failed = results.length - created.length;
  const reply = {
    message: text('bulkUploadFinished', ctx.lang, {
      created: created.length,
      failed,
    }),
    data: { created: created.length, failed, results },
  };
  const release = async () => {
    if (created.length === 0) return;
    // The set-password emails were held while the rows went in, and go out once the administrator has the
    // results: sending thousands competes for the event loop (5,000 rows took 21 to 41 s instead of 3 to 6 s).
    await deps.notificationJobs.dueNow(held);
    deps.notificationJobs.wake();
    const first = ready.find((r) => !failedLate.has(r.row))!;
    deps.publish(SERVER_EVENTS.NewRegisteredContact, { userId: first.id }, { all: true });
    await publishLogsChanged(deps);
  };
  return { reply, release };
}

/** The 413 of an oversized CSV, in the spec's words. */
export const csvTooLarge = () => new AppError(413, 'FILE_TOO_LARGE', 'maxUpload2Mb');

export const CSV_MAX_BYTES = LIMITS.csvMaxBytes;
