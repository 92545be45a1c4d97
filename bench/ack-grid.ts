import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routeUrl, type TQueryIn, type TReplyOf } from '@rounds/contracts/api-route';
import { chatRoomRoutes } from '@rounds/contracts/chat';
import { chatPath } from '@rounds/contracts/routes';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { newId } from '../apps/server/src/lib/ids';
import { createMessageCrypto } from '../apps/server/src/lib/message-crypto';
import { launchChromium } from '../e2e/support/chromium';
import { loginUi } from '../e2e/support/login-ui';
import { bubble } from '../e2e/support/pages/room';
// @ts-expect-error: a plain .mjs build script shared with `npm start` and the journeys
import { ensureWebBuild } from '../scripts/ensure-web-build.mjs';
import { onEachEngine } from './support/engines';
import { openInProcess } from './support/in-process';
import { insertPasswordUsers } from './support/password-users';
import { seedRooms } from './support/seed-rooms';
import { fmt, percentile, startSeededServer } from './support/server';

/**
 * bench/ack-grid (issue 25): the acknowledgement grid of an URGENT message in a group of 2,000 recipients,
 * a quarter in each state (acknowledged, read, delivered, not reached). GET /chat-room/acknowledgement-grid
 * through HTTP as its sender: the whole grid must answer well inside the 1 s the browser has to show it; then
 * the grid opened from the message in Chromium, click to rows (target under 1 s).
 * Runs on SQLite, and on PostgreSQL too when BENCH_DATABASE_URL is set.
 */
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 2_000);
const PASSWORD = 'Bench12345';
const MESSAGE_KEY = randomBytes(32).toString('base64');

async function seed(o: { dataDir: string; databaseUrl?: string; schema?: string }) {
  const h = await openDatabase(o);
  await migrateToLatest(h.db, o.schema);
  const now = Date.now();
  const users = await insertPasswordUsers(
    h.db,
    PASSWORD,
    Array.from({ length: RECIPIENTS + 1 }, (_, i) => ({
      email: `u${i}@bench.rounds`,
      phone: `55${String(i).padStart(8, '0')}`,
      first_name: `First${i}`,
      last_name: `Last${i}`,
    })),
  );
  const ids = users.map((u) => u.id);
  const [sender, ...recipients] = ids as [string, ...string[]];
  const [roomId] = await seedRooms(h.db, [{ type: 'group', name: 'Whole hospital', members: ids }], []);
  const crypto = createMessageCrypto(MESSAGE_KEY);
  const messageId = newId(now);
  const quarter = Math.floor(RECIPIENTS / 4);
  const acked = recipients.slice(0, quarter);
  const read = recipients.slice(quarter, 2 * quarter);
  const delivered = recipients.slice(2 * quarter, 3 * quarter);
  const attributes = {
    important: true,
    level: 'URGENT',
    notify: recipients,
    sms: false,
    acknowledgements: acked.map((userId) => ({ userId, timetoken: now })),
  };
  await h.db
    .insertInto('messages')
    .values({
      id: messageId,
      room_id: roomId!,
      seq: 1,
      client_id: newId(now),
      author_id: sender,
      body: crypto.seal('Code black drill at 14:00, all staff acknowledge'),
      attributes: JSON.stringify(attributes),
      removed: 0,
      created_at: now,
      media: null,
    })
    .execute();
  await h.db.updateTable('rooms').set({ last_seq: 1, last_message_id: messageId }).where('id', '=', roomId!).execute();
  for (let start = 0; start < acked.length; start += 500) {
    const chunk = acked.slice(start, start + 500);
    await h.db
      .insertInto('acknowledgements')
      .values(chunk.map((user_id) => ({ message_id: messageId, user_id, acknowledged_at: now })))
      .execute();
  }
  for (const [who, column] of [
    [[...acked, ...read], 'last_read_seq'],
    [delivered, 'delivered_seq'],
  ] as const) {
    for (let start = 0; start < who.length; start += 500) {
      await h.db
        .updateTable('room_members')
        .set({ [column]: 1 })
        .where('room_id', '=', roomId!)
        .where('user_id', 'in', who.slice(start, start + 500))
        .execute();
    }
  }
  for (let start = 0; start < read.length; start += 500) {
    await h.db
      .insertInto('message_reads')
      .values(read.slice(start, start + 500).map((user_id) => ({ room_id: roomId!, user_id, seq: 1, read_at: now })))
      .execute();
  }
  await h.close();
  return { roomId: roomId!, messageId, email: users[0]!.email };
}

/** In-page: from the click on Acknowledgements to the first frame showing the grid's rows (page clock). */
const WATCH_GRID = `
  globalThis.gridOpened = () => new Promise((resolve) => {
    let t0;
    addEventListener('click', () => { t0 = performance.now(); }, { capture: true, once: true });
    const look = () => {
      const rows = document.querySelectorAll('[role="dialog"] [data-testid="ack-grid-row"]').length;
      if (t0 !== undefined && rows > 0) resolve({ ms: performance.now() - t0, rows });
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
`;

/**
 * What the sender waits for (issue 25: under 1 s for 2,000): the grid opened from the message in Chromium,
 * from the click to the first frame with rows (the request, React and the virtual list). The first opening
 * also loads the grid's code; then the median and worst of ten more.
 */
async function inTheBrowser(url: string, email: string, roomId: string) {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } })).newPage();
    await page.addInitScript(WATCH_GRID);
    await loginUi(page, email, PASSWORD);
    await page.goto(chatPath(roomId));
    const message = bubble(page, 'Code black drill');
    let mounted = 0;
    // The message's toolbar (the urgent banner below has an Acknowledgements button of its own).
    const action = page.getByRole('toolbar').getByRole('button', { name: 'Acknowledgements' });
    let lastClick = 0;
    const open = async () => {
      // Closing the grid leaves the toolbar open; a second click on the message would close it.
      if (!(await action.isVisible())) await message.click({ timeout: 30_000 });
      // The room's message actions answer once per 2 s (the spec's throttle): a sooner click does nothing.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastClick + 2_100 - Date.now())));
      const opened = page.evaluate(() =>
        (globalThis as unknown as { gridOpened: () => Promise<TOpened> }).gridOpened(),
      );
      await action.click({ timeout: 30_000 });
      lastClick = Date.now();
      const result = await Promise.race([
        opened,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the grid did not open in 30 s')), 30_000)),
      ]).catch(async (err) => {
        await page.screenshot({ path: join(tmpdir(), 'ack-grid-failed.png') });
        throw err;
      });
      if (result.rows === 0) throw new Error('the grid showed no rows');
      // The shared virtual list mounts the rows in view and a few beyond, not the whole group.
      if (result.rows >= RECIPIENTS) throw new Error(`the grid mounted all ${result.rows} rows`);
      mounted = result.rows;
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 });
      return result.ms;
    };
    const first = await open();
    const times: number[] = [];
    for (let i = 0; i < 10; i += 1) times.push(await open());
    times.sort((a, b) => a - b);
    const worst = Math.max(first, times.at(-1)!);
    console.log(
      `  the grid in Chromium, click to rows: first ${fmt(first)} ms (with its code), then p50 ${fmt(percentile(times, 50))} ms  max ${fmt(times.at(-1)!)} ms (${mounted} of ${RECIPIENTS} rows mounted)`,
    );
    console.log(`  target < 1000 ms ${worst < 1000 ? 'met' : 'NOT met'}`);
  } finally {
    await browser.close();
  }
}

type TOpened = { ms: number; rows: number };

async function run(
  label: string,
  env: Record<string, string>,
  o: { dataDir: string; databaseUrl?: string; schema?: string },
) {
  console.log(`\n${label}`);
  const { roomId, messageId, email } = await seed(o);
  const { server, token } = await startSeededServer(o, env, MESSAGE_KEY, { email, password: PASSWORD });
  try {
    // Raw, not routeFetch: the time is to the reply's last byte, its JSON parsed after the clock stops.
    const gridQuery: TQueryIn<typeof chatRoomRoutes.ackGrid> = { twId: roomId, messageId };
    const gridUrl = `${server.url}${routeUrl(chatRoomRoutes.ackGrid)}?${new URLSearchParams(gridQuery)}`;
    let bytes = 0;
    const grid = async () => {
      const t0 = performance.now();
      const res = await fetch(gridUrl, { headers: { authorization: `Bearer ${token}` } });
      const text = await res.text();
      const ms = performance.now() - t0;
      const json = JSON.parse(text) as TReplyOf<typeof chatRoomRoutes.ackGrid>;
      if (res.status !== 200 || json.data.recipients.length !== RECIPIENTS) throw new Error(`bad grid: ${res.status}`);
      bytes = text.length;
      return { ms, counts: json.data.counts };
    };
    const first = await grid();
    console.log(
      `  counts ${JSON.stringify(first.counts)}; reply ${fmt(bytes / 1024)} KB; first call ${fmt(first.ms)} ms`,
    );
    for (let i = 0; i < 20; i += 1) await grid(); // warm up
    const times: number[] = [];
    for (let i = 0; i < 200; i += 1) times.push((await grid()).ms);
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    console.log(
      `  grid of ${RECIPIENTS} through HTTP: p50 ${fmt(percentile(times, 50))} ms  p99 ${fmt(p99)} ms  max ${fmt(times.at(-1)!)} ms`,
    );
    // The browser has 1 s to show it (issue 25); the server's share should be a small part of that.
    console.log(`  target p99 < 200 ms ${p99 < 200 ? 'met' : 'NOT met'}`);
    await inTheBrowser(server.url, email, roomId);
  } finally {
    await server.stop();
  }

  // The grid itself, without HTTP and JSON: the service the route calls (membership, the one query, states).
  const { app, userId } = await openInProcess(o, env, MESSAGE_KEY, email);
  try {
    for (let i = 0; i < 20; i += 1) await app.chat.priority.acknowledgementGrid(userId, roomId, messageId);
    const times: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const t0 = performance.now();
      await app.chat.priority.acknowledgementGrid(userId, roomId, messageId);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  grid of ${RECIPIENTS} in the server (membership, query, states): p50 ${fmt(percentile(times, 50))} ms  p99 ${fmt(percentile(times, 99))} ms`,
    );
  } finally {
    await app.close();
  }
}

ensureWebBuild();
await onEachEngine('ack-grid', run);
