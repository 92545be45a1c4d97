import { accountRoutes } from '@rounds/contracts/account';
import { adminUserRoutes, ZAdminUserReply } from '@rounds/contracts/admin-users';
import type { TApiRoute, TReplyOf } from '@rounds/contracts/api-route';
import { chatRoomRoutes } from '@rounds/contracts/chat';
import { contactRoutes } from '@rounds/contracts/contacts';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { userLogRoutes } from '@rounds/contracts/user-logs';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type TErrorBody, type TRouteInput, unchecked } from '../../../test/support/call-route';
import { connectAs } from '../../../test/support/chat';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { createFacility, createUser, login } from '../../../test/support/users';

let t: TestApp;
let _url: string;
let ward: string;
let adminToken: string;
let fa: { id: string; token: string };

async function staff(o: { role?: 'Regular' | 'FacilityAdmin' | 'Admin'; inWard?: boolean } = {}) {
  const u = await createUser(t.app, { role: o.role, facilities: o.inWard === false ? [] : [ward] });
  return { id: u.id, email: u.email, token: (await login(t.app, u.email)).token };
}

const open = (token: string) => connectAs(t, token);

const next = <T>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, resolve));

async function call<R extends TApiRoute>(token: string, route: R, input: Omit<TRouteInput<R>, 'token'>) {
  const res = await callRoute(t.app, route, { ...input, token } as TRouteInput<R>);
  return { status: res.statusCode, body: res.json() as TReplyOf<R> & Partial<TErrorBody> };
}

const me = (token: string) => callRoute(t.app, accountRoutes.me, { token });

beforeAll(async () => {
  t = await createTestApp();
  _url = await t.listen();
  ward = await createFacility(t.app, 'East Ward');
  adminToken = (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token;
  fa = await staff({ role: 'FacilityAdmin' });
});
afterAll(async () => {
  await t.close();
});

describe('activate and deactivate', () => {
  it('ends a deactivated user’s access at once, warns their open app and closes its socket', async () => {
    const nurse = await staff();
    const socket = await open(nurse.token);
    const warned = next<{ reason: string }>(socket, SERVER_EVENTS.ForcedLogout);
    const closed = next(socket, 'disconnect');
    const res = await call(fa.token, adminUserRoutes.deactivate, { body: { userId: nurse.id } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User status changed successfully');
    expect(ZAdminUserReply.parse(res.body).data.active).toBe(false);
    expect(await warned).toEqual({ reason: 'accountRemoved' });
    expect((await me(nurse.token)).statusCode).toBe(401);
    await closed;
    expect((await login(t.app, nurse.email).catch(() => null))?.token).toBeUndefined();

    const back = await call(fa.token, adminUserRoutes.activate, { body: { userId: nurse.id } });
    expect(ZAdminUserReply.parse(back.body).data.active).toBe(true);
    expect((await login(t.app, nurse.email)).token).toBeTruthy();
  }, 20_000);

  it('refuses outside the scope, on one’s own account, and for a missing user', async () => {
    const far = await staff({ inWard: false });
    expect((await call(fa.token, adminUserRoutes.deactivate, { body: { userId: far.id } })).status).toBe(403);
    const own = await call(fa.token, adminUserRoutes.deactivate, { body: { userId: fa.id } });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('OWN_ACCOUNT');
    expect((await call(adminToken, adminUserRoutes.deactivate, { body: { userId: 'f'.repeat(24) } })).status).toBe(404);
    const bad = await call(adminToken, adminUserRoutes.deactivate, { body: { userId: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('userId');
  });
});

describe('update-role', () => {
  it('changes the role live: the user’s app gets UserUpdated and the server applies it on the next call', async () => {
    const nurse = await staff();
    const socket = await open(nurse.token);
    const updated = next<{ user: { role: string } }>(socket, SERVER_EVENTS.UserUpdated);
    const res = await call(fa.token, adminUserRoutes.updateRole, { body: { id: nurse.id, role: 'FacilityAdmin' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Role changed successfully');
    expect((await updated).user.role).toBe('FacilityAdmin');
    const list = await callRoute(t.app, adminUserRoutes.list, { query: {}, token: nurse.token });
    expect(list.statusCode).toBe(200);
  });

  it('lets only an Admin give the Admin role or change an Admin', async () => {
    const nurse = await staff();
    const denied = await call(fa.token, adminUserRoutes.updateRole, { body: { id: nurse.id, role: 'Admin' } });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('ADMIN_ROLE');
    const boss = await staff({ role: 'Admin' });
    expect((await call(fa.token, adminUserRoutes.updateRole, { body: { id: boss.id, role: 'Regular' } })).status).toBe(
      403,
    );
    const promoted = await call(adminToken, adminUserRoutes.updateRole, { body: { id: nurse.id, role: 'Admin' } });
    expect(ZAdminUserReply.parse(promoted.body).data.role).toBe('Admin');
    expect(
      (await call(adminToken, adminUserRoutes.updateRole, { body: { id: boss.id, role: 'Regular' } })).status,
    ).toBe(200);
    const bad = await call(adminToken, adminUserRoutes.updateRole, {
      body: { id: nurse.id, role: unchecked('Owner') },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('role');
  });
});

describe('delete-user', () => {
  it('removes the user from the directory and the users table, tells their app, and ends their sessions', async () => {
    const nurse = await staff();
    const colleague = await staff();
    const socket = await open(nurse.token);
    const removed = next(socket, SERVER_EVENTS.ForcedDelete);
    const res = await call(fa.token, adminUserRoutes.remove, { query: { id: nurse.id } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User removed successfully');
    await removed;
    expect((await me(nurse.token)).statusCode).toBe(401);
    const contacts = await callRoute(t.app, contactRoutes.list, { body: {}, token: colleague.token });
    expect(JSON.stringify(contacts.json())).not.toContain(nurse.id);
    const table = await callRoute(t.app, adminUserRoutes.list, { query: { pageSize: 100 }, token: adminToken });
    expect(JSON.stringify(table.json())).not.toContain(nurse.id);
    expect((await call(fa.token, adminUserRoutes.remove, { query: { id: nurse.id } })).status).toBe(404);
    const logs = await callRoute(t.app, userLogRoutes.list, { query: { keyword: 'user deleted' }, token: adminToken });
    expect(logs.json().total).toBe(1);
  });

  it('turns their direct chats read-only for the other party at once', async () => {
    const nurse = await staff();
    const colleague = await staff();
    const created = await callRoute(t.app, chatRoomRoutes.create, {
      body: { type: 'direct', participants: [nurse.id] },
      token: colleague.token,
    });
    const twId = created.json().data.chatRoom.id as string;
    const socket = await open(colleague.token);
    const updated = next<{ twId: string }>(socket, SERVER_EVENTS.ChatRoomUpdated);
    expect((await call(fa.token, adminUserRoutes.remove, { query: { id: nurse.id } })).status).toBe(200);
    expect(await updated).toEqual({ twId });
    const details = await callRoute(t.app, chatRoomRoutes.details, { query: { twId }, token: colleague.token });
    expect(details.json().data.chatRoom.disabled).toBe(true);
  });
});
