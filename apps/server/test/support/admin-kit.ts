import type { TApiRoute } from '@rounds/contracts/api-route';
import { outboxRoutes } from '@rounds/contracts/outbox';
import { io as connect, type Socket } from 'socket.io-client';
import { newId } from '../../src/lib/ids';
import { callRoute, type TRouteInput } from './call-route';
import { TEST_ADMIN, type TestApp } from './test-app';
import { createUser, freshIp, login } from './users';

/** Helpers of the administration tests: reference items, callers by role, sockets, the outbox. */
export type Caller = { id: string; email: string; token: string };

export const REFERENCE_TABLES = {
  facility: 'facilities',
  department: 'departments',
  profession: 'professions',
  specialty: 'specialties',
  suffix: 'suffixes',
} as const;

export function adminKit(t: TestApp) {
  const sockets: Socket[] = [];

  /** A reference item inserted directly; returns its id. */
  const item = async (kind: keyof typeof REFERENCE_TABLES, name: string) => {
    const id = newId();
    await t.app.db
      .insertInto(REFERENCE_TABLES[kind])
      .values({ id, name, name_key: name.toLowerCase(), created_at: 0 })
      .execute();
    return id;
  };

  const caller = async (
    o: { role?: 'Regular' | 'FacilityAdmin' | 'Admin'; facilities?: string[]; email?: string } = {},
  ): Promise<Caller> => {
    const u = await createUser(t.app, { role: o.role, facilities: o.facilities, email: o.email });
    return { ...u, token: (await login(t.app, u.email)).token };
  };

  const firstAdmin = async (): Promise<Caller> => {
    const s = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    return { id: s.userId, email: TEST_ADMIN.email, token: s.token };
  };

  /** A call of one route by its descriptor (JSON, query-only or multipart); `token` null is anonymous. */
  const call = async <R extends TApiRoute>(token: string | null, route: R, input: Omit<TRouteInput<R>, 'token'>) => {
    const res = await callRoute(t.app, route, {
      ...input,
      ...(token ? { token } : {}),
      remoteAddress: freshIp(),
    } as TRouteInput<R>);
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked by the tests with their contracts
    let json: any = {};
    try {
      json = res.json();
    } catch {}
    return { status: res.statusCode, body: json };
  };

  /** A socket of `token`'s user (t.listen() must have run). */
  const open = (token: string): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const s = connect(t.url(), {
        path: '/server/socket.io',
        query: { token, uuid: `tab-${sockets.length}` },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });

  /** The messages the outbox holds for `to`, waiting for the notification worker up to `ms`. */
  const outbox = async (to: string, ms = 10_000): Promise<{ subject: string | null; text: string }[]> => {
    const admin = await firstAdmin();
    const until = Date.now() + ms;
    for (;;) {
      const res = await call(admin.token, outboxRoutes.read, { query: { to } });
      const messages = (res.body.data as { messages: { subject: string | null; text: string }[] }).messages;
      if (messages.length > 0 || Date.now() > until) return messages;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const closeSockets = () => {
    for (const s of sockets) s.disconnect();
  };

  return { item, caller, firstAdmin, call, open, outbox, closeSockets };
}

/**
 * Who the Users section's tests meet: two facilities (Riverside, the ward, and Northgate), the first Admin, and a
 * FacilityAdmin and a Regular user of the ward.
 */
export async function usersSectionCast(kit: ReturnType<typeof adminKit>) {
  const ward = await kit.item('facility', 'Riverside');
  const north = await kit.item('facility', 'Northgate');
  return {
    ward,
    north,
    admin: await kit.firstAdmin(),
    fa: await kit.caller({ role: 'FacilityAdmin', facilities: [ward] }),
    regular: await kit.caller({ facilities: [ward] }),
  };
}

export const next = <T>(s: Socket, event: string, ms = 5_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

/** Resolves false when `event` does not arrive within `ms`. */
export const silent = (s: Socket, event: string, ms = 500) =>
  new Promise<boolean>((resolve) => {
    const seen = () => resolve(false);
    s.once(event, seen);
    setTimeout(() => {
      s.off(event, seen);
      resolve(true);
    }, ms);
  });
