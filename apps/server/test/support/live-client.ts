import { randomUUID } from 'node:crypto';
import { routeUrl } from '@rounds/contracts/api-route';
import { chatRoomRoutes, type TMessage, ZMessage, ZMessagesReply, ZSendMessageAck } from '@rounds/contracts/chat';
import { chatFileRoutes, ZUploadImagesReply } from '@rounds/contracts/chat-files';
import { signInOverApi } from '@rounds/test-kit/mfa';
import { routeReply } from '@rounds/test-kit/route-fetch';
import { io, type Socket } from 'socket.io-client';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '../../src/ops/seed-demo';
import { multipart, type Part } from './multipart';

/**
 * A client of a real listening server (a process, or several behind a proxy), over fetch and socket.io, for the
 * operations tests: it sends like the web app does (client ids, resend after reconnect, catch-up by seq).
 */
export type Login = { token: string; id: string; cookie: string };

export async function loginDemo(base: string, name: string, init: RequestInit = {}): Promise<Login> {
  // The demo's FacilityAdmin signs in with the demo authenticator too (issue 26): the kit takes both steps.
  const res = await signInOverApi(base, `${name}@${DEMO_EMAIL_DOMAIN}`, DEMO_PASSWORD, {
    headers: init.headers as Record<string, string>,
  });
  if (!res.ok) throw new Error(`login ${name}: ${res.status} ${await res.text()}`);
  const json = (await res.json()) as { token: string; user: { id: string } };
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { token: json.token, id: json.user.id, cookie };
}

export async function createGroup(base: string, owner: Login, others: Login[], name: string): Promise<string> {
  const reply = await routeReply(base, chatRoomRoutes.create, {
    token: owner.token,
    body: {
      type: 'group',
      name,
      participants: others.map((o) => o.id),
    },
  });
  return reply.data.chatRoom.id;
}

/** Every message of a room, oldest first, through the history API. */
export async function history(base: string, token: string, twId: string): Promise<TMessage[]> {
  const all: TMessage[] = [];
  for (;;) {
    const page = ZMessagesReply.parse(
      await routeReply(base, chatRoomRoutes.messages, { token, body: { twId, after: all.at(-1)?.seq ?? 0 } }),
    );
    all.push(...page.data.messages);
    if (!page.data.hasMore) return all;
  }
}

export async function uploadImage(base: string, token: string, part: Part): Promise<string> {
  const body = multipart([part]);
  const res = await fetch(`${base}${routeUrl(chatFileRoutes.uploadImages)}`, {
    method: chatFileRoutes.uploadImages.method,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    body: body.payload,
  });
  if (!res.ok) throw new Error(`upload ${res.status} ${await res.text()}`);
  return ZUploadImagesReply.parse(await res.json()).data.files[0]!.Key;
}

export async function downloadImage(base: string, token: string, key: string): Promise<Buffer> {
  const res = await fetch(`${base}${routeUrl(chatFileRoutes.file)}?key=${key}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`image ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** One tab: shows what it receives by seq, resends unacknowledged sends after every reconnect, catches up. */
export type Tab = {
  socket: Socket;
  login: Login;
  shown: Map<number, string>;
  pending: Map<string, string>;
  /** client id → { id, at: when the ack arrived } */
  acked: Map<string, { id: string; at: number }>;
  connects: number;
  send: (body: string) => Promise<void>;
  catchUp: () => Promise<void>;
  settle: () => Promise<void>;
};

export function openTab(base: string, login: Login, twId: string, options: { token?: () => string } = {}): Tab {
  const token = () => options.token?.() ?? login.token;
  const shown = new Map<number, string>();
  const lastSeq = () => {
    let seq = 0;
    while (shown.has(seq + 1)) seq += 1;
    return seq;
  };
  const socket = io(base, {
    path: '/server/socket.io',
    query: { token: token(), uuid: randomUUID() },
    transports: ['websocket'],
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
    rejectUnauthorized: false,
  });
  const tab: Tab = {
    socket,
    login,
    shown,
    pending: new Map(),
    acked: new Map(),
    connects: 0,
    send: async (body) => {
      const clientId = randomUUID();
      tab.pending.set(clientId, body);
      if (socket.connected) await deliver(clientId, body);
    },
    catchUp: async () => {
      for (;;) {
        const page = ZMessagesReply.parse(
          await routeReply(base, chatRoomRoutes.messages, { token: token(), body: { twId, after: lastSeq() } }),
        );
        for (const m of page.data.messages) shown.set(m.seq, m.id);
        if (!page.data.hasMore) return;
      }
    },
    /** Resends what is pending until nothing is, then catches up. */
    settle: async () => {
      const deadline = Date.now() + 20_000;
      while ((tab.pending.size > 0 || !socket.connected) && Date.now() < deadline) {
        for (const [clientId, body] of tab.pending) if (socket.connected) await deliver(clientId, body);
        await new Promise((r) => setTimeout(r, 100));
      }
      await tab.catchUp();
    },
  };
  const deliver = async (clientId: string, body: string) => {
    try {
      const ack = ZSendMessageAck.parse(
        await socket.timeout(2_000).emitWithAck('SendMessage', { clientId, twId, body }),
      );
      if (!ack.ok) throw new Error(ack.message);
      tab.pending.delete(clientId);
      if (!tab.acked.has(clientId)) tab.acked.set(clientId, { id: ack.message.id, at: Date.now() });
      shown.set(ack.message.seq, ack.message.id);
    } catch {
      // Lost with the connection: stays pending and goes again, with the same id, after the reconnect.
    }
  };
  socket.on('NewMessage', (payload: unknown) => {
    const m = ZMessage.parse(payload);
    shown.set(m.seq, m.id);
  });
  socket.on('connect', () => {
    tab.connects += 1;
    void tab.catchUp().catch(() => undefined);
    for (const [clientId, body] of tab.pending) void deliver(clientId, body);
  });
  // A server that stops gracefully closes its sockets; like the web app, connect again (to another process).
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 100);
  });
  // A refused handshake (the token expired while the server was away) would stop socket.io for good.
  socket.on('connect_error', () => {
    socket.io.opts.query = { ...(socket.io.opts.query as object), token: token() };
  });
  return tab;
}

/** Each tab sends a message every `everyMs` until stop() is called. */
export function keepSending(tabs: Tab[], everyMs = 15) {
  let sending = true;
  const loops = tabs.map(async (tab, i) => {
    let n = 0;
    while (sending) {
      n += 1;
      await tab.send(`tab ${i} message ${n}`);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  });
  return {
    stop: async () => {
      sending = false;
      await Promise.all(loops);
    },
  };
}
