import type { TLanguage } from '@rounds/contracts/common';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { DUTY_SCHEDULE_CSV_COLUMNS, type TDutySchedule, type TScheduleImportReply } from '@rounds/contracts/on-call';
import type { AuthContext } from '../../lib/auth-context';
import { invalidField } from '../../lib/errors';
import type { FormFile } from '../../lib/multipart-form';
import { type TextKey, type TextVars, text } from '../../lib/texts';
import { csvText, numberedRecords } from '../admin/admin-user-import';
import { writeAudit } from '../audit/audit.service';
import { userIdsByEmail, usersByIds } from '../users/users.store';
import { administeredRole, assertFacilityAdministered, type OnCallDeps } from './duty-roles.service';
import * as store from './duty-roles.store';
import { scheduleProblem } from './duty-schedule.rules';
import { instantOf } from './zoned-time';

const PROBLEM_TEXT = {
  endBeforeStart: 'shiftEndsBeforeStart',
  tooLong: 'shiftTooLong',
  noWeekday: 'rotationNoWeekday',
  untilBeforeFrom: 'rotationUntilBeforeFrom',
} as const satisfies Record<string, TextKey>;
const PROBLEM_FIELD = {
  endBeforeStart: 'endsAt',
  tooLong: 'endsAt',
  noWeekday: 'weekdays',
  untilBeforeFrom: 'untilDate',
} as const;

/** Local "YYYY-MM-DD HH:MM" (or with a T) to its date and time, or null. */
function localDateTime(value: string): { date: string; time: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [, date, time] = m as unknown as [string, string, string];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return h < 24 && mi < 60 ? { date, time } : null;
}

/** A role's schedule, written by its facility's administrators: shifts and weekly rotations, or a CSV. */
export function createDutyScheduleService({ db, publish, holdersChanged }: OnCallDeps) {
  const changed = async (row: store.DutyRoleRow) => {
    publish(SERVER_EVENTS.DutyRoleChanged, { roleId: row.id, facilityId: row.facility_id }, { all: true });
    await holdersChanged?.(row.id);
  };

  return {
    async get(actor: AuthContext, id: string): Promise<TDutySchedule> {
      await administeredRole(db, actor, id);
      return store.readSchedule(db, id);
    },

    /** The whole schedule replaced in one transaction; a bad entry is a 400 naming it, nothing written. */
    async set(actor: AuthContext, id: string, schedule: TDutySchedule): Promise<TDutySchedule> {
      const row = await administeredRole(db, actor, id);
      const problem = scheduleProblem(schedule.shifts, schedule.rotations, store.MAX_SHIFT_MS);
      if (problem) {
        const list = problem.kind === 'shift' ? 'shifts' : 'rotations';
        throw invalidField(`${list}.${problem.index}.${PROBLEM_FIELD[problem.problem]}`, PROBLEM_TEXT[problem.problem]);
      }
      const people = [...schedule.shifts, ...schedule.rotations].map((e) => e.userId);
      const known = new Set((await usersByIds(db, [...new Set(people)], [], 'notDeleted')).map((u) => u.id));
      const unknown = [
        ...schedule.shifts.map((s) => ['shifts', s] as const),
        ...schedule.rotations.map((r) => ['rotations', r] as const),
      ]
        .map(([list, e], i) => ({ list, e, i: list === 'shifts' ? i : i - schedule.shifts.length }))
        .find(({ e }) => !known.has(e.userId));
      if (unknown) throw invalidField(`${unknown.list}.${unknown.i}.userId`, 'unknownPerson');
      await db.transaction().execute(async (trx) => {
        await store.replaceSchedule(trx, id, schedule);
        await writeAudit(trx, {
          userId: actor.userId,
          event: 'duty schedule changed',
          details: { roleId: id, name: row.name, shifts: schedule.shifts.length, rotations: schedule.rotations.length },
        });
      });
      await changed(row);
      return store.readSchedule(db, id);
    },

    /**
     * POST /roles/schedule/import: a CSV of shifts (role, email, start, end in the role's local time) for one
     * facility. Every row is checked first; any bad row and nothing is imported, each bad row reported by its
     * line. Shifts are added to the roles' schedules.
     */
    async importCsv(
      actor: AuthContext,
      facilityId: string | undefined,
      file: FormFile,
      lang: TLanguage,
    ): Promise<TScheduleImportReply['data']> {
      if (!facilityId || !/^[0-9a-f]{24}$/.test(facilityId)) throw invalidField('facilityId', 'invalidId');
      if (!(await store.referenceExists(db, 'facilities', facilityId))) throw invalidField('facilityId', 'noSuchItem');
      await assertFacilityAdministered(db, actor, facilityId);
      const roles = await store.matchingRoles(db, { facilityIds: [facilityId] });
      const [header, ...records] = numberedRecords(csvText(file));
      // A spreadsheet's trailing rows of empty cells (",,,") are no shifts, and no errors either.
      const rows = records.filter((r) => r.cells.some((c) => c !== ''));
      const seen = (header?.cells ?? []).map((h) => h.trim().toLowerCase());
      const missing = DUTY_SCHEDULE_CSV_COLUMNS.filter((c) => !seen.includes(c));
      if (missing.length) {
        throw invalidField('file', 'csvWrongColumns', {
          detail: `missing: ${missing.join(', ')}`,
          expected: DUTY_SCHEDULE_CSV_COLUMNS.join(', '),
        });
      }
      const col = Object.fromEntries(DUTY_SCHEDULE_CSV_COLUMNS.map((c) => [c, seen.indexOf(c)])) as Record<
        (typeof DUTY_SCHEDULE_CSV_COLUMNS)[number],
        number
      >;
      const roleByName = new Map(roles.map((r) => [store.nameKeyOf(r.name), r]));
      const users = await userIdsByEmail(
        db,
        rows.map((r) => r.cells[col.email] ?? ''),
      );
      const errors: TScheduleImportReply['data']['errors'] = [];
      const shifts: { roleId: string; userId: string; startsAt: number; endsAt: number }[] = [];
      const fail = (line: number, key: TextKey, vars: TextVars = {}) =>
        errors.push({ line, message: text(key, lang, vars) });
      for (const { line, cells } of rows) {
        const value = (c: keyof typeof col) => (cells[col[c]] ?? '').trim();
        const role = roleByName.get(store.nameKeyOf(value('role')));
        const userId = users.get(value('email').toLowerCase());
        const start = localDateTime(value('start'));
        const end = localDateTime(value('end'));
        if (!role) fail(line, 'unknownDutyRole', { name: value('role') });
        else if (!userId) fail(line, 'unknownEmail', { email: value('email') });
        else if (!start) fail(line, 'badLocalDateTime', { field: 'start' });
        else if (!end) fail(line, 'badLocalDateTime', { field: 'end' });
        else {
          const startsAt = instantOf(start.date, start.time, role.time_zone);
          const endsAt = instantOf(end.date, end.time, role.time_zone);
          if (endsAt <= startsAt) fail(line, 'shiftEndsBeforeStart');
          else if (endsAt - startsAt > store.MAX_SHIFT_MS) fail(line, 'shiftTooLong');
          else shifts.push({ roleId: role.id, userId, startsAt, endsAt });
        }
      }
      if (errors.length > 0 || shifts.length === 0) return { imported: 0, errors };
      const touched = roles.filter((r) => shifts.some((s) => s.roleId === r.id));
      await db.transaction().execute(async (trx) => {
        await store.insertShifts(trx, shifts);
        for (const r of touched) {
          await writeAudit(trx, {
            userId: actor.userId,
            event: 'duty schedule changed',
            details: { roleId: r.id, name: r.name, imported: shifts.filter((s) => s.roleId === r.id).length },
          });
        }
      });
      for (const r of touched) await changed(r);
      return { imported: shifts.length, errors: [] };
    },
  };
}

export type DutyScheduleService = ReturnType<typeof createDutyScheduleService>;
