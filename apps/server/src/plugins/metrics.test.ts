import { randomUUID } from 'node:crypto';
import { chatRoomRoutes, ZChatRoomReply, ZSendMessageAck } from '@rounds/contracts/chat';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unchecked } from '../../test/support/call-route';
import { callAs, collect, emitAck, member, openSocket } from '../../test/support/chat';
import { createTestApp, type TestApp } from '../../test/support/test-app';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  await t.listen();
});
afterAll(async () => {
  await t?.close();
});

/** One sample's value from the text format, e.g. value(text, 'rounds_sockets_connected'). */
function value(text: string, sample: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  if (!line) throw new Error(`no sample ${sample} in\n${text}`);
  return Number(line.slice(sample.length + 1));
}

const scrape = async () => {
  const res = await t.app.inject({ url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('/metrics', () => {
  it('is readable from loopback or with the token, and refused to anyone else', async () => {
    const local = await t.app.inject({ url: '/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain; version=0.0.4');
    const remote = { url: '/metrics', remoteAddress: '10.1.2.3' };
    expect((await t.app.inject(remote)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ ...remote, headers: { authorization: 'Bearer wrong-token-0123456789' } })).json(),
    ).toEqual({ message: 'Metrics are readable from this machine or with the metrics token.', code: 'FORBIDDEN' });
    expect((await t.app.inject({ ...remote, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    // Relayed by a reverse proxy on this machine: the real client is elsewhere.
    const proxied = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
  });

  it('counts requests by route and status, sockets, messages, commits, escalations and the outbox', async () => {
    const before = await scrape();
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'rounds_sockets_connected',
      'rounds_outbox_depth',
      'rounds_escalations_pending',
    ])
      expect(before).toMatch(new RegExp(`^${name} `, 'm'));
    const accepted0 = value(before, 'rounds_messages_accepted_total');
    const outbox0 = value(before, 'rounds_outbox_depth');

    const [a, b] = await Promise.all([member(t, 'Ana'), member(t, 'Ben')]);
    const room = ZChatRoomReply.parse(
      (await callAs(t, a, chatRoomRoutes.create, { body: { type: 'group', name: 'Metrics', participants: [b.id] } }))
        .body,
    ).data.chatRoom;
    expect((await callAs(t, a, chatRoomRoutes.create, { body: unchecked({ type: 'group' }) })).status).toBe(400);
    const aSocket = await openSocket(t, a);
    const bSocket = await openSocket(t, b);
    const inbox = collect<{ body: string }>(bSocket, 'NewMessage');
    expect(value(await scrape(), 'rounds_sockets_connected')).toBe(2);

    for (const body of ['one', 'two']) {
      const ack = ZSendMessageAck.parse(
        await emitAck(aSocket, 'SendMessage', { clientId: randomUUID(), twId: room.id, body }),
      );
      expect(ack.ok).toBe(true);
    }
    const urgent = ZSendMessageAck.parse(
      await emitAck(aSocket, 'SendMessage', {
        clientId: randomUUID(),
        twId: room.id,
        body: 'urgent',
        level: 'URGENT',
        sms: true,
      }),
    );
    expect(urgent.ok).toBe(true);
    await inbox.next((m) => m.body === 'urgent');

    const after = await scrape();
    expect(value(after, 'rounds_messages_accepted_total') - accepted0).toBe(3);
    // Each message reached both members' sockets (the sender's tab gets it too).
    expect(value(after, 'rounds_messages_delivered_total')).toBeGreaterThanOrEqual(6);
    expect(value(after, 'rounds_commit_batch_size_count')).toBeGreaterThanOrEqual(3);
    expect(value(after, 'rounds_commit_batch_size_sum')).toBeGreaterThanOrEqual(3);
    expect(value(after, 'rounds_commit_duration_seconds_count')).toBeGreaterThanOrEqual(3);
    expect(value(after, 'rounds_commit_duration_seconds_sum')).toBeGreaterThan(0);
    expect(value(after, 'rounds_escalations_pending')).toBe(1);
    // The SMS went to the outbox (no provider configured); it is sent after the commit, so it may land later.
    await vi.waitFor(async () => expect(value(await scrape(), 'rounds_outbox_depth') - outbox0).toBe(1), {
      timeout: 10_000,
    });
    expect(
      value(after, 'rounds_http_request_duration_seconds_count{method="POST",route="/api/v1/chat-room",status="200"}'),
    ).toBe(1);
    expect(
      value(after, 'rounds_http_request_duration_seconds_count{method="POST",route="/api/v1/chat-room",status="400"}'),
    ).toBe(1);
    expect(after).toContain(
      'rounds_http_request_duration_seconds_bucket{le="0.005",method="POST",route="/api/v1/chat-room",status="200"}',
    );
    // Ids never become labels: one series per route template.
    expect(after).not.toContain(room.id);

    aSocket.disconnect();
    bSocket.disconnect();
    await new Promise((r) => setTimeout(r, 100));
    expect(value(await scrape(), 'rounds_sockets_connected')).toBe(0);
  });
});
