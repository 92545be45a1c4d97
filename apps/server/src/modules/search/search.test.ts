import { chatRoomRoutes, type TMessage } from '@rounds/contracts/chat';
import { chatFileRoutes, ZUploadImagesReply } from '@rounds/contracts/chat-files';
import { searchRoutes, type TSearchMessagesQuery } from '@rounds/contracts/search';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { callAs, type Member, member } from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { searchMessages } from './search.store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
});
afterAll(() => t.close());

const unique = () => crypto.randomUUID().slice(0, 8);
const { group, say } = conversations(() => t);
const search = async (m: Member, query: TSearchMessagesQuery) => {
  const res = await callAs(t, m, searchRoutes.messages, { query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const bodies = async (m: Member, query: TSearchMessagesQuery) =>
  (await search(m, query)).results.map((r) => r.message.body);

describe('message search', () => {
  it('finds only messages of rooms the user is a member of, and none after leaving', async () => {
    const [alice, bob, carol] = await Promise.all([member(t, 'Alice'), member(t, 'Bob'), member(t, 'Carol')]);
    const word = `zorblax${unique().replace(/\d/g, 'q')}`;
    const shared = await group(alice, [bob]);
    const carols = await group(carol, [alice]);
    await say(alice, shared.id, `Sepsis protocol ${word} in bed 12`);
    await say(carol, carols.id, `Another ${word} note`);

    expect(await bodies(bob, { q: word })).toEqual([`Sepsis protocol ${word} in bed 12`]);
    expect((await bodies(alice, { q: word })).sort()).toHaveLength(2);
    // Carol is no member of the shared room: her search, even aimed at it, finds nothing of it.
    expect(await bodies(carol, { q: word })).toEqual([`Another ${word} note`]);
    expect(await bodies(carol, { q: word, roomId: shared.id })).toEqual([]);

    const hit = (await search(bob, { q: word })).results[0]!;
    expect(hit.room).toEqual({ id: shared.id, type: 'group', name: shared.name });
    await callAs(t, bob, chatRoomRoutes.leave, { query: { twId: shared.id } });
    expect(await bodies(bob, { q: word })).toEqual([]);
  });

  it('finds words and word beginnings, whatever the case and accents, in English and French', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const fr = await say(a, room.id, "Transférer le patient à l'Hôpital Saint-Éloi, lit 12 — œdème pulmonaire");
    const en = await say(b, room.id, "Check the patient's chart: potassium 6.8, ECG repeated");
    const ids = async (q: string) => (await search(a, { q, roomId: room.id })).results.map((r) => r.message.id);

    expect(await ids('hopital')).toEqual([fr.id]);
    expect(await ids('HÔPITAL')).toEqual([fr.id]);
    expect(await ids("l'hôpital")).toEqual([fr.id]);
    expect(await ids('transf')).toEqual([fr.id]);
    expect(await ids('oedeme')).toEqual([fr.id]);
    expect(await ids('saint-eloi')).toEqual([fr.id]);
    expect(await ids('lit 12')).toEqual([fr.id]);
    expect(await ids('patient')).toEqual([en.id, fr.id]);
    expect(await ids('patient chart')).toEqual([en.id]);
    expect(await ids('potass ecg')).toEqual([en.id]);
    // Every word must match; a word in neither finds nothing.
    expect(await ids('patient insulin')).toEqual([]);
    // Beginnings, not middles.
    expect(await ids('pital')).toEqual([]);

    const hit = (await search(a, { q: 'hopital lit', roomId: room.id })).results[0]!;
    expect(hit.ranges.map(([s, e]) => hit.message.body.slice(s, e))).toEqual(['Hôpital', 'lit']);
  });

  it('filters by room, sender, time, file and priority, and finds files by their names', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const [one, two] = await Promise.all([group(a, [b]), group(a, [b])]);
    const word = 'tachycardia';
    const first = await say(a, one.id, `${word} at 03:00`);
    const second = await say(b, one.id, `${word} settled`);
    const third = await say(a, two.id, `${word} again`, { level: 'URGENT', notify: [b.id] });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const upload = ZUploadImagesReply.parse(
      (
        await callRoute(t.app, chatFileRoutes.uploadImages, {
          token: a.token,
          multipart: [{ filename: 'radiographie-thorax.png', type: 'image/png', bytes: png }],
        })
      ).json(),
    );
    const withFile = await say(a, two.id, `${word} image`, { files: [upload.data.files[0]!.Key] });
    const ids = async (query: Omit<TSearchMessagesQuery, 'q'>, q = word) =>
      (await search(a, { q, ...query })).results.map((r) => r.message.id);

    expect(await ids({})).toEqual([withFile.id, third.id, second.id, first.id]);
    expect(await ids({ roomId: one.id })).toEqual([second.id, first.id]);
    expect(await ids({ senderId: b.id })).toEqual([second.id]);
    // Messages sent within the same millisecond share a time: the expected list is read from the times.
    const inRange = [withFile, third, second, first].filter(
      (m) => m.timetoken >= second.timetoken && m.timetoken < third.timetoken + 1,
    );
    expect(await ids({ from: second.timetoken, to: third.timetoken + 1 })).toEqual(inRange.map((m) => m.id));
    expect(await ids({ hasFile: 'true' })).toEqual([withFile.id]);
    expect(await ids({ priority: 'URGENT' })).toEqual([third.id]);
    expect(await ids({ priority: 'IMPORTANT' })).toEqual([third.id]);
    expect(await ids({}, 'thorax')).toEqual([withFile.id]);
    const hit = (await search(a, { q: 'radio' })).results.find((r) => r.message.id === withFile.id)!;
    expect(hit.fileRanges).toEqual([{ index: 0, ranges: [[0, 'radiographie'.length]] }]);
  });

  it('pages newest first with the total', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const sent: TMessage[] = [];
    for (let i = 0; i < 25; i += 1) sent.push(await say(a, room.id, `handover item ${i}`));
    const newestFirst = sent.map((m) => m.id).reverse();
    const page = async (n: number) => search(a, { q: 'handover', roomId: room.id, page: n, pageSize: 10 });
    const [p1, p3] = [await page(1), await page(3)];
    expect(p1).toMatchObject({ page: 1, pageSize: 10, total: 25 });
    expect(p1.results.map((r) => r.message.id)).toEqual(newestFirst.slice(0, 10));
    expect(p3.results.map((r) => r.message.id)).toEqual(newestFirst.slice(20));
    expect((await page(4)).results).toEqual([]);
  });

  it('keeps no word of a message in the database, only keyed hashes', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const words = ['Quixotrel', 'Zyngbark', 'Plovendrix', 'Hémafrôle'];
    await say(a, room.id, `${words[0]} ${words[1]}: check ${words[2]}, then ${words[3]}`);
    expect((await search(b, { q: words.join(' ') })).total).toBe(1);

    const tables =
      t.app.engine === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.app.db)
        : await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
            t.app.db,
          );
    const needles = words.flatMap((w) => {
      const lower = w.toLowerCase();
      const folded = lower.normalize('NFD').replace(/\p{M}/gu, '');
      return [lower, folded, folded.slice(0, 5)];
    });
    let scanned = 0;
    for (const { name } of tables.rows) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.app.db);
      for (const row of rows.rows) {
        const text = JSON.stringify(row).toLowerCase();
        for (const needle of needles) expect(text, `${name} holds "${needle}"`).not.toContain(needle);
      }
      scanned += rows.rows.length;
    }
    expect(tables.rows.map((r) => r.name)).toContain('message_terms');
    expect(scanned).toBeGreaterThan(0);
  });

  it('removes a deleted message from the index', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const doomed = await say(a, room.id, 'Wrong patient: disregard vancomycin order');
    const rows = () =>
      t.app.db
        .selectFrom('message_terms')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('message_id', '=', doomed.id)
        .executeTakeFirstOrThrow();
    expect(Number((await rows()).n)).toBeGreaterThan(10);
    const res = await callAs(t, a, chatRoomRoutes.removeMessage, { body: { twId: room.id, messageId: doomed.id } });
    expect(res.status).toBe(200);
    expect(Number((await rows()).n)).toBe(0);
    expect(await bodies(b, { q: 'vancomycin' })).toEqual([]);
  });

  it('bounds rooms that show history from joining by the member’s joined time', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await group(a, [b]);
    const before = await say(a, room.id, 'meropenem started');
    await t.app.db
      .updateTable('room_members')
      .set({ joined_at: before.timetoken + 1 })
      .where('room_id', '=', room.id)
      .where('user_id', '=', b.id)
      .execute();
    const after = await say(a, room.id, 'meropenem stopped');
    const [term] = [await searchTerm('meropenem')];
    const found = (types: string[]) =>
      searchMessages(t.app.db, { userId: b.id, terms: [term], historyFromJoining: types }, { offset: 0, limit: 10 });
    expect((await found([])).rows.map((r) => r.id)).toEqual([after.id, before.id]);
    expect((await found(['group'])).rows.map((r) => r.id)).toEqual([after.id]);
  });
});

/** The hashed term a word is looked up under, as the service computes it. */
async function searchTerm(word: string): Promise<string> {
  const { createBlindIndex } = await import('./blind-index');
  return createBlindIndex(t.config.SEARCH_KEY).queryHash(word);
}

describe('the page around a message', () => {
  it('answers the messages before and after it, oldest first, to members only', async () => {
    const [a, b, outsider] = await Promise.all([member(t), member(t), member(t)]);
    const room = await group(a, [b]);
    const sent: TMessage[] = [];
    for (let i = 0; i < 30; i += 1) sent.push(await say(a, room.id, `line ${i}`));
    const target = sent[10]!;
    const res = await callAs(t, b, searchRoutes.context, {
      query: { twId: room.id, messageId: target.id, around: 5 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.messages.map((m) => m.body)).toEqual(sent.slice(5, 16).map((m) => m.body));
    expect(res.body.data.hasMore).toBe(true);

    const edge = await callAs(t, b, searchRoutes.context, {
      query: { twId: room.id, messageId: sent[2]!.id, around: 5 },
    });
    // The room's first message is its 'created' line.
    expect(edge.body.data.messages[0]!.seq).toBe(1);
    expect(edge.body.data.messages.at(-1)!.id).toBe(sent[7]!.id);
    expect(edge.body.data.hasMore).toBe(false);

    const denied = await callAs(t, outsider, searchRoutes.context, { query: { twId: room.id, messageId: target.id } });
    expect(denied.status).toBe(404);
    expect(denied.body.code).toBe('CONVERSATION_UNAVAILABLE');
    const missing = await callAs(t, b, searchRoutes.context, { query: { twId: room.id, messageId: 'f'.repeat(24) } });
    expect(missing.status).toBe(404);
  });
});

describe('bad search input', () => {
  it('answers 400 naming the field, never 500', async () => {
    const [a] = await Promise.all([member(t)]);
    const cases: [Record<string, string>, string][] = [
      [{ q: 'x'.repeat(201) }, 'q'],
      [{ q: '   ' }, 'q'],
      [{}, 'q'],
      [{ q: 'sepsis', pageSize: '100000' }, 'pageSize'],
      [{ q: 'sepsis', pageSize: '0' }, 'pageSize'],
      [{ q: 'sepsis', page: '-1' }, 'page'],
      [{ q: 'sepsis', page: 'abc' }, 'page'],
      [{ q: 'sepsis', from: '2000', to: '1000' }, 'to'],
      [{ q: 'sepsis', from: 'yesterday' }, 'from'],
      [{ q: 'sepsis', to: '1e30' }, 'to'],
      [{ q: 'sepsis', priority: 'CRITICAL' }, 'priority'],
      [{ q: 'sepsis', hasFile: 'maybe' }, 'hasFile'],
      [{ q: 'sepsis', roomId: 'not-an-id' }, 'roomId'],
      [{ q: 'sepsis', senderId: "'; drop table messages; --" }, 'senderId'],
    ];
    for (const [query, field] of cases) {
      const res = await callAs(t, a, searchRoutes.messages, { query: query as never });
      expect(res.status, `${JSON.stringify(query)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.message, JSON.stringify(query)).toMatch(new RegExp(`^${field}\\b`));
    }
    const context: [Record<string, string>, string][] = [
      [{ twId: 'garbage', messageId: 'f'.repeat(24) }, 'twId'],
      [{ twId: 'f'.repeat(24), messageId: '../../etc' }, 'messageId'],
      [{ twId: 'f'.repeat(24), messageId: 'f'.repeat(24), around: '100000' }, 'around'],
    ];
    for (const [query, field] of context) {
      const res = await callAs(t, a, searchRoutes.context, { query: query as never });
      expect(res.status, `${JSON.stringify(query)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.message, JSON.stringify(query)).toMatch(new RegExp(`^${field}\\b`));
    }
  });
});
