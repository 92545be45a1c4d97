import { apiRoute } from '@rounds/contracts/api-route';
import { contactRoutes, ZContactListReply } from '@rounds/contracts/contacts';
import type { TUser } from '@rounds/contracts/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiCall } from './api-call';
import { ApiError } from './api-client';
import { useSession } from './session-store';

vi.mock('./toast', () => ({ showToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const reply = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useSession.getState().setSession({ token: 'tok', user: { id: 'a'.repeat(24) } as TUser, remember: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('apiCall', () => {
  // The directory's rows are checked by the caller (the first in full): 20,000 of them row by row cost too much.
  const rows = [{ id: 'not a contact' }];
  const envelope = ZContactListReply.extend({ data: z.object({ contacts: z.array(z.unknown()) }) });

  it("sends the route's method and path, and checks the reply with the route's own schema", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(async () => reply({ data: { contacts: rows } }));
    const refused = await apiCall(contactRoutes.list, { body: { search: 'ann' } }, { toast: false }).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method, init?.body]).toEqual(['/api/v1/contact/list', 'POST', '{"search":"ann"}']);
  });

  it("follows a route's base outside /api/v1, its PATCH method and path parameters", async () => {
    fetchMock.mockImplementation(async () => reply({ schemas: ['x'], id: 'u1' }));
    const route = apiRoute({
      method: 'PATCH',
      base: '/scim/v2',
      path: '/Users/:id',
      params: z.object({ id: z.string() }),
      body: z.record(z.string(), z.unknown()),
      reply: z.record(z.string(), z.unknown()),
    });
    expect(await apiCall(route, { params: { id: 'u1' }, body: { Operations: [] } })).toEqual({
      schemas: ['x'],
      id: 'u1',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method]).toEqual(['/scim/v2/Users/u1', 'PATCH']);
  });

  it('checks the reply with a lighter schema when the caller gives one', async () => {
    fetchMock.mockImplementation(async () => reply({ data: { contacts: rows } }));
    const answer = await apiCall(contactRoutes.list, { body: {} }, { replyCheck: envelope });
    expect(answer.data.contacts).toEqual(rows);
  });
});
