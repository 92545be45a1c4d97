import { randomBytes } from 'node:crypto';
import type { TApiRoute, TBodyIn } from '@rounds/contracts/api-route';
import {
  SPEECH_LIMITS,
  SPEECH_SOCKET_PATH,
  speechRoutes,
  type TSpeechText,
  type TSpeechWarning,
} from '@rounds/contracts/speech';
import { userPermissionRoutes } from '@rounds/contracts/user-permissions';
import { decodeAudio, silenceBomb, speechWav, speechWebm } from '@rounds/test-kit/speech-audio';
import { type SttStandIn, startSttStandIn } from '@rounds/test-kit/stt-stand-in';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type TRouteInput, unchecked } from '../../../test/support/call-route';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { createFacility, createUser, login } from '../../../test/support/users';
import { AUTHORITY_SWEEP_MS } from '../../realtime/socket-authority';
import { wavBytes } from './audio-pipe';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A dictation client as the browser runs it: its own socket, every event it receives in order. */
type Dictation = {
  socket: Socket;
  events: Array<{ event: string; payload: unknown }>;
  texts: () => TSpeechText[];
  warning: () => TSpeechWarning | undefined;
  closed: Promise<void>;
};

function dictate(url: string, query: Record<string, string>): Dictation {
  const socket = connect(url, { path: SPEECH_SOCKET_PATH, query, transports: ['websocket'], reconnection: false });
  const events: Dictation['events'] = [];
  socket.onAny((event, payload) => events.push({ event, payload }));
  return {
    socket,
    events,
    texts: () => events.filter((e) => e.event === 'text').map((e) => e.payload as TSpeechText),
    warning: () => events.find((e) => e.event === 'error')?.payload as TSpeechWarning | undefined,
    closed: new Promise((resolve) => socket.once('disconnect', () => resolve())),
  };
}

const started = (d: Dictation) =>
  new Promise<unknown>((resolve, reject) => {
    d.socket.once('started', resolve);
    d.socket.once('connect_error', reject);
  });
const refused = (d: Dictation) =>
  new Promise<{ message: string; data?: { code: string; message: string } }>((resolve, reject) => {
    d.socket.once('started', () => reject(new Error('started')));
    d.socket.once('connect_error', (e) => resolve(e as never));
  });

/** The clip cut into `n` chunks, as MediaRecorder hands them over once a second. */
function chunks(clip: Buffer, n: number): Buffer[] {
  const size = Math.ceil(clip.length / n);
  return Array.from({ length: n }, (_, i) => clip.subarray(i * size, (i + 1) * size));
}

/** The process's peak resident memory while `run` runs, above what it was before (sampled every 20 ms). */
async function peakGrowth(run: () => Promise<void>): Promise<number> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    await run();
    // What the run left decoding or in flight gets a moment to show.
    await sleep(500);
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage.rss()) - before;
}

const MB = 1024 * 1024;

const secondsOf = (text: string) => Number(/([\d.,]+) sec/.exec(text)?.[1]?.replace(',', '.') ?? Number.NaN);

describe('speech to text socket', () => {
  let engine: SttStandIn;
  let t: TestApp;
  let url: string;
  let clip: Buffer;
  const open: Dictation[] = [];
  const start = (query: Record<string, string>) => {
    const d = dictate(url, query);
    open.push(d);
    return d;
  };
  const userWithToken = async (
    role: 'Regular' | 'FacilityAdmin' | 'Admin' = 'Regular',
    language = 'en',
    facilities: string[] = [],
  ) => {
    const u = await createUser(t.app, { role, language, facilities });
    return { id: u.id, token: (await login(t.app, u.email)).token };
  };

  beforeAll(async () => {
    engine = await startSttStandIn();
    t = await createTestApp({ STT_URL: engine.url, STT_API_KEY: 'stand-in-key', STT_PARTIAL_MS: '400' });
    url = await t.listen();
    clip = speechWebm('Patient in bed four needs a blood test this afternoon');
  });
  afterEach(() => {
    engine.mode = 'ok';
    for (const d of open.splice(0)) d.socket.disconnect();
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  it('relays audio streamed in one-second chunks to the engine whole and in order, text growing then final', async () => {
    const me = await userWithToken();
    const d = start({ token: me.token, uuid: 'tab-1', language: 'en' });
    expect(await started(d)).toEqual({ maxSeconds: 120, language: 'en' });
    engine.requests.length = 0;
    for (const chunk of chunks(clip, 4)) {
      expect(chunk.length).toBeGreaterThan(1000);
      d.socket.emit('send blob', chunk);
      await sleep(1000);
    }
    const partials = d.texts().filter((x) => !x.final);
    d.socket.emit('stop');
    await d.closed;

    const expected = decodeAudio(clip);
    const texts = d.texts();
    const final = texts.at(-1)!;
    expect(final.final).toBe(true);
    expect(final.text).toBe(`Heard ${expected.seconds.toFixed(2)} seconds ${expected.digest}`);
    // Text appeared while the user spoke, from windows that only grew, before the final one.
    expect(partials.length).toBeGreaterThanOrEqual(2);
    const heard = partials.map((p) => secondsOf(p.text));
    expect(heard).toEqual([...heard].sort((a, b) => a - b));
    expect(heard.at(-1)!).toBeLessThanOrEqual(expected.seconds);
    expect(texts.filter((x) => x.final)).toHaveLength(1);
    expect(d.warning()).toBeUndefined();
    // What the engine got: WAV converted from the webm, the model, the language and the key.
    const last = engine.requests.at(-1)!;
    expect(last).toMatchObject({
      model: 'whisper-1',
      language: 'en',
      mime: 'audio/wav',
      digest: expected.digest,
      authorization: 'Bearer stand-in-key',
    });
    expect(d.events[0]?.event).toBe('started');
    await expect.poll(() => t.app.speech.activeSessions()).toBe(0);
  });

  it('passes the language through (French)', async () => {
    const me = await userWithToken('Regular', 'fr');
    const d = start({ token: me.token, uuid: 'tab-fr', language: 'fr' });
    await started(d);
    for (const chunk of chunks(clip, 3)) d.socket.emit('send blob', chunk);
    d.socket.emit('stop');
    await d.closed;
    expect(d.texts().at(-1)).toEqual({
      text: `Entendu ${decodeAudio(clip).seconds.toFixed(2).replace('.', ',')} secondes ${decodeAudio(clip).digest}`,
      final: true,
    });
    expect(engine.requests.at(-1)?.language).toBe('fr');
  });

  it('refuses a handshake without a live session, with a bad language, or without the permission', async () => {
    expect((await refused(start({ uuid: 'x', language: 'en' }))).message).toBe('Unauthorized');
    expect((await refused(start({ token: 'garbage', uuid: 'x', language: 'en' }))).message).toBe('Unauthorized');
    const me = await userWithToken();
    const badLanguage = await refused(start({ token: me.token, uuid: 'x', language: 'de' }));
    expect(badLanguage.message).toMatch(/^language: /);
    expect(badLanguage.data?.code).toBe('VALIDATION_ERROR');

    await t.app.db
      .updateTable('users')
      .set({ permissions: JSON.stringify({ speechToText: false }) })
      .where('id', '=', me.id)
      .execute();
    const en = await refused(start({ token: me.token, uuid: 'x', language: 'en' }));
    expect(en.data).toEqual({ code: 'STT_NOT_ALLOWED', message: 'You are not allowed to use speech to text.' });
    const fr = await refused(start({ token: me.token, uuid: 'x', language: 'fr' }));
    expect(fr.data?.message).toBe('Vous n’êtes pas autorisé à utiliser la dictée vocale.');
  });

  it('cuts off a client that floods, and one that sends what is not audio', async () => {
    const me = await userWithToken();
    const flood = start({ token: me.token, uuid: 'f', language: 'en' });
    await started(flood);
    // Audio as the browser starts it (anything else is refused before any count), then far too much.
    for (let i = 0; i < 40; i++) flood.socket.emit('send blob', i === 0 ? chunks(clip, 4)[0] : Buffer.alloc(8_000, i));
    await flood.closed;
    expect(flood.warning()).toEqual({ code: 'STT_FLOOD', message: 'Too much audio was sent; dictation stopped.' });

    const text = start({ token: me.token, uuid: 'g', language: 'en' });
    await started(text);
    text.socket.emit('send blob', 'not audio');
    await text.closed;
    expect(text.warning()?.code).toBe('STT_BAD_CHUNK');

    const noise = start({ token: me.token, uuid: 'h', language: 'en' });
    await started(noise);
    noise.socket.emit('send blob', Buffer.alloc(4_000, 7));
    noise.socket.emit('stop');
    await noise.closed;
    expect(noise.warning()?.code).toBe('STT_BAD_CHUNK');

    // A message larger than any chunk is dropped by engine.io itself: the connection ends, the process lives on.
    const huge = start({ token: me.token, uuid: 'i', language: 'en' });
    await started(huge);
    huge.socket.emit('send blob', Buffer.alloc(2 * 1024 * 1024));
    await huge.closed;
    await expect.poll(() => t.app.speech.activeSessions()).toBe(0);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('refuses a decode bomb: two hours of silence in a FLAC of a few KB ends with a warning, memory flat', async () => {
    const flac = silenceBomb('flac', 7200);
    // 230 MB once decoded (32 KB a second), from one chunk within every byte limit.
    expect(flac.length).toBeLessThan(SPEECH_LIMITS.maxChunkBytes);
    const me = await userWithToken();
    const asked = engine.requests.length;
    const d = start({ token: me.token, uuid: 'flac', language: 'en' });
    await started(d);
    const growth = await peakGrowth(async () => {
      d.socket.emit('send blob', flac);
      await d.closed;
    });
    // Not webm or ogg opus: never decoded.
    expect(d.warning()).toEqual({ code: 'STT_BAD_CHUNK', message: 'The audio could not be read; dictation stopped.' });
    expect(growth).toBeLessThan(100 * MB);
    expect(engine.requests.length).toBe(asked);
    await expect.poll(() => t.app.speech.activeSessions()).toBe(0);
  });

  it('counts decoded seconds: webm/opus of minutes of silence in one chunk is cut off, memory flat', async () => {
    const bomb = silenceBomb('webm', 200);
    expect(bomb.length).toBeLessThan(SPEECH_LIMITS.maxChunkBytes);
    const me = await userWithToken('Regular', 'fr');
    const d = start({ token: me.token, uuid: 'opus-bomb', language: 'fr' });
    await started(d);
    const growth = await peakGrowth(async () => {
      d.socket.emit('send blob', bomb);
      await d.closed;
    });
    // The format the browser sends, but far more audio than the clock allows.
    expect(d.warning()).toEqual({
      code: 'STT_FLOOD',
      message: 'Trop de données audio envoyées ; la dictée est arrêtée.',
    });
    expect(growth).toBeLessThan(100 * MB);
    // Sent with 'stop' at once, it is decoded while the final text is prepared: held to the clock all the same.
    const stopped = start({ token: me.token, uuid: 'opus-bomb-stop', language: 'en' });
    await started(stopped);
    stopped.socket.emit('send blob', bomb);
    stopped.socket.emit('stop');
    await stopped.closed;
    expect(stopped.warning()?.code).toBe('STT_FLOOD');
    expect(stopped.texts()).toEqual([]);
    for (const r of engine.requests) expect(r.bytes).toBeLessThanOrEqual(wavBytes(120));
  });

  it('refuses what is not webm or ogg opus (a WAV), and ends audio that decodes to nothing within seconds', async () => {
    const me = await userWithToken();
    const wav = start({ token: me.token, uuid: 'wav', language: 'en' });
    await started(wav);
    wav.socket.emit('send blob', speechWav('one two three').subarray(0, 30_000));
    await wav.closed;
    expect(wav.warning()?.code).toBe('STT_BAD_CHUNK');

    const random = start({ token: me.token, uuid: 'random', language: 'en' });
    await started(random);
    random.socket.emit('send blob', randomBytes(4_000));
    await random.closed;
    expect(random.warning()?.code).toBe('STT_BAD_CHUNK');

    // A real webm header, then noise: ffmpeg waits for a cluster that never comes, saying nothing.
    const header = clip.subarray(0, clip.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75])));
    expect(header.length).toBeGreaterThan(100);
    const noise = start({ token: me.token, uuid: 'noise', language: 'en' });
    await started(noise);
    const sentAt = performance.now();
    noise.socket.emit('send blob', Buffer.concat([header, randomBytes(4_000)]));
    const more = setInterval(() => noise.socket.emit('send blob', randomBytes(4_000)), 1000);
    await noise.closed;
    clearInterval(more);
    expect(noise.warning()?.code).toBe('STT_BAD_CHUNK');
    expect(performance.now() - sentAt).toBeLessThan(SPEECH_LIMITS.decodeWithinMs + 3_000);
  });

  it('ends the dictation of a user deactivated meanwhile, with no further chunk (the authority sweep)', async () => {
    const me = await userWithToken();
    const d = start({ token: me.token, uuid: 'deactivated', language: 'en' });
    await started(d);
    d.socket.emit('send blob', chunks(clip, 4)[0]);
    // That audio's text came: no window is due until more audio comes, so only the sweep can end it.
    await new Promise((resolve) => d.socket.once('text', resolve));
    const stoppedAt = performance.now();
    await t.app.db.updateTable('users').set({ active: 0 }).where('id', '=', me.id).execute();
    await d.closed;
    expect(d.warning()?.code).toBe('STT_NOT_ALLOWED');
    expect(performance.now() - stoppedAt).toBeLessThan(2 * AUTHORITY_SWEEP_MS + 1_000);
    await expect.poll(() => t.app.speech.activeSessions()).toBe(0);
  });

  it('a dictation stopped before any audio ends with an empty final text, and the engine is not asked', async () => {
    const me = await userWithToken();
    const d = start({ token: me.token, uuid: 'silent', language: 'en' });
    await started(d);
    const asked = engine.requests.length;
    d.socket.emit('stop');
    await d.closed;
    expect(d.texts()).toEqual([{ text: '', final: true }]);
    expect(d.warning()).toBeUndefined();
    expect(engine.requests.length).toBe(asked);
  });

  it('ends a session when the socket drops, keeping nothing', async () => {
    const me = await userWithToken();
    const d = start({ token: me.token, uuid: 'drop', language: 'en' });
    await started(d);
    d.socket.emit('send blob', chunks(clip, 4)[0]);
    expect(t.app.speech.activeSessions()).toBe(1);
    d.socket.disconnect();
    await expect.poll(() => t.app.speech.activeSessions()).toBe(0);
  });

  it('ends an older dictation of the same user when another window starts one', async () => {
    const me = await userWithToken();
    const first = start({ token: me.token, uuid: 'w1', language: 'en' });
    await started(first);
    const second = start({ token: me.token, uuid: 'w2', language: 'en' });
    await started(second);
    await first.closed;
    expect(first.warning()?.code).toBe('STT_BUSY');
    expect(second.socket.connected).toBe(true);
  });

  it('warns and ends the session when the engine is down', async () => {
    const me = await userWithToken();
    engine.mode = 'down';
    const d = start({ token: me.token, uuid: 'down', language: 'en' });
    await started(d);
    d.socket.emit('send blob', chunks(clip, 2)[0]);
    await d.closed;
    expect(d.warning()).toEqual({ code: 'STT_ENGINE_ERROR', message: 'Speech recognition failed, please try again.' });
  });

  it('ends a dictation when an Admin removes the permission, and tells the user’s app', async () => {
    const me = await userWithToken();
    const main = connect(url, {
      path: '/server/socket.io',
      query: { token: me.token, uuid: 'main' },
      transports: ['websocket'],
      reconnection: false,
    });
    const changed = new Promise((resolve) => main.once('PermissionsChanged', resolve));
    await new Promise<void>((resolve) => main.once('connect', () => resolve()));
    const d = start({ token: me.token, uuid: 'live', language: 'en' });
    await started(d);
    d.socket.emit('send blob', chunks(clip, 4)[0]);

    const admin = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const res = await callRoute(t.app, userPermissionRoutes.set, {
      token: admin.token,
      body: { userId: me.id, permission: 'speechToText', value: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userId: me.id, permissions: { speechToText: false } });
    await d.closed;
    expect(d.warning()?.code).toBe('STT_NOT_ALLOWED');
    expect(await changed).toEqual({ permissions: { speechToText: false } });
    main.disconnect();
    const audit = await t.app.db
      .selectFrom('audit_logs')
      .select(['event', 'details'])
      .where('user_id', '=', me.id)
      .where('event', '=', 'permissions changed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details!)).toEqual({ by: admin.userId, permission: 'speechToText', value: false });
    // Back on: a new dictation may start.
    await callRoute(t.app, userPermissionRoutes.set, {
      token: admin.token,
      body: { userId: me.id, permission: 'speechToText', value: true },
    });
    await started(start({ token: me.token, uuid: 'again', language: 'en' }));
  });

  it('sets one permission for all users and ends every dictation it turns off', async () => {
    const a = await userWithToken();
    const b = await userWithToken();
    const da = start({ token: a.token, uuid: 'a', language: 'en' });
    const db = start({ token: b.token, uuid: 'b', language: 'en' });
    await Promise.all([started(da), started(db)]);
    const admin = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const res = await callRoute(t.app, userPermissionRoutes.setAll, {
      token: admin.token,
      body: { permission: 'speechToText', value: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.users).toBeGreaterThanOrEqual(3);
    await Promise.all([da.closed, db.closed]);
    expect([da.warning()?.code, db.warning()?.code]).toEqual(['STT_NOT_ALLOWED', 'STT_NOT_ALLOWED']);
    const rows = await t.app.db.selectFrom('users').select('permissions').where('deleted', '=', 0).execute();
    expect(rows.every((r) => JSON.parse(r.permissions).speechToText === false)).toBe(true);
    await callRoute(t.app, userPermissionRoutes.setAll, {
      token: admin.token,
      body: { permission: 'speechToText', value: true },
    });
  });

  it('lets only an Admin set delSms and speechToText; a FacilityAdmin sets voice, video and sms of non-Admins', async () => {
    // A FacilityAdmin manages the users of their own facilities (docs/decisions.md, FacilityAdmin scope).
    const ward = await createFacility(t.app, 'Speech Ward');
    const target = await userWithToken('Regular', 'en', [ward]);
    const fa = await userWithToken('FacilityAdmin', 'en', [ward]);
    const regular = await userWithToken();
    const post = <R extends TApiRoute>(token: string, route: R, body: TBodyIn<R>) =>
      callRoute(t.app, route, { body, token } as unknown as TRouteInput<R>);
    expect(
      (await post(regular.token, userPermissionRoutes.set, { userId: target.id, permission: 'sms', value: false }))
        .statusCode,
    ).toBe(403);
    const denied = await post(fa.token, userPermissionRoutes.set, {
      userId: target.id,
      permission: 'speechToText',
      value: false,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Only an Admin can change this permission.');
    expect((await post(fa.token, userPermissionRoutes.setAll, { permission: 'delSms', value: false })).statusCode).toBe(
      403,
    );
    const ok = await post(fa.token, userPermissionRoutes.set, { userId: target.id, permission: 'video', value: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.permissions).toEqual({ video: true });
    const admin = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(
      (await post(fa.token, userPermissionRoutes.set, { userId: admin.userId, permission: 'sms', value: false }))
        .statusCode,
    ).toBe(403);
    const missing = await post(fa.token, userPermissionRoutes.set, {
      userId: 'ffffffffffffffffffffffff',
      permission: 'sms',
      value: false,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await post(fa.token, userPermissionRoutes.set, {
      userId: target.id,
      permission: unchecked('fly'),
      value: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^permission/);
  });

  it('says whether dictation is available', async () => {
    const me = await userWithToken();
    const res = await callRoute(t.app, speechRoutes.status, { token: me.token });
    expect(res.json()).toEqual({ data: { available: true, maxSeconds: 120 } });
  });
});

describe('speech to text limits and configuration', () => {
  it('ends a dictation at the time limit with the final text and a warning; refuses past the ceiling', async () => {
    const engine = await startSttStandIn();
    const t = await createTestApp({
      STT_URL: engine.url,
      STT_MAX_SECONDS: '2',
      STT_PARTIAL_MS: '5000',
      STT_MAX_SESSIONS: '1',
    });
    try {
      const url = await t.listen();
      const u = await createUser(t.app);
      const other = await createUser(t.app);
      const [mine, theirs] = [(await login(t.app, u.email)).token, (await login(t.app, other.email)).token];
      const d = dictate(url, { token: mine, uuid: 'lim', language: 'en' });
      expect(await started(d)).toEqual({ maxSeconds: 2, language: 'en' });
      // The process's ceiling of dictations at once (1 here): another user waits for a free place.
      const full = dictate(url, { token: theirs, uuid: 'o', language: 'en' });
      expect((await refused(full)).data?.code).toBe('STT_FULL');
      const clip = speechWebm('one two three four five six seven eight nine ten');
      const parts = chunks(clip, 4);
      d.socket.emit('send blob', parts[0]);
      await sleep(900);
      d.socket.emit('send blob', parts[1]);
      await d.closed;
      const texts = d.texts();
      expect(texts.at(-1)?.final).toBe(true);
      expect(texts.at(-1)?.text).toMatch(/^Heard \d/);
      expect(d.warning()).toEqual({ code: 'STT_LIMIT', message: 'Dictation stops after 2 minutes.' });
      // The warning comes after the final text.
      expect(d.events.map((e) => e.event).slice(-2)).toEqual(['text', 'error']);
    } finally {
      await t.close();
      await engine.close();
    }
  });

  it('reads ogg/opus as it reads webm/opus; with STT_AUDIO_FORMAT=webm relays it as recorded, other containers refused', async () => {
    const engine = await startSttStandIn();
    const asWav = await createTestApp({ STT_URL: engine.url, STT_PARTIAL_MS: '5000' });
    const asRecorded = await createTestApp({ STT_URL: engine.url, STT_PARTIAL_MS: '5000', STT_AUDIO_FORMAT: 'webm' });
    try {
      const urls = new Map([
        [asWav, await asWav.listen()],
        [asRecorded, await asRecorded.listen()],
      ]);
      const dictateOnce = async (app: TestApp, audio: Buffer) => {
        const url = urls.get(app)!;
        const u = await createUser(app.app);
        const d = dictate(url, { token: (await login(app.app, u.email)).token, uuid: 'fmt', language: 'en' });
        await started(d);
        d.socket.emit('send blob', audio);
        d.socket.emit('stop');
        await d.closed;
        return d;
      };
      const ogg = speechWebm('blood test this afternoon', 'en', 'ogg');
      const heard = decodeAudio(ogg);
      const fromOgg = await dictateOnce(asWav, ogg);
      expect(fromOgg.warning()).toBeUndefined();
      expect(fromOgg.texts().at(-1)?.text).toBe(`Heard ${heard.seconds.toFixed(2)} seconds ${heard.digest}`);

      const webm = speechWebm('blood test this afternoon');
      const relayed = await dictateOnce(asRecorded, webm);
      expect(relayed.warning()).toBeUndefined();
      expect(engine.requests.at(-1)).toMatchObject({ mime: 'audio/webm', bytes: webm.length });
      const flac = await dictateOnce(asRecorded, silenceBomb('flac', 60));
      expect(flac.warning()?.code).toBe('STT_BAD_CHUNK');
    } finally {
      await asWav.close();
      await asRecorded.close();
      await engine.close();
    }
  });

  it('without STT_URL the button is off and the socket answers with the warning', async () => {
    const t = await createTestApp();
    try {
      const url = await t.listen();
      const u = await createUser(t.app);
      const { token } = await login(t.app, u.email);
      const status = await callRoute(t.app, speechRoutes.status, { token: token });
      expect(status.json().data.available).toBe(false);
      const d = dictate(url, { token, uuid: 'none', language: 'en' });
      const err = await refused(d);
      expect(err.data).toEqual({ code: 'STT_UNAVAILABLE', message: 'Speech to text is not available.' });
      // The main socket on the same HTTP server is unaffected by the second one.
      const main = connect(url, { path: '/server/socket.io', query: { token, uuid: 'm' }, transports: ['websocket'] });
      await new Promise<void>((resolve) => main.once('connect', () => resolve()));
      main.disconnect();
    } finally {
      await t.close();
    }
  });
});
