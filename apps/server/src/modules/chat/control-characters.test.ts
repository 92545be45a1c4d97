import { ZChatRoomReply } from '@rounds/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, emitAck, member, openSocket } from '../../testing/chat';
import { multipart } from '../../testing/multipart';
import { createTestApp, type TestApp } from '../../testing/test-app';

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
      const res = await api(t, a).post('/chat-room', payload);
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toMatch(new RegExp(`(^|\\.)${field}: contains control characters$`));
    }
    const filter = await api(t, a).post('/filter', { name: `Night\u0000shift`, params: { facility: [b.id] } });
    expect(filter.status).toBe(400);
    expect(filter.body.message).toMatch(/(^|\.)name: contains control characters$/);

    const me = (await api(t, a).get('/setting/me')).body.data;
    const ids = (xs: { id: string }[] | undefined) => (xs ?? []).map((x) => x.id);
    const update = await api(t, a).post('/setting/account', {
      firstName: 'Ava\u001b[31m',
      lastName: 'Okafor',
      facilityId: ids(me.facility),
      departmentId: ids(me.department),
      professionId: ids(me.profession),
      specialtyId: ids(me.specialty),
    });
    expect(update.status).toBe(400);
    expect(update.body.message).toMatch(/(^|\.)firstName: contains control characters$/);
  });

  it('refuses them in socket messages, keeping line breaks and tabs; bidirectional controls are text', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = ZChatRoomReply.parse(
      (await api(t, a).post('/chat-room', { type: 'direct', participants: [b.id] })).body,
    ).data.chatRoom;
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
    const upload = multipart([{ filename: 'scan\u0001.png', type: 'image/png', bytes: PNG }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat-room/upload-chat-images',
      headers: { ...upload.headers, authorization: `Bearer ${a.token}`, 'accept-language': 'fr' },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('filename: contient des caractères de contrôle');
    const kept = await t.app.db.selectFrom('uploads').select('key').where('uploader_id', '=', a.id).execute();
    expect(kept).toEqual([]);
    // A right-to-left override is text (the web shows it inert), not a control character.
    const rlo = multipart([{ filename: 'invoice\u202egpj.exe', type: 'image/png', bytes: PNG }]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat-room/upload-chat-images',
      headers: { ...rlo.headers, authorization: `Bearer ${a.token}` },
      payload: rlo.payload,
    });
    expect(ok.statusCode).toBe(200);
  });
});
