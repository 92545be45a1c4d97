import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { routeUrl, type TQueryIn } from '@rounds/contracts/api-route';
import { complianceExportRoutes } from '@rounds/contracts/compliance';
import { routeReply } from '@rounds/test-kit/route-fetch';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { localFileStore } from '../apps/server/src/lib/file-store';
import { newId } from '../apps/server/src/lib/ids';
import { createMessageCrypto } from '../apps/server/src/lib/message-crypto';
import { signAccessToken } from '../apps/server/src/lib/tokens';
import { type EngineOptions, onEachEngine } from './support/engines';
import { seedRooms } from './support/seed-rooms';
import { fmt, startBenchServer } from './support/server';
import { seedSignedInUsers } from './support/signed-in-users';

/**
 * bench/export (issue 27): the export for counsel of one room of EXPORT_BENCH_MESSAGES messages (100,000 by
 * default) carrying EXPORT_BENCH_FILES files (1,000, EXPORT_BENCH_FILE_KB each, 64 KB by default) from the local
 * encrypted file store. Asked for through the API and downloaded as the browser does; the figures: the time to
 * the last byte, messages and megabytes a second, and the growth of the server's RSS over the download (sampled
 * every 50 ms; target < 100 MB: the ZIP is streamed, never built in memory). SQLite, and PostgreSQL too when
 * BENCH_DATABASE_URL is set.
 */
const MESSAGES = Number(process.env.EXPORT_BENCH_MESSAGES ?? 100_000);
const FILES = Number(process.env.EXPORT_BENCH_FILES ?? 1_000);
const FILE_KB = Number(process.env.EXPORT_BENCH_FILE_KB ?? 64);
const MESSAGE_KEY = randomBytes(32).toString('base64');
const JWT_SECRET = randomBytes(32).toString('base64url');
const TARGET_MB = 100;

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

async function seed(o: EngineOptions) {
  const h = await openDatabase(o);
  await migrateToLatest(h.db, o.schema);
  const [admin, ...staff] = await seedSignedInUsers(h.db, 6, 'Counsel', '557');
  await h.db.updateTable('users').set({ role: 'Admin' }).where('id', '=', admin!.id).execute();
  const crypto = createMessageCrypto(MESSAGE_KEY);
  const bodies = Array.from({ length: 64 }, (_, i) =>
    crypto.seal(
      `Bed ${i % 30} obs: HR ${60 + i}, BP ${110 + i}/70, SpO2 ${90 + (i % 10)}%, plan unchanged, review at 14:00`,
    ),
  );
  const started = performance.now();
  const [room] = await seedRooms(
    h.db,
    [{ type: 'group', name: 'Ward 7 night', members: staff.map((s) => s.id), messages: MESSAGES }],
    bodies,
  );
  // Every (MESSAGES / FILES)th message carries an image, stored encrypted as an upload is.
  const store = localFileStore(join(o.dataDir, 'files'), MESSAGE_KEY);
  const every = Math.max(1, Math.floor(MESSAGES / FILES));
  const content = randomBytes(FILE_KB * 1024);
  await h.db.transaction().execute(async (trx) => {
    for (let n = 1; n <= FILES; n += 1) {
      const key = randomBytes(16).toString('hex');
      const size = await store.put(key, Readable.from([content]));
      const seq = n * every;
      const name = `wound photo ${n}.png`;
      await trx
        .updateTable('messages')
        .set({ media: JSON.stringify({ files: [{ id: newId(), key, name, type: 'image/png', size }], voice: null }) })
        .where('room_id', '=', room!)
        .where('seq', '=', seq)
        .execute();
      await trx
        .insertInto('uploads')
        .values({
          key,
          uploader_id: staff[0]!.id,
          kind: 'image',
          name,
          type: 'image/png',
          size,
          room_id: room!,
          message_id: null,
          thumb_key: null,
          created_at: Date.now(),
        })
        .execute();
    }
  });
  // Statistics as a live database has them (PostgreSQL's autovacuum analyzes a table this size soon after it
  // fills): a freshly loaded table's planner guesses made each page a scan.
  await sql`analyze`.execute(h.db);
  await h.close();
  console.log(
    `  seeded ${MESSAGES} messages and ${FILES} files of ${FILE_KB} KB in ${fmt((performance.now() - started) / 1000)} s`,
  );
  return { admin: admin!, room: room! };
}

async function run(label: string, env: Record<string, string>, o: EngineOptions) {
  console.log(`\n${label}`);
  const s = await seed(o);
  const server = await startBenchServer({
    ...env,
    DATA_DIR: o.dataDir,
    MESSAGE_KEY,
    JWT_SECRET,
    RATE_LIMIT_MAX: '10000000',
  });
  try {
    const token = await signAccessToken(JWT_SECRET, { sub: s.admin.id, role: 'Admin', sid: s.admin.sid }, 3_600);
    const made = await routeReply(server.url, complianceExportRoutes.createExport, {
      token,
      body: { scope: 'room', targetId: s.room, from: 0, to: Date.now() + 60_000 },
    });
    // The ZIP is streamed and its bytes counted: a raw fetch on the URL its descriptor gives.
    const download = complianceExportRoutes.downloadExport;
    const query: TQueryIn<typeof download> = { token: made.data.token };
    const before = rssKb(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb(server.pid));
    }, 50);
    const t0 = performance.now();
    const res = await fetch(`${server.url}${routeUrl(download)}?${new URLSearchParams(query)}`);
    if (res.status !== 200 || !res.body) throw new Error(`download: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let first = 0;
    const reader = res.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (first === 0) first = performance.now() - t0;
      bytes += chunk.value.length;
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssKb(server.pid));
    const growthMb = (peak - before) / 1024;
    console.log(
      `  ZIP of ${fmt(bytes / 2 ** 20)} MB in ${fmt(seconds)} s (first byte after ${fmt(first)} ms): ${fmt(MESSAGES / seconds)} messages/s, ${fmt(bytes / 2 ** 20 / seconds)} MB/s`,
    );
    console.log(
      `  server RSS: ${fmt(before / 1024)} MB before, ${fmt(peak / 1024)} MB at its peak: growth ${fmt(growthMb)} MB — target < ${TARGET_MB} MB ${growthMb < TARGET_MB ? 'met' : 'NOT met'}`,
    );
  } finally {
    await server.stop();
  }
}

await onEachEngine('export', run);
