import { randomUUID } from 'node:crypto';
import type { TApiRoute, TBodyIn } from '@rounds/contracts/api-route';
import { chatRoomRoutes, ZMessage, ZMessagesReply, ZSendMessageAck } from '@rounds/contracts/chat';
import { API_PREFIX } from '@rounds/contracts/limits';
import { signInOverApi } from '@rounds/test-kit/mfa';
import {
  freePort,
  processStore,
  type ServerProcess,
  startServerProcess,
  untilServing,
} from '@rounds/test-kit/server-process';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '../../ops/seed-demo';

/**
 * The delivery model under the worst failure: clients keep sending while the server process is killed with
 * SIGKILL and restarted, three times. Afterwards every acknowledged message is stored exactly once and every
 * client shows exactly the stored sequence of the room, no gap and no double.
 */
const { dir: dataDir, schema, drop } = processStore('fault');
afterAll(drop);

type Client = {
  socket: Socket;
  /** What this client shows: seq → message id. */
  shown: Map<number, string>;
  /** Sends not yet acknowledged, by client id, resent after every reconnect. */
  pending: Map<string, string>;
  acked: Map<string, string>;
  lastSeq: () => number;
};

describe('delivery under SIGKILL', () => {
  it('keeps every acknowledged message exactly once and every client in step with the store', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000',
      // Each client sends every 15 ms: a load test, far past what a person does.
      SOCKET_RATE_LIMIT_MAX: '100000',
      LOGIN_RATE_LIMIT: '1000',
      ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    };
    let server: ServerProcess = startServerProcess(env);
    await untilServing(server);

    // Over HTTP to the server process, as the web calls a route of the contracts.
    const call = async <R extends TApiRoute>(token: string, route: R, body: TBodyIn<R>) => {
      const res = await fetch(`${base}${API_PREFIX}${route.path}`, {
        method: route.method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${route.path} ${res.status}`);
      return res.json();
    };
    const logins = await Promise.all(
      ['amelia.broussard', 'noah.thibodeaux', 'olivia.landry'].map(async (name) => {
        // The demo's FacilityAdmin signs in with her second factor, as every sign-in of hers does.
        const res = await signInOverApi(base, `${name}@${DEMO_EMAIL_DOMAIN}`, DEMO_PASSWORD);
        const json = (await res.json()) as { token: string; user: { id: string } };
        return { token: json.token, id: json.user.id };
      }),
    );
    const room = (await call(logins[0]!.token, chatRoomRoutes.create, {
      type: 'group',
      name: 'Fault drill',
      participants: logins.slice(1).map((l) => l.id),
    })) as { data: { chatRoom: { id: string } } };
    const twId = room.data.chatRoom.id;

    const catchUp = async (client: Client, token: string) => {
      for (;;) {
        const page = ZMessagesReply.parse(
          await call(token, chatRoomRoutes.messages, { twId, after: client.lastSeq() }),
        );
        for (const m of page.data.messages) client.shown.set(m.seq, m.id);
        if (!page.data.hasMore) return;
      }
    };
    const clients: Client[] = logins.map((login) => {
      const shown = new Map<number, string>();
      const client: Client = {
        socket: io(base, {
          path: '/server/socket.io',
          query: { token: login.token, uuid: randomUUID() },
          transports: ['websocket'],
          reconnectionDelay: 100,
          reconnectionDelayMax: 300,
        }),
        shown,
        pending: new Map(),
        acked: new Map(),
        // The highest seq with everything before it shown: catch-up starts there, so a gap is always refilled
        // (nothing is removed in this test, so every gap is a message not yet seen).
        lastSeq: () => {
          let seq = 0;
          while (shown.has(seq + 1)) seq += 1;
          return seq;
        },
      };
      client.socket.on('NewMessage', (payload: unknown) => {
        const m = ZMessage.parse(payload);
        client.shown.set(m.seq, m.id);
      });
      client.socket.on('connect', () => {
        void catchUp(client, login.token).catch(() => undefined);
        for (const [clientId, body] of client.pending) void deliver(client, clientId, body);
      });
      return client;
    });

    const deliver = async (client: Client, clientId: string, body: string) => {
      try {
        const ack = ZSendMessageAck.parse(
          await client.socket.timeout(2_000).emitWithAck('SendMessage', { clientId, twId, body }),
        );
        if (!ack.ok) throw new Error(ack.message);
        client.pending.delete(clientId);
        client.acked.set(clientId, ack.message.id);
        client.shown.set(ack.message.seq, ack.message.id);
      } catch {
        // Lost with the connection: stays pending and is sent again, with the same id, after the reconnect.
      }
    };

    let sending = true;
    const loops = clients.map(async (client, i) => {
      let n = 0;
      while (sending) {
        n += 1;
        const clientId = randomUUID();
        const body = `client ${i} message ${n}`;
        client.pending.set(clientId, body);
        if (client.socket.connected) await deliver(client, clientId, body);
        await new Promise((r) => setTimeout(r, 15));
      }
    });

    for (let kill = 0; kill < 3; kill += 1) {
      await new Promise((r) => setTimeout(r, 1_500));
      server.child.kill('SIGKILL');
      await server.exited;
      server = startServerProcess(env);
      await untilServing(server);
    }
    await new Promise((r) => setTimeout(r, 1_000));
    sending = false;
    await Promise.all(loops);

    // Let every client resend what is still pending and catch up.
    const deadline = Date.now() + 20_000;
    while (clients.some((c) => c.pending.size > 0 || !c.socket.connected) && Date.now() < deadline) {
      for (const c of clients)
        for (const [clientId, body] of c.pending) if (c.socket.connected) await deliver(c, clientId, body);
      await new Promise((r) => setTimeout(r, 100));
    }
    await Promise.all(clients.map((c, i) => catchUp(c, logins[i]!.token)));
    server.child.kill('SIGTERM');
    await server.exited;
    for (const c of clients) c.socket.disconnect();

    const handle = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, schema });
    const all = await handle.db
      .selectFrom('messages')
      .select(['id', 'seq', 'client_id'])
      .where('room_id', '=', twId)
      .orderBy('seq')
      .execute();
    await handle.close();

    const acked = clients.flatMap((c) => [...c.acked]);
    expect(acked.length).toBeGreaterThan(30);
    expect(clients.every((c) => c.pending.size === 0)).toBe(true);
    const byClientId = new Map(all.map((r) => [r.client_id, r.id]));
    expect(byClientId.size).toBe(all.length); // no client id stored twice
    for (const [clientId, id] of acked) expect(byClientId.get(clientId)).toBe(id);
    expect(all.map((r) => Number(r.seq))).toEqual(all.map((_, i) => i + 1)); // no gap in the store
    const storedView = all.map((r) => [Number(r.seq), r.id]);
    for (const c of clients) expect([...c.shown].sort((x, y) => x[0] - y[0])).toEqual(storedView);
  }, 120_000);
});
