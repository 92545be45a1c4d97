import { randomBytes, randomUUID } from 'node:crypto';
import type { TApiRoute, TReplyOf } from '@rounds/contracts/api-route';
import { ZLoginReply } from '@rounds/contracts/auth';
import { chatRoomRoutes, type TMessage, ZNewMessageEvent, ZSendMessageAck } from '@rounds/contracts/chat';
import { chatFileRoutes } from '@rounds/contracts/chat-files';
import { contactRoutes, type TContactListRequest } from '@rounds/contracts/contacts';
import {
  CLIENT_EVENT_CONTRACTS,
  CLIENT_EVENTS,
  SERVER_EVENTS,
  type TClientEventName,
  type TClientRequest,
} from '@rounds/contracts/events';
import { signInOverApi } from '@rounds/test-kit/mfa';
import { routeFetch, type TFetchInput } from '@rounds/test-kit/route-fetch';
import type { Socket } from 'socket.io-client';
import { openBenchSocket } from './bench-socket';
import { inWaves } from './waves';

/** One simulated member of staff: who they are, where they connect, the rooms they are in. */
export type TStaff = {
  id: string;
  email: string;
  lastName: string;
  token: string;
  url: string;
  rooms: string[];
  groups: string[];
};

/**
 * The mix of a busy hospital hour, per member of staff (the hour of the morning handover, the busiest of the
 * day): everyone signs in once when the shift starts; a nurse or a resident sends a message every two minutes
 * or so (30), types about two notices' worth per message (Typing is throttled to one every few seconds), opens
 * a room and reads its latest page 20 times and the conversation list 12 times (each time they come back to
 * the app), marks what they read 40 times (every time new messages come into an open room), looks someone up
 * in the directory 6 times (who is the cardiologist on call, a name heard at handover) and sends a photo twice
 * (a wound, an ECG strip). URGENT messages are rarer: one a minute for the whole hospital, each acknowledged by
 * every member it notifies, a few seconds after it arrives. About 140 actions per person per hour.
 */
export const PER_USER_HOUR = {
  signIn: 1,
  recentList: 12,
  readRoom: 20,
  send: 30,
  typing: 60,
  markRead: 40,
  searchContacts: 6,
  sendImage: 2,
} as const;
export const URGENT_PER_MINUTE = 1;
/** A notified member acknowledges an URGENT message this long after it arrives (reading it first). */
const ACK_DELAY_MS = [2_000, 12_000] as const;
/** An action without its answer after this long counts as an error. */
const TIMEOUT_MS = 15_000;

/** The measured actions, in the order they are printed. */
export const ACTIONS = [
  'sign in',
  'pending urgent',
  'socket connect',
  'recent list',
  'read room',
  'send message',
  'typing',
  'mark read',
  'search contacts',
  'upload image',
  'urgent send',
  'acknowledge',
] as const;
export type TAction = (typeof ACTIONS)[number];

export type TActionFigures = { times: number[]; errors: number; results: number; samples: string[] };
export type TCrowdFigures = {
  actions: Record<TAction, TActionFigures>;
  /** Send to NewMessage at every other member of the room (information: not an action of the user). */
  delivery: number[];
  seconds: number;
};

const BODIES = [
  'Bed 12 BP 90/60, can you come and review?',
  'Labs for Mr. Dupont are back: K+ 5.9, repeating now.',
  'Patient in 4B asking for pain relief, last dose 3 h ago.',
  'Handover: 2 admissions overnight, both stable.',
  'Can someone cover the discharge in room 7?',
  'CT booked for 10:30, porter requested.',
  'Thanks, seen and reviewed.',
  'Family of bed 9 would like a call after rounds.',
];
/** A photo as the web app sends it: a PNG signature, then incompressible bytes (about 300 KB). */
const PHOTO = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300_000)]);

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const expo = (ratePerSecond: number) => (-Math.log(1 - Math.random()) / ratePerSecond) * 1000;

class ActionError extends Error {}

/**
 * The crowd: every member of staff with a socket to their server, acting at the rates above for `seconds`
 * (an open model: actions start on schedule whether or not earlier ones answered). Every answer is parsed
 * with its contract and checked for realistic content (rooms in the list, history in the room, people in a
 * search); anything else counts as an error of its action.
 */
export async function runCrowd(o: {
  staff: TStaff[];
  password: string;
  /** Directory searches as the Contacts screen makes them (filters), beside name look-ups of colleagues. */
  directoryCases: TContactListRequest[];
  seconds: number;
}): Promise<TCrowdFigures> {
  const actions = Object.fromEntries(
    ACTIONS.map((a) => [a, { times: [], errors: 0, results: 0, samples: [] }]),
  ) as unknown as Record<TAction, TActionFigures>;
  const delivery: number[] = [];
  const sentAt = new Map<string, number>();
  const lastSeq = new Map<string, number>();
  const sockets = new Map<string, Socket>();
  /** Staff signing in (their token changes): nothing else starts for them meanwhile. */
  const busy = new Set<string>();
  const inFlight = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  let measuring = false;

  const timed = async <T>(user: TStaff, action: TAction, work: () => Promise<T>, count: (r: T) => number) => {
    inFlight.set(user.id, (inFlight.get(user.id) ?? 0) + 1);
    const t0 = performance.now();
    try {
      const r = await Promise.race([
        work(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new ActionError('timeout')), TIMEOUT_MS)),
      ]);
      if (measuring) {
        actions[action].times.push(performance.now() - t0);
        actions[action].results += count(r);
      }
      return r;
    } catch (err) {
      if (measuring) {
        actions[action].errors += 1;
        if (actions[action].samples.length < 3) actions[action].samples.push(String((err as Error).message));
      }
      return undefined;
    } finally {
      inFlight.set(user.id, inFlight.get(user.id)! - 1);
    }
  };
  const track = (p: Promise<unknown>) => {
    const done = p.then(() => undefined);
    pending.add(done);
    void done.finally(() => pending.delete(done));
  };

  /** One route as the app calls it, as this member of staff; the answer parsed with the route's contract. */
  const api = async <R extends TApiRoute>(user: TStaff, route: R, input: TFetchInput<R>): Promise<TReplyOf<R>> => {
    const res = await routeFetch(user.url, route, { ...input, token: user.token });
    if (res.status !== 200) {
      throw new ActionError(`${route.path} ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    return route.reply.parse(res.body) as TReplyOf<R>;
  };
  const emit = async <E extends TClientEventName>(user: TStaff, event: E, payload: TClientRequest<E>) => {
    const socket = sockets.get(user.id);
    if (!socket?.connected) throw new ActionError(`${event}: socket not connected`);
    const ack = CLIENT_EVENT_CONTRACTS[event].ack.parse(await socket.emitWithAck(event, payload));
    if (typeof ack === 'object' && ack !== null && 'ok' in ack && ack.ok === false) {
      throw new ActionError(`${event} refused: ${'code' in ack ? ack.code : ''}`);
    }
    return ack;
  };

  const onNewMessage = (user: TStaff, raw: unknown) => {
    const m = ZNewMessageEvent.parse(raw);
    lastSeq.set(m.twId, Math.max(lastSeq.get(m.twId) ?? 0, m.seq));
    const t = sentAt.get(m.clientId);
    if (t !== undefined && m.author !== user.id && measuring) delivery.push(performance.now() - t);
    if (m.attributes.level === 'URGENT' && m.author !== user.id && (m.attributes.notify ?? []).includes(user.id)) {
      const delay = ACK_DELAY_MS[0] + Math.random() * (ACK_DELAY_MS[1] - ACK_DELAY_MS[0]);
      track(
        new Promise<void>((resolve) =>
          setTimeout(async () => {
            while (busy.has(user.id)) await new Promise((r) => setTimeout(r, 200));
            await acknowledge(user, m);
            resolve();
          }, delay),
        ),
      );
    }
  };

  const connect = (user: TStaff) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = openBenchSocket(user.url, user.token);
      socket.on(SERVER_EVENTS.NewMessage, (m: unknown) => onNewMessage(user, m));
      socket.once('connect', () => {
        sockets.set(user.id, socket);
        resolve(socket);
      });
      socket.once('connect_error', (err) => {
        socket.close();
        reject(err);
      });
    });

  // ---- the actions ----
  const signIn = async (user: TStaff) => {
    busy.add(user.id);
    try {
      const reply = await timed(
        user,
        'sign in',
        async () => {
          const res = await signInOverApi(user.url, user.email, o.password);
          if (res.status !== 200) throw new ActionError(`login ${res.status} ${(await res.text()).slice(0, 120)}`);
          const r = ZLoginReply.parse(await res.json());
          if (!r.token) throw new ActionError('login: no token');
          return r.token;
        },
        () => 1,
      );
      if (!reply) return;
      user.token = reply;
      // The previous session ended with this sign-in: its socket goes, a new one comes with the new token.
      sockets.get(user.id)?.disconnect();
      await timed(
        user,
        'socket connect',
        () => connect(user),
        () => 1,
      );
      await timed(
        user,
        'pending urgent',
        async () => (await api(user, chatRoomRoutes.pendingUrgent, {})).data.messages,
        (m) => m.length,
      );
    } finally {
      busy.delete(user.id);
    }
  };
  const recentList = (user: TStaff) =>
    timed(
      user,
      'recent list',
      async () => {
        const rooms = (await api(user, chatRoomRoutes.list, { query: {} })).data.chatRooms;
        if (rooms.length === 0) throw new ActionError('recent list: no rooms');
        return rooms;
      },
      (r) => r.length,
    );
  const readRoom = (user: TStaff) =>
    timed(
      user,
      'read room',
      async () => {
        const twId = pick(user.rooms);
        const page = (await api(user, chatRoomRoutes.messages, { body: { twId } })).data.messages;
        if (page.length === 0) throw new ActionError('read room: no history');
        lastSeq.set(twId, Math.max(lastSeq.get(twId) ?? 0, page.at(-1)!.seq));
        return page;
      },
      (p) => p.length,
    );
  const send = async (user: TStaff, extra: Partial<TClientRequest<'SendMessage'>> = {}, room?: string) => {
    const clientId = randomUUID();
    const twId = room ?? pick(user.rooms);
    sentAt.set(clientId, performance.now());
    return timed(
      user,
      extra.level === 'URGENT' ? 'urgent send' : 'send message',
      async () => {
        const ack = ZSendMessageAck.parse(
          await emit(user, CLIENT_EVENTS.SendMessage, { clientId, twId, body: pick(BODIES), ...extra }),
        );
        if (!ack.ok) throw new ActionError(`SendMessage refused: ${ack.code}`);
        return ack.message;
      },
      () => 1,
    );
  };
  const typing = (user: TStaff) =>
    timed(
      user,
      'typing',
      () => emit(user, CLIENT_EVENTS.Typing, { twId: pick(user.rooms) }),
      () => 1,
    );
  const markRead = (user: TStaff) =>
    timed(
      user,
      'mark read',
      () => {
        const twId = pick(user.rooms);
        return emit(user, CLIENT_EVENTS.ReadMessage, { twId, seq: lastSeq.get(twId) ?? 1 });
      },
      () => 1,
    );
  const searchContacts = (user: TStaff) =>
    timed(
      user,
      'search contacts',
      async () => {
        // Half the look-ups are a colleague's name (its first letters, as typed), half the screen's filters.
        const byName = Math.random() < 0.5;
        let colleague = pick(o.staff);
        while (colleague.id === user.id) colleague = pick(o.staff);
        const body = byName ? { search: colleague.lastName.slice(0, 5) } : pick(o.directoryCases);
        const found = (await api(user, contactRoutes.list, { body })).data.contacts;
        if (found.length === 0) throw new ActionError(`search found nobody: ${JSON.stringify(body).slice(0, 100)}`);
        return found;
      },
      (f) => f.length,
    );
  const sendImage = async (user: TStaff) => {
    const key = await timed(
      user,
      'upload image',
      async () => {
        const form = new FormData();
        form.append('files', new Blob([PHOTO], { type: 'image/png' }), 'photo.png');
        const files = (await api(user, chatFileRoutes.uploadImages, { form })).data.files;
        return files[0]!.Key;
      },
      () => 1,
    );
    if (key) await send(user, { files: [key] });
  };
  const urgent = (user: TStaff) => send(user, { level: 'URGENT', sms: false }, pick(user.groups));
  const acknowledge = (user: TStaff, m: TMessage) =>
    timed(
      user,
      'acknowledge',
      async () => {
        const after = (await api(user, chatRoomRoutes.acknowledge, { body: { messageId: m.id } })).data.message;
        if (!(after.attributes.acknowledgements ?? []).some((a) => a.userId === user.id)) {
          throw new ActionError('acknowledgement not recorded');
        }
        return after;
      },
      () => 1,
    );

  // ---- connect everyone, as staff arrive: in waves of 100, each once the server has settled from the last
  // (the presence of each arrival goes to everyone who can see it; a restart's reconnect storm is
  // a measure of its own, not this one's). A refused connection is retried, as the web client does.
  let retries = 0;
  const arrive = async (user: TStaff) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await connect(user);
        return;
      } catch (err) {
        if (attempt === 5) throw err;
        retries += 1;
        await new Promise((r) => setTimeout(r, 1_000 * attempt));
      }
    }
  };
  const settle = async () => {
    const started = performance.now();
    for (let quick = 0; quick < 3 && performance.now() - started < 180_000; ) {
      const t0 = performance.now();
      await emit(o.staff[0]!, CLIENT_EVENTS.Ping, {}).catch(() => undefined);
      quick = performance.now() - t0 < 20 ? quick + 1 : 0;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const connectStarted = performance.now();
  await arrive(o.staff[0]!);
  await inWaves(o.staff.slice(1), arrive, { size: 100, between: settle });
  const connectSeconds = (performance.now() - connectStarted) / 1000;

  const n = o.staff.length;
  const schedule: { ratePerSecond: number; act: (u: TStaff) => Promise<unknown>; next: number }[] = [
    { ratePerSecond: (n * PER_USER_HOUR.signIn) / 3600, act: signIn, next: 0 },
    { ratePerSecond: (n * PER_USER_HOUR.recentList) / 3600, act: recentList, next: 0 },
    { ratePerSecond: (n * PER_USER_HOUR.readRoom) / 3600, act: readRoom, next: 0 },
    { ratePerSecond: (n * PER_USER_HOUR.send) / 3600, act: (u) => send(u), next: 0 },
    { ratePerSecond: (n * PER_USER_HOUR.typing) / 3600, act: typing, next: 0 },
    { ratePerSecond: (n * PER_USER_HOUR.markRead) / 3600, act: markRead, next: 0 },
    { ratePerSecond: (n * PER_USER_HOUR.searchContacts) / 3600, act: searchContacts, next: 0 },
    { ratePerSecond: (n * PER_USER_HOUR.sendImage) / 3600, act: sendImage, next: 0 },
    { ratePerSecond: URGENT_PER_MINUTE / 60, act: urgent, next: 0 },
  ];
  measuring = true;
  const started = performance.now();
  for (const s of schedule) s.next = started + expo(s.ratePerSecond);
  // The first URGENT message within the first 10 s, so even a one-minute run has one.
  schedule.at(-1)!.next = started + Math.random() * 10_000;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      if (now - started >= o.seconds * 1000) {
        clearInterval(timer);
        resolve();
        return;
      }
      for (const s of schedule) {
        while (s.next <= now) {
          s.next += expo(s.ratePerSecond);
          // Someone who is not signing in and, for a sign-in, has nothing under way (their token changes).
          let user = pick(o.staff);
          for (let tries = 0; busy.has(user.id) || (s.act === signIn && (inFlight.get(user.id) ?? 0) > 0); tries++) {
            if (tries > 20) break;
            user = pick(o.staff);
          }
          track(s.act(user));
        }
      }
    }, 5);
  });
  const seconds = (performance.now() - started) / 1000;
  // What is under way finishes (acknowledgements come up to ACK_DELAY_MS after their message).
  while (pending.size > 0) await Promise.race([...pending]);
  measuring = false;
  for (const s of sockets.values()) s.disconnect();
  console.error(
    `  (crowd: ${n} connected in waves of 100 in ${connectSeconds.toFixed(1)} s, ${retries} retried connections)`,
  );
  return { actions, delivery, seconds };
}
