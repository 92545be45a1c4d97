import { accountRoutes } from '@rounds/contracts/account';
import { chatRoomRoutes } from '@rounds/contracts/chat';
import { chatFileRoutes } from '@rounds/contracts/chat-files';
import { contactRoutes } from '@rounds/contracts/contacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { callAs, directRoom, emitAck, member, openSocket } from '../../../test/support/chat';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const LONE_SURROGATE = 'Ava\ud800';
const BELL = 'Ava\u0007';

describe('control characters in what users type', () => {
  it('refuses them in names, group names and filter names with a 400 naming the field', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    for (const [name, payload, field] of [
      ['group name', { type: 'group', participants: [b.id], name: `Ward ${BELL}` }, 'name'],
      ['group name surrogate', { type: 'group', participants: [b.id], name: LONE_SURROGATE }, 'name'],
    ] as const) {
      const res = await callAs(t, a, chatRoomRoutes.create, {
        body: { ...payload, participants: [...payload.participants] },
      });
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toMatch(new RegExp(`(^|\\.)${field}: contains control characters$`));
    }
    const filter = await callAs(t, a, contactRoutes.createFilter, {
      body: { name: `Night\u0000shift`, params: { facility: [b.id] } },
    });
    expect(filter.status).toBe(400);
    expect(filter.body.message).toMatch(/(^|\.)name: contains control characters$/);

    // Read loosely, as before: the fields are looked up by these names whatever the reply carries.
    const me = (await callAs(t, a, accountRoutes.me, {})).body.data as unknown as Record<string, { id: string }[]>;
    const ids = (xs: { id: string }[] | undefined) => (xs ?? []).map((x) => x.id);
    const update = await callAs(t, a, accountRoutes.updateAccount, {
      body: {
        firstName: 'Ava\u001b[31m',
        lastName: 'Okafor',
        facilityId: ids(me.facility),
        departmentId: ids(me.department),
        professionId: ids(me.profession),
        specialtyId: ids(me.specialty),
      },
    });
    expect(update.status).toBe(400);
    expect(update.body.message).toMatch(/(^|\.)firstName: contains control characters$/);
  });

  it('refuses them in socket messages, keeping line breaks and tabs; bidirectional controls are text', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await directRoom(t, a, b);
    const socket = await openSocket(t, a);
    const send = (body: string) =>
      emitAck(socket, 'SendMessage', { clientId: crypto.randomUUID(), twId: room.id, body });
    for (const body of ['K+ 6.8\u0000', 'ECG\u0085now', `dose ${'\udc00'} mg`]) {
      expect(await send(body), JSON.stringify(body)).toEqual({
        ok: false,
        code: 'VALIDATION_ERROR',
        message: 'body: contains control characters',
      });
    }
    expect(await send('Bed 7:\n\tK+ 6.8\r\nrepeat ECG')).toMatchObject({ ok: true });
    expect(await send('\u05e9\u05dc\u05d5\u05dd \u202bRTL\u202c 😷')).toMatchObject({ ok: true });
  });

  it('refuses an uploaded file name with control characters, naming it', async () => {
    const a = await member(t);
    const res = await callRoute(t.app, chatFileRoutes.uploadImages, {
      token: a.token,
      headers: { 'accept-language': 'fr' },
      multipart: [{ filename: 'scan\u0001.png', type: 'image/png', bytes: PNG }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.error().message).toBe('filename: contient des caractères de contrôle');
    const kept = await t.app.db.selectFrom('uploads').select('key').where('uploader_id', '=', a.id).execute();
    expect(kept).toEqual([]);
    // A right-to-left override is text (the web shows it inert), not a control character.
    const ok = await callRoute(t.app, chatFileRoutes.uploadImages, {
      token: a.token,
      multipart: [{ filename: 'invoice\u202egpj.exe', type: 'image/png', bytes: PNG }],
    });
    expect(ok.statusCode).toBe(200);
  });
});
