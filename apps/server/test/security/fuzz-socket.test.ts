import { randomUUID } from 'node:crypto';
import { CLIENT_EVENT_CONTRACTS, CLIENT_EVENTS } from '@rounds/contracts/events';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type ZodType, z } from 'zod';
import { assertAlive, type FuzzWorld, startFuzzWorld } from './fuzz-server';
import { bodyCases, FUZZ_SEED, type JsonSchema, junkValues, seeded } from './fuzz-values';

/**
 * The socket fuzz (issue 14, "Keep it closed"): payloads generated from the socket contracts, emitted with and
 * without acknowledgements, then raw malformed frames, against the real server process. Every ack has the
 * refusal shape, Mallory never gets ok for Alice's room nor any event of it, and the process lives.
 */
let world: FuzzWorld;
beforeAll(async () => {
  world = await startFuzzWorld();
}, 90_000);
afterAll(() => world?.stop());

/** The request contract of each client event, from the event map. */
const PAYLOADS = Object.fromEntries(
  Object.entries(CLIENT_EVENT_CONTRACTS).map(([event, c]) => [event, c.request as ZodType]),
) as Record<keyof typeof CLIENT_EVENTS, ZodType>;

const schemaOf = (t: ZodType): JsonSchema => {
  const s = z.toJSONSchema(t, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  // An optional payload (Ping) is the object inside.
  return s.anyOf?.find((a) => a.type === 'object') ?? s;
};

type Ack = { ok?: unknown; message?: unknown; code?: unknown; at?: unknown };
type Finding = { n: number; event: string; payload: string; problem: string };

const show = (v: unknown) => {
  try {
    return (JSON.stringify(v) ?? String(v)).slice(0, 160);
  } catch {
    return String(v);
  }
};
const report = (title: string, found: Finding[]) =>
  `${title}: ${found.length} (replay with FUZZ_SEED=${FUZZ_SEED})\n${found
    .slice(0, 30)
    .map((f) => `#${f.n} ${f.event} ${f.payload}\n    → ${f.problem}`)
    .join('\n')}`;

/** Today's refusals ({ ok: false, message }) and the uniform one ({ ok: false, message, code }) both pass. */
function ackProblem(event: string, ack: Ack): string | null {
  // Ping answers with a pong; a refusal (a rate limit, say) has the shape below like any other.
  if (event === 'Ping' && typeof ack?.at === 'number') return null;
  if (event !== 'Ping' && ack?.ok === true) return null;
  if (
    ack?.ok === false &&
    typeof ack.message === 'string' &&
    (ack.code === undefined || typeof ack.code === 'string')
  ) {
    return null;
  }
  return `ack of the wrong shape: ${show(ack)}`;
}

const connectAs = (token: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = io(world.base, {
      path: '/server/socket.io',
      query: { token, uuid: randomUUID() },
      transports: ['websocket'],
      reconnection: false,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });

describe(`socket fuzz from the contracts (FUZZ_SEED=${FUZZ_SEED})`, () => {
  const received: { event: string; payload: unknown }[] = [];
  let socket: Socket;
  let reconnects = 0;
  /** Mallory's socket; opened again if the server closed it (an over-large frame closes it, by design). */
  const mallory = async () => {
    if (socket?.connected) return socket;
    if (socket) reconnects += 1;
    socket = await connectAs(world.tokens.mallory);
    socket.onAny((event, payload) => received.push({ event, payload }));
    return socket;
  };

  it('answers every generated payload with an ack of the contract shape, never ok for Alice’s room', async () => {
    const rng = seeded(FUZZ_SEED + 10);
    const ids = world.ids;
    const ctx = {
      rng,
      idFor: (field: string) =>
        /tw|room/i.test(field)
          ? rng.pick([ids.room, ids.room, ids.ownRoom])
          : rng.pick([ids.message, ids.alice, ids.ownMessage]),
      keyFor: () => rng.pick([ids.file, ids.upload, 'f'.repeat(32)]),
    };
    const junk = junkValues([ids.room, ids.ownRoom]);
    const findings: Finding[] = [];
    let n = 0;
    let sent = 0;
    // Bob is a member of Alice's room: his emits reach past the membership checks into the writer.
    const bob = await connectAs(world.tokens.bob);
    for (const [event, contract] of Object.entries(PAYLOADS)) {
      const cases = bodyCases(schemaOf(contract), ctx, junk, 150);
      for (const [i, payload] of cases.entries()) {
        n += 1;
        const asBob = i % 3 === 2;
        const s = asBob && bob.connected ? bob : await mallory();
        const ack = (await s
          .timeout(5_000)
          .emitWithAck(event, payload)
          .catch((e: Error) => ({ timeout: e.message }))) as Ack & { timeout?: string };
        sent += 1;
        if ('timeout' in ack) {
          // A frame over the size limit closes the socket instead of answering: allowed, the socket comes back.
          if (s.connected) findings.push({ n, event, payload: show(payload), problem: `no ack (${ack.timeout})` });
          continue;
        }
        const problem = ackProblem(event, ack);
        if (problem) findings.push({ n, event, payload: show(payload), problem });
        const twId = (payload as { twId?: unknown } | null)?.twId;
        if (s !== bob && twId === ids.room && ack.ok === true) {
          findings.push({ n, event, payload: show(payload), problem: 'ok for a room Mallory is not in' });
        }
      }
    }
    bob.disconnect();
    expect(sent).toBeGreaterThan(700);
    expect(findings.length, report('socket payload fuzz', findings)).toBe(0);
  }, 90_000);

  it('survives emits without an ack, with a non-function ack, extra arguments, unknown and hostile event names', async () => {
    const rng = seeded(FUZZ_SEED + 11);
    const junk = junkValues([world.ids.room]);
    const names = [
      ...Object.keys(CLIENT_EVENTS),
      'NoSuchEvent',
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'toString',
      'Pong',
      'NewMessage',
      'ForcedLogout',
      'a'.repeat(10_000),
      '',
    ];
    for (let i = 0; i < 400; i += 1) {
      const s = await mallory();
      const name = rng.pick(names);
      const payload = rng.pick(junk);
      const shape = rng.int(4);
      if (shape === 0) s.emit(name, payload);
      else if (shape === 1) s.emit(name, payload, 'not-a-function', 42);
      else if (shape === 2) s.emit(name);
      else s.emit(name, payload, { ack: true }, [1, 2, 3], null);
      if (i % 50 === 0) await new Promise((r) => setTimeout(r, 20));
    }
    // Binary payloads too: a Buffer where an object is expected.
    (await mallory()).emit('SendMessage', Buffer.alloc(1024, 1));
    (await mallory()).emit('SendMessage', { twId: world.ids.ownRoom, body: Buffer.alloc(64), clientId: randomUUID() });
    // Over the 1 MB frame limit: the server drops this connection, and nothing else.
    (await mallory()).emit('SendMessage', {
      clientId: randomUUID(),
      twId: world.ids.ownRoom,
      body: 'x'.repeat(1_100_000),
    });
    await new Promise((r) => setTimeout(r, 300));
    const s = await mallory();
    expect(ackProblem('Ping', await s.timeout(5_000).emitWithAck('Ping', {}))).toBeNull();
    expect(await assertAlive(world)).toBeNull();
  }, 60_000);

  it('survives raw malformed frames on the wire', async () => {
    const url = (token: string) =>
      `${world.base.replace('http', 'ws')}/server/socket.io/?EIO=4&transport=websocket&token=${encodeURIComponent(token)}&uuid=${randomUUID()}`;
    const deepArray = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const frames: (string | Buffer)[] = [
      '',
      ' ',
      'x',
      '4',
      '9',
      '6',
      '5',
      '2',
      '2probe',
      '3',
      '1',
      '40',
      '40/admin,',
      '40/nothing,{"token":"x"}',
      '41',
      '42',
      '42[',
      '42[]',
      '42[1]',
      '42[null]',
      '42{}',
      '42"Ping"',
      '42[{"toString":1}]',
      '42["Ping"',
      '42["Ping",{}]',
      '42-1["Ping"]',
      '421e999["Ping"]',
      '4299999999999999999999999["Ping"]',
      '42/nothing,["Ping"]',
      '43999["x"]',
      '43[]',
      '44{"message":"x"}',
      '45',
      '451-["SendMessage",{"_placeholder":true,"num":0}]',
      '451-["SendMessage",{"_placeholder":true,"num":5}]',
      '452-["SendMessage",{"_placeholder":true,"num":"__proto__"}]',
      '46',
      '47',
      `42["SendMessage",${deepArray}]`,
      '42["SendMessage",{"__proto__":{"ok":true},"constructor":{"prototype":{"role":"Admin"}}}]',
      `42["SendMessage",{"clientId":"${'c'.repeat(10)}","twId":"${world.ids.room}","body":"from the wire"}]`,
      '42["connect"]',
      '42["disconnect"]',
      '42["disconnecting","x"]',
      '42["newListener","SendMessage"]',
      '42["removeListener","SendMessage"]',
      `4${'2'.repeat(5000)}`,
      Buffer.from([0xff, 0xfe, 0x00, 0x01]),
      Buffer.alloc(2048, 0xaa),
      `42["SendMessage","${'x'.repeat(1_100_000)}"]`,
    ];
    const outcomes: string[] = [];
    for (const [i, frame] of frames.entries()) {
      // Each frame on its own connection: some of them rightly end it.
      const ws = new WebSocket(url(world.tokens.mallory));
      const messages: string[] = [];
      ws.on('message', (d) => messages.push(d.toString()));
      const closed = new Promise<void>((r) => ws.once('close', () => r()));
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      ws.send('40');
      const deadline = Date.now() + 3_000;
      while (!messages.some((m) => m.startsWith('40')) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      expect(
        messages.some((m) => m.startsWith('40{')),
        `#${i} namespace connect: ${messages.join(' | ')}`,
      ).toBe(true);
      ws.send(frame);
      // If the connection is still up, it still works: a Ping with an ack gets its pong.
      await new Promise((r) => setTimeout(r, 30));
      if (ws.readyState === WebSocket.OPEN) ws.send('421234["Ping",{}]');
      const until = Date.now() + 1_500;
      while (ws.readyState === WebSocket.OPEN && !messages.some((m) => m.startsWith('431234')) && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 10));
      }
      outcomes.push(`#${i} ${ws.readyState === WebSocket.OPEN ? 'answered' : 'closed'}`);
      ws.terminate();
      await closed;
      // Anything the server said about another room would be a leak.
      expect(messages.join('\n')).not.toContain(world.secrets[0]);
    }
    expect(outcomes).toHaveLength(frames.length);
    expect(await assertAlive(world)).toBeNull();
  }, 90_000);

  it('a NUL in one SendMessage never fails the sends written with it (PostgreSQL refuses U+0000)', async () => {
    // Carol has sent nothing yet: no per-user limit can decide her sends.
    const [m, carol] = await Promise.all([mallory(), connectAs(world.tokens.carol)]);
    const innocent = () =>
      carol
        .timeout(5_000)
        .emitWithAck('SendMessage', { clientId: randomUUID(), twId: world.ids.ownRoom, body: 'Rounds at 9' });
    const poisoned = [
      { clientId: `nul\u0000${randomUUID().slice(0, 8)}`, twId: world.ids.ownRoom, body: 'x' },
      { clientId: randomUUID(), twId: world.ids.ownRoom, body: 'a\u0000b' },
    ];
    // Sent together, so the group commit writes them in one transaction.
    const acks = (await Promise.all([
      ...poisoned.map((p) => m.timeout(5_000).emitWithAck('SendMessage', p)),
      innocent(),
      innocent(),
    ])) as Ack[];
    for (const ack of acks.slice(0, 2)) expect(ackProblem('SendMessage', ack), show(ack)).toBeNull();
    expect(acks.slice(2).map((a) => a.ok)).toEqual([true, true]);
    carol.disconnect();
  });

  it('never delivered anything of Alice’s room to Mallory, and leaves the server running for everyone', async () => {
    const leaks = received.filter(
      (r) =>
        show(r.payload).includes(world.ids.room) && (r.payload as { twId?: string } | null)?.twId === world.ids.room,
    );
    expect(leaks.map((l) => `${l.event} ${show(l.payload)}`)).toEqual([]);
    expect(received.filter((r) => JSON.stringify(r.payload ?? null).includes(world.secrets[0]!))).toEqual([]);

    expect(await assertAlive(world)).toBeNull();
    const carol = await connectAs(world.tokens.carol);
    const ack = (await carol.timeout(5_000).emitWithAck('SendMessage', {
      clientId: randomUUID(),
      twId: world.ids.ownRoom,
      body: 'Still here after the fuzz',
    })) as { ok: boolean };
    expect(ack.ok).toBe(true);
    carol.disconnect();
    socket?.disconnect();
    // Reconnects only follow frames over the size limit, which close the connection by design.
    expect(reconnects).toBeLessThan(20);
  });
});
