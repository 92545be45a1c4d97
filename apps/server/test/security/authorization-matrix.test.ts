import { randomUUID } from 'node:crypto';
import { CLIENT_EVENTS } from '@rounds/contracts/events';
import { SignJWT } from 'jose';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, emitAck, type Member, openSocket, settle } from '../support/chat';
import { multipart } from '../support/multipart';
import { createTestApp, type TestApp } from '../support/test-app';
import { createFixture, type Fixture, missingId } from './fixture';
import { openApiDocument, openApiRoutes } from './openapi-routes';
import { HIDDEN_ROUTES, type Req, ROUTES, SOCKET_EVENTS } from './route-table';

/**
 * The authorization matrix (issue 14, "Keep it closed"): every route of the OpenAPI document and every client
 * socket event, called as anonymous, as a Regular outsider, as the owner or member, and as Admin and
 * FacilityAdmin, against seeded rooms, messages, files, filters and logs.
 */
let t: TestApp;
let fx: Fixture;
let documented: string[];
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', LOGIN_RATE_LIMIT: '100000' });
  await t.listen();
  fx = await createFixture(t);
  documented = openApiRoutes(t.app);
}, 60_000);
afterAll(() => t.close());

type Reply = { status: number; body: Record<string, unknown> | null; raw: string };

const call = async (route: string, req: Req, token?: string): Promise<Reply> => {
  const [method, template] = route.split(' ') as [string, string];
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(req.params?.[name] ?? ''));
  const query = req.query ? `?${new URLSearchParams(req.query)}` : '';
  const form = req.multipart ? multipart(req.multipart) : undefined;
  const res = await t.app.inject({
    method: method as 'GET',
    url: `${path}${query}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(form?.headers ?? {}) },
    ...(form
      ? { payload: form.payload }
      : req.body === undefined
        ? {}
        : { payload: req.body as Record<string, unknown> }),
    // Each call from its own address: the per-IP limits of the sign-in routes never decide a case here.
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
  let body: Record<string, unknown> | null = null;
  try {
    body = res.json();
  } catch {
    body = null;
  }
  return { status: res.statusCode, body, raw: res.body.slice(0, 300) };
};

const errorShape = (r: Reply) => ({ message: typeof r.body?.message, code: typeof r.body?.code });
const entries = Object.entries(ROUTES);
const ofKind = (kind: string) => entries.filter(([, e]) => e.access.kind === kind);

describe('the route table', () => {
  it('classifies every route of the OpenAPI document, and only those', () => {
    const unclassified = documented.filter((r) => !(r in ROUTES));
    const stale = Object.keys(ROUTES).filter((r) => !documented.includes(r));
    expect(unclassified, 'routes without an entry in security/route-table.ts').toEqual([]);
    expect(stale, 'entries for routes that no longer exist').toEqual([]);
  });

  it('gives a reason for every public route', () => {
    for (const [route, e] of ofKind('public')) {
      if (e.access.kind === 'public') expect(e.access.reason.length, route).toBeGreaterThan(20);
    }
  });

  it('classifies every route that names a room, message, file or log as an object route', () => {
    // A new route taking one of these, filed as signedIn, would skip the cross-user checks below.
    const OBJECT_FIELDS = new Set(['twId', 'messageId', 'key', 'logId']);
    const IGNORED: Record<string, string> = {
      'POST /api/v1/chat-room':
        "twId is accepted for the spec's client and ignored: the server names rooms (tested below)",
      'GET /api/v1/compliance/break-glass/rooms/{roomId}/file':
        "an Admin's route: the file is served only within a room of the Admin's live break-glass grant (tested below)",
    };
    const doc = openApiDocument(t.app);
    const wrong = documented.filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      const op = doc.paths[path]![method.toLowerCase()]!;
      const body = op.requestBody?.content?.['application/json']?.schema as { properties?: object } | undefined;
      const names = [...(op.parameters ?? []).map((p) => p.name), ...Object.keys(body?.properties ?? {})];
      return names.some((n) => OBJECT_FIELDS.has(n)) && ROUTES[route]?.access.kind !== 'object' && !IGNORED[route];
    });
    expect(wrong).toEqual([]);
  });

  it('classifies every client socket event', () => {
    expect(Object.keys(SOCKET_EVENTS).sort()).toEqual(Object.keys(CLIENT_EVENTS).sort());
  });
});

describe('anonymous callers', () => {
  it('get 401 { message, code } from every route that is not public', async () => {
    const wrong: string[] = [];
    for (const [route, e] of entries) {
      // SCIM answers in its own error body (below).
      if (e.access.kind === 'public' || e.access.kind === 'scim') continue;
      const r = await call(route, await e.request(fx, fx.alice));
      if (r.status !== 401 || r.body?.code !== 'UNAUTHORIZED' || typeof r.body?.message !== 'string') {
        wrong.push(`${route} → ${r.status} ${r.raw}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('get the same 401 with a forged, expired, malformed or foreign token', async () => {
    const secret = new TextEncoder().encode(t.config.JWT_SECRET);
    const foreign = new TextEncoder().encode('x'.repeat(48));
    const now = Math.floor(Date.now() / 1000);
    const [header, claims] = fx.alice.token.split('.') as [string, string];
    /** A token of Alice's for ten minutes, naming a session that does not exist, signed with `key`. */
    const signedWith = (key: Uint8Array) =>
      new SignJWT({ sid: missingId() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(fx.alice.id)
        .setIssuedAt()
        .setExpirationTime(now + 600)
        .sign(key);
    const forged = {
      foreignKey: await signedWith(foreign),
      // Signed with the real key but naming a session that does not exist.
      noSession: await signedWith(secret),
      algNone: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${claims}.`,
      tamperedClaims: `${header}.${Buffer.from(JSON.stringify({ sub: fx.mallory.id, sid: missingId() })).toString('base64url')}.${fx.alice.token.split('.')[2]}`,
      garbage: 'not-a-token',
    };
    for (const [name, token] of Object.entries(forged)) {
      const r = await call('GET /api/v1/setting/me', {}, token);
      expect(r.status, name).toBe(401);
      expect(r.body?.code, name).toBe('UNAUTHORIZED');
    }
  });

  it('reach public routes without a 5xx, each with the status its table entry names', async () => {
    const wrong: string[] = [];
    for (const [route, e] of ofKind('public')) {
      const r = await call(route, await e.request(fx, fx.alice));
      if (r.status !== (e.ok ?? 200)) wrong.push(`${route} → ${r.status} ${r.raw}`);
      if (r.status >= 400) expect(errorShape(r), route).toEqual({ message: 'string', code: 'string' });
    }
    expect(wrong).toEqual([]);
  });

  it('reach the hidden public routes (probes, logos, avatars) as listed', async () => {
    for (const [route, h] of Object.entries(HIDDEN_ROUTES)) {
      const res = await t.app.inject({ method: 'GET', url: h.url });
      expect(res.statusCode, route).toBe(h.anonymous);
    }
  });
});

describe('SCIM', () => {
  const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

  it("refuses anonymous callers and every user's session, an Admin's too, with SCIM's 401; a SCIM token gets in", async () => {
    const wrong: string[] = [];
    const scimRoutes = ofKind('scim');
    // Every /scim/v2 route is the directory's, never a user's (no public, signedIn or roles entry there).
    expect(scimRoutes.map(([route]) => route)).toEqual(
      entries.filter(([route]) => route.includes(' /scim/v2/')).map(([route]) => route),
    );
    expect(scimRoutes.length).toBeGreaterThan(0);
    for (const [route, e] of scimRoutes) {
      for (const [name, who] of [
        ['anonymous', undefined],
        ['Regular', fx.mallory],
        ['Admin', fx.admin],
        ['FacilityAdmin', fx.facilityAdmin],
      ] as const) {
        const r = await call(route, await e.request(fx, fx.alice), who?.token);
        const scimBody = JSON.stringify(r.body?.schemas) === JSON.stringify([SCIM_ERROR]) && r.body?.status === '401';
        if (r.status !== 401 || !scimBody || typeof r.body?.detail !== 'string') {
          wrong.push(`${route} as ${name} → ${r.status} ${r.raw}`);
        }
      }
      const ok = await call(route, await e.request(fx, fx.alice), fx.scimToken);
      if (ok.status !== (e.ok ?? 200)) wrong.push(`${route} with the SCIM token → ${ok.status} ${ok.raw}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});

describe('roles', () => {
  it('Regular users get 403 { message, code } from admin routes; the roles named get through', async () => {
    const wrong: string[] = [];
    for (const [route, e] of ofKind('roles')) {
      if (e.access.kind !== 'roles') continue;
      const callers: [string, Member, boolean][] = [
        ['Regular', fx.mallory, false],
        ['FacilityAdmin', fx.facilityAdmin, e.access.roles.includes('FacilityAdmin')],
        ['Admin', fx.admin, e.access.roles.includes('Admin')],
      ];
      for (const [role, who, allowed] of callers) {
        const r = await call(route, await e.request(fx, who), who.token);
        const expected = allowed ? (e.ok ?? 200) : 403;
        if (r.status !== expected) wrong.push(`${route} as ${role} → ${r.status} ${r.raw}`);
        if (!allowed && r.body?.code !== 'FORBIDDEN') wrong.push(`${route} as ${role}: code ${String(r.body?.code)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 90_000);

  it('lets every signed-in role call the routes for any signed-in user', async () => {
    const wrong: string[] = [];
    for (const [route, e] of ofKind('signedIn')) {
      // Each call as a fresh user: some change the caller's own account (password, logout).
      const who = await fx.fresh();
      const r = await call(route, await e.request(fx, who), who.token);
      if (r.status !== (e.ok ?? 200)) wrong.push(`${route} → ${r.status} ${r.raw}`);
    }
    for (const who of [fx.admin, fx.facilityAdmin]) {
      const r = await call('GET /api/v1/setting/me', {}, who.token);
      expect(r.status).toBe(200);
    }
    expect(wrong).toEqual([]);
  }, 90_000);
});

describe("other people's rooms, messages, files, filters and logs", () => {
  // One test per route, so a finding names its route.
  for (const [route, e] of ofKind('object')) {
    it(`${route}: an outsider, an Admin and a FacilityAdmin get the missing-object reply; the ${e.access.kind === 'object' ? e.access.actor : ''} gets through`, async () => {
      if (e.access.kind !== 'object' || !e.missing) throw new Error(`${route}: an object route needs missing()`);
      const wrong: string[] = [];
      const actor = e.access.actor === 'owner' ? fx.alice : fx.bob;
      const missing = await call(route, await e.missing(fx), actor.token);
      if (missing.status !== 404) wrong.push(`missing object → ${missing.status} ${missing.raw}`);
      for (const [name, who] of [
        ['Regular outsider', fx.mallory],
        ['Admin', fx.admin],
        ['FacilityAdmin', fx.facilityAdmin],
      ] as const) {
        const r = await call(route, await e.request(fx, who), who.token);
        const same =
          r.status === missing.status &&
          r.body?.code === missing.body?.code &&
          r.body?.message === missing.body?.message;
        if (!same) wrong.push(`as ${name} → ${r.status} ${r.raw}; missing → ${missing.status} ${missing.raw}`);
      }
      if (e.access.actor === 'owner') {
        // A member who is not the owner (or sender, or uploader) is refused, never served.
        const r = await call(route, await e.request(fx, fx.bob), fx.bob.token);
        if (r.status !== 403 && r.status !== 404) wrong.push(`as a member, not the owner → ${r.status} ${r.raw}`);
      }
      const ok = await call(route, await e.request(fx, actor), actor.token);
      if (ok.status !== (e.ok ?? 200)) wrong.push(`as ${e.access.actor} → ${ok.status} ${ok.raw}`);
      expect(wrong).toEqual([]);
    });
  }

  it("never lists another's rooms, nor finds them by name or participants", async () => {
    const twId = await fx.group();
    const details = (await call('GET /api/v1/chat-room/details', { query: { id: twId } }, fx.alice.token)).body as {
      data: { chatRoom: { name: string } };
    };
    const name = details.data.chatRoom.name;
    for (const who of [fx.mallory, fx.admin, fx.carol]) {
      const list = await call('GET /api/v1/chat-room', {}, who.token);
      expect(JSON.stringify(list.body)).not.toContain(twId);
      const search = await call('POST /api/v1/chat-room/search-groups', { body: { keyword: name } }, who.token);
      expect(search.body).toEqual({ data: { chatRooms: [] } });
      const byPeople = await call(
        'POST /api/v1/chat-room/chat-rooms-by-participants',
        { body: { participants: [fx.alice.id, fx.bob.id] } },
        who.token,
      );
      expect(JSON.stringify(byPeople.body)).not.toContain(twId);
    }
  });

  it("never takes over another's room by naming its twId when creating one", async () => {
    const twId = await fx.group();
    const r = await call(
      'POST /api/v1/chat-room',
      { body: { twId, type: 'group', name: `T ${randomUUID().slice(0, 10)}`, participants: [fx.carol.id] } },
      fx.mallory.token,
    );
    expect(r.status).toBe(200);
    expect((r.body as { data: { chatRoom: { id: string } } }).data.chatRoom.id).not.toBe(twId);
    const details = await call('GET /api/v1/chat-room/details', { query: { id: twId } }, fx.alice.token);
    expect(JSON.stringify(details.body)).not.toContain(fx.mallory.id);
  });

  it("never reaches another's message through a room of one's own", async () => {
    // Mallory names her own room with Alice's message id: the message is looked up in that room only.
    const mine = (
      await call(
        'POST /api/v1/chat-room',
        { body: { type: 'group', name: `M ${randomUUID().slice(0, 10)}`, participants: [fx.carol.id] } },
        fx.mallory.token,
      )
    ).body as { data: { chatRoom: { id: string } } };
    const own = mine.data.chatRoom.id;
    const theirs = await fx.message(await fx.group());
    for (const [route, req] of [
      ['DELETE /api/v1/chat-room/remove-message', { body: { twId: own, messageId: theirs.id } }],
      ['GET /api/v1/chat-room/seen-by', { query: { twId: own, messageId: theirs.id } }],
      ['GET /api/v1/chat-room/acknowledgement-grid', { query: { twId: own, messageId: theirs.id } }],
      ['POST /api/v1/chat-room/message-important', { body: { twId: own, messageId: theirs.id } }],
      ['GET /api/v1/search/message-context', { query: { twId: own, messageId: theirs.id } }],
    ] as const) {
      const r = await call(route, req, fx.mallory.token);
      const missing = await call(
        route,
        'body' in req
          ? { body: { ...req.body, messageId: missingId() } }
          : { query: { ...req.query, messageId: missingId() } },
        fx.mallory.token,
      );
      expect(r.status, route).toBe(404);
      expect(r.body, route).toEqual(missing.body);
    }
    const seen = await call('POST /api/v1/chat-room/messages', { body: { twId: own } }, fx.mallory.token);
    expect(JSON.stringify(seen.body)).not.toContain(theirs.id);
  });

  it('never finds the words of a room one is not a member of', async () => {
    // fixture messages read "Bed xxxx needs a review": a member finds Alice's, an outsider or an Admin none.
    const theirs = await fx.message(await fx.group());
    const q = { query: { q: 'needs review' } };
    expect(JSON.stringify((await call('GET /api/v1/search/messages', q, fx.bob.token)).body)).toContain(theirs.id);
    for (const who of [fx.mallory, fx.admin]) {
      const r = await call('GET /api/v1/search/messages', q, who.token);
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain(theirs.id);
    }
  });

  it('break-glass: an Admin without a grant, or whose grant ended or expired, gets 403 from every read', async () => {
    const reads = (roomId: string, key: string) =>
      [
        ['GET /api/v1/compliance/break-glass/rooms/{roomId}', { params: { roomId } }],
        ['GET /api/v1/compliance/break-glass/rooms/{roomId}/messages', { params: { roomId } }],
        ['GET /api/v1/compliance/break-glass/rooms/{roomId}/members', { params: { roomId } }],
        ['GET /api/v1/compliance/break-glass/rooms/{roomId}/file', { params: { roomId }, query: { key } }],
        ['POST /api/v1/compliance/break-glass/rooms/{roomId}/end', { params: { roomId } }],
      ] as const;
    const expectRefused = async (roomId: string, key: string, why: string) => {
      for (const [route, req] of reads(roomId, key)) {
        const r = await call(route, req, fx.admin.token);
        expect([r.status, r.body?.code], `${route} ${why}`).toEqual([403, 'BREAK_GLASS_REQUIRED']);
      }
    };
    const room = await fx.group();
    const key = await fx.sentFile(room);
    await expectRefused(room, key, 'without a grant');
    // Another Admin's grant opens nothing for this one.
    await fx.breakGlass(
      {
        ...fx.admin,
        id: (
          await t.app.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', 'admin@test.rounds')
            .executeTakeFirstOrThrow()
        ).id,
      },
      room,
    );
    await expectRefused(room, key, "with another Admin's grant");
    await fx.breakGlass(fx.admin, room);
    expect((await call(reads(room, key)[1][0], reads(room, key)[1][1], fx.admin.token)).status).toBe(200);
    await t.app.db
      .updateTable('break_glass_grants')
      .set({ expires_at: Date.now() - 1 })
      .where('admin_id', '=', fx.admin.id)
      .where('room_id', '=', room)
      .execute();
    await expectRefused(room, key, 'once expired');
    // Nor through chat's own reads, and a Regular's grant (none can be opened by the route) opens nothing.
    const chat = await call('POST /api/v1/chat-room/messages', { body: { twId: room } }, fx.admin.token);
    expect(chat.status).toBe(404);
    await fx.breakGlass(fx.mallory, room);
    expect((await call('POST /api/v1/chat-room/messages', { body: { twId: room } }, fx.mallory.token)).status).toBe(
      404,
    );
  });

  it("never reads another user's saved filters", async () => {
    const id = await fx.filter();
    const r = await call('GET /api/v1/filter', {}, fx.mallory.token);
    expect(JSON.stringify(r.body)).not.toContain(id);
  });
});

describe('socket events', () => {
  const ackShape = (ack: unknown) => {
    // Today's refusals and the uniform one being introduced: { ok: false, message, code? }.
    const a = ack as { ok?: unknown; message?: unknown; code?: unknown };
    return (
      a.ok === true ||
      (a.ok === false && typeof a.message === 'string' && (a.code === undefined || typeof a.code === 'string'))
    );
  };

  it('refuses a handshake without a valid session', async () => {
    for (const query of [
      {},
      { uuid: randomUUID() },
      { token: 'garbage', uuid: randomUUID() },
      { token: fx.alice.token },
    ]) {
      const socket = connect(t.url(), {
        path: '/server/socket.io',
        query,
        transports: ['websocket'],
        reconnection: false,
      });
      const error = await new Promise<Error>((resolve, reject) => {
        socket.once('connect', () => reject(new Error(`connected with ${JSON.stringify(query)}`)));
        socket.once('connect_error', resolve);
      });
      socket.disconnect();
      expect(error.message).toBe('Unauthorized');
    }
  });

  it('answers an outsider, an Admin and a FacilityAdmin exactly as a missing room; a member gets ok', async () => {
    const [outsider, admin, facilityAdmin, bob] = await Promise.all([
      openSocket(t, fx.mallory),
      openSocket(t, fx.admin),
      openSocket(t, fx.facilityAdmin),
      // Bob's tab is the one his calls are accepted on (call signalling goes tab to tab).
      openSocket(t, fx.bob, fx.tabs.bob),
    ]);
    for (const [event, e] of Object.entries(SOCKET_EVENTS)) {
      if (e.access === 'signedIn') {
        const callers = [fx.mallory, fx.admin, fx.facilityAdmin, fx.bob];
        for (const [i, s] of [outsider, admin, facilityAdmin, bob].entries()) {
          const ack = await emitAck(s, event, await e.payload(fx, callers[i]!));
          expect(ack, event).toEqual(e.ok ?? { ok: true });
        }
        continue;
      }
      const missing = await emitAck<{ ok: boolean; code?: string; message?: string }>(bob, event, e.missing());
      expect(missing.ok, event).toBe(false);
      expect(ackShape(missing), event).toBe(true);
      for (const s of [outsider, admin, facilityAdmin]) {
        const ack = await emitAck(s, event, await e.payload(fx));
        expect(ack, event).toEqual(missing);
      }
      const ok = await emitAck<{ ok: boolean }>(bob, event, await e.payload(fx));
      if (e.access === 'media') expect(ok, event).toEqual(e.ok);
      else expect(ok.ok, `${event} ${JSON.stringify(ok)}`).toBe(true);
    }
  });

  it("never delivers another room's messages or typing to an outsider", async () => {
    const [outsider, bob] = await Promise.all([openSocket(t, fx.mallory), openSocket(t, fx.bob)]);
    const leaked = [collect(outsider, 'NewMessage'), collect(outsider, 'Typing')];
    const arrived = collect(bob, 'NewMessage');
    const twId = await fx.group();
    const alice = await openSocket(t, fx.alice);
    expect((await emitAck<{ ok: boolean }>(alice, 'Typing', { twId })).ok).toBe(true);
    const m = await fx.message(twId);
    await arrived.next((p) => (p as { id?: string }).id === m.id);
    await settle();
    expect(leaked.flatMap((l) => l.seen).filter((p) => JSON.stringify(p).includes(twId))).toEqual([]);
  });
});
