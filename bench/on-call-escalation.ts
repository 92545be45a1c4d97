import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { newId } from '../apps/server/src/lib/ids';
import { createMessageCrypto } from '../apps/server/src/lib/message-crypto';
import { loadOrCreateSecret } from '../apps/server/src/lib/secrets';
import { startBackgroundLoad, type TLoadStep } from './support/background-load';
import { seedCrowdInRooms } from './support/crowd-in-rooms';
import { seedRooms } from './support/seed-rooms';
import { fmt, percentile, startBenchServer } from './support/server';
import { seedSignedInUsers } from './support/signed-in-users';

/**
 * bench/on-call-escalation (issue 25, the on-call bench's escalation mode): 10,000 URGENT messages to on-call
 * roles, each with its escalation chain's next step pending, due over a window while 1,000 other users send in
 * rooms of 10 at 500 messages/s. Each step alerts the backup role's holder: joins the room, a system line, the
 * message's notify list, the in-app alert and the push (no subscriptions here). Figures: each step's lateness
 * (fired_at − due_at, p50, p99, worst; target within 5 s) and the other rooms' send-to-delivery p99 (target
 * under 50 ms). The real server in its own process (SQLite, synchronous FULL).
 */
const STEPS = Number(process.env.BENCH_ESCALATION_STEPS ?? 10_000);
const ROOMS = Number(process.env.BENCH_ESCALATION_ROOMS ?? 500);
const WINDOW_S = Number(process.env.BENCH_ESCALATION_WINDOW_SECONDS ?? 60);
const CROWD = Number(process.env.BENCH_USERS ?? 1_000);
const JWT_SECRET = 'bench-escalation-secret-that-is-long-enough-to-sign';
const _ROOT = join(import.meta.dirname, '..');
const PER_ROOM = Math.ceil(STEPS / ROOMS);

const dataDir = mkdtempSync(join(tmpdir(), 'rounds-bench-escalation-'));
const crowd = await seedCrowdInRooms(dataDir, CROWD, 10, JWT_SECRET);
const crypto = createMessageCrypto(loadOrCreateSecret(dataDir, 'messageKey'));
const h = await openDatabase({ dataDir });
await migrateToLatest(h.db);
const t0 = performance.now();
// Per role room: a nurse and the cardiologist holding the role; the backup role's holder is alerted by the step.
const staff = await seedSignedInUsers(h.db, ROOMS * 3, 'Ward', '557');
const facility = newId();
const created = Date.now();
await h.db
  .insertInto('facilities')
  .values({ id: facility, name: 'Bench General', name_key: 'bench general', created_at: created })
  .execute();
const roomIds = await seedRooms(
  h.db,
  Array.from({ length: ROOMS }, (_, r) => ({
    type: 'group' as const,
    name: `Role room ${r}`,
    members: [staff[r * 3]!.id, staff[r * 3 + 1]!.id],
    messages: PER_ROOM,
  })),
  [crypto.seal('Bed 12 chest pain, troponin rising')],
);
// The server starts, warms and the load settles before the first step falls due.
const firstDue = Date.now() + 45_000;
let made = 0;
for (const [r, roomId] of roomIds.entries()) {
  const [nurse, holder, backupHolder] = [staff[r * 3]!, staff[r * 3 + 1]!, staff[r * 3 + 2]!];
  const role = { id: newId(), backup: newId() };
  await h.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('duty_roles')
      .values(
        [role.id, role.backup].map((id, k) => ({
          id,
          facility_id: facility,
          department_id: null,
          name: `${k ? 'Backup' : 'On call'} ${r}`,
          name_key: `${k ? 'backup' : 'on call'} ${r}`,
          time_zone: 'America/Chicago',
          retired_at: null,
          created_at: created,
          updated_at: created,
        })),
      )
      .execute();
    await trx
      .insertInto('duty_role_holds')
      .values(
        [
          [role.id, holder.id],
          [role.backup, backupHolder.id],
        ].map(([roleId, userId]) => ({
          id: newId(),
          role_id: roleId!,
          user_id: userId!,
          kind: 'hand' as const,
          starts_at: created - 3_600_000,
          ends_at: null,
          note: null,
          created_by: userId!,
          created_at: created,
        })),
      )
      .execute();
    await trx.updateTable('rooms').set({ duty_role_id: role.id }).where('id', '=', roomId).execute();
    await trx
      .updateTable('messages')
      .set({
        attributes: JSON.stringify({ important: true, level: 'URGENT', notify: [holder.id] }),
        author_id: nurse.id,
      })
      .where('room_id', '=', roomId)
      .execute();
    const messages = await trx.selectFrom('messages').select('id').where('room_id', '=', roomId).execute();
    const chains = messages.slice(0, STEPS - made).map((m) => ({ chain: newId(), message: m.id }));
    await trx
      .insertInto('escalation_chains')
      .values(
        chains.map((c) => ({
          id: c.chain,
          message_id: c.message,
          room_id: roomId,
          role_id: role.id,
          sender_id: nurse.id,
          started_at: created,
          outcome: null,
          ended_at: null,
        })),
      )
      .execute();
    await trx
      .insertInto('escalation_jobs')
      .values(
        chains.flatMap((c) => {
          // Spread evenly over the window, in the order of the whole run.
          const due = firstDue + Math.floor(((made + chains.indexOf(c)) * WINDOW_S * 1000) / STEPS);
          return [
            {
              id: newId(),
              chain_id: c.chain,
              position: 0,
              kind: 'step' as const,
              target_role_id: role.backup,
              target_user_id: null,
              due_at: due,
              status: 'pending' as const,
              fired_at: null,
            },
            {
              id: newId(),
              chain_id: c.chain,
              position: 1,
              kind: 'final' as const,
              target_role_id: null,
              target_user_id: null,
              due_at: due + 3_600_000,
              status: 'pending' as const,
              fired_at: null,
            },
          ];
        }),
      )
      .execute();
    made += chains.length;
  });
}
await h.close();
console.error(
  `seeded ${made} URGENT messages with a step pending, in ${ROOMS} role rooms, in ${fmt((performance.now() - t0) / 1000)} s`,
);

const server = await startBenchServer({
  DATA_DIR: dataDir,
  JWT_SECRET,
  RATE_LIMIT_MAX: '1000000',
  SOCKET_RATE_LIMIT_MAX: '1000000',
  // Chat's own URGENT reminder and repeats are not what is measured.
  URGENT_REPEAT_SECONDS: '3600',
  URGENT_ESCALATION_SECONDS: '86400',
});

/** The crowd sends in its rooms over the whole window. */
const loadSeconds = Math.ceil((firstDue - Date.now()) / 1000) + WINDOW_S + 15;
const load = startBackgroundLoad(server.url, crowd, 500, loadSeconds);
let late: number[] = [];
let fired = 0;
try {
  const code = await load.exited;
  if (code !== 0) console.error(`load generator exited with ${code}`);
  // Steps still pending after the window are late by at least the time since they fell due.
  await new Promise((r) => setTimeout(r, 5_000));
} finally {
  // The server's own temp directory goes; the database is in ours (DATA_DIR), read below.
  await server.stop();
}

const r = await openDatabase({ dataDir });
const jobs = await r.db
  .selectFrom('escalation_jobs')
  .select(['due_at', 'fired_at', 'status'])
  .where('kind', '=', 'step')
  .execute();
await r.close();
const stoppedAt = Date.now();
late = jobs.map((j) => (j.fired_at === null ? stoppedAt - Number(j.due_at) : Number(j.fired_at) - Number(j.due_at)));
fired = jobs.filter((j) => j.status === 'fired').length;
late.sort((a, b) => a - b);
const step = load.lines[1] as TLoadStep | undefined;
const worst = late.at(-1) ?? 0;
console.log(`\nbench/on-call-escalation: ${jobs.length} escalation steps due over ${WINDOW_S} s, ${fired} fired`);
console.log(
  `  lateness p50 ${fmt(percentile(late, 50) / 1000)} s, p99 ${fmt(percentile(late, 99) / 1000)} s, worst ${fmt(worst / 1000)} s — target each within 5 s ${worst <= 5_000 && fired === jobs.length ? 'met' : 'NOT met'}`,
);
if (step) {
  console.log(
    `  ${CROWD} users sending in rooms of 10 meanwhile: ${step.achievedRate}/s, p50 ${fmt(step.p50)} ms, p99 ${fmt(step.p99)} ms, lost ${step.lost}, duplicated ${step.duplicated} — target p99 < 50 ms ${step.p99 < 50 && step.lost === 0 ? 'met' : 'NOT met'}`,
  );
}
process.exit(0);
