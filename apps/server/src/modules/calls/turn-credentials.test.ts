import { callRoutes } from '@rounds/contracts/calls';
import { type Coturn, startCoturn } from '@rounds/test-kit/coturn';
import { turnAllocate } from '@rounds/test-kit/turn-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ringingVoiceCall } from '../../../test/support/calls';
import { callAs } from '../../../test/support/chat';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { iceServersFor } from './turn-credentials';

/**
 * The TURN credentials of GET /twilio/video-token against a real coturn (use-auth-secret): it grants a relay
 * with them, and refuses a wrong or expired one. bench/calls and the relay-only journey carry media through it.
 */
let coturn: Coturn;
let t: TestApp;
beforeAll(async () => {
  coturn = await startCoturn();
  t = await createTestApp({ TURN_URLS: `stun:127.0.0.1:${coturn.port},${coturn.url}`, TURN_SECRET: coturn.secret });
  await t.listen();
});
afterAll(async () => {
  await t?.close();
  await coturn?.stop();
});

const at = (username: string, password: string) => ({ host: '127.0.0.1', port: coturn.port, username, password });

describe('TURN credentials', () => {
  it('are accepted by coturn: a call’s participant gets a relay on it', async () => {
    const { a, twId } = await ringingVoiceCall(t);
    const reply = await callAs(t, a, callRoutes.videoToken, { query: { twId } });
    expect(reply.status).toBe(200);
    const turn = reply.body.data.iceServers.find((s: { urls: string[] }) => s.urls[0]?.startsWith('turn:'))!;
    expect(turn.urls).toEqual([coturn.url]);

    const granted = await turnAllocate(at(turn.username!, turn.credential!));
    expect(granted).toMatchObject({ ok: true, relayed: { address: '127.0.0.1' } });
  });

  it('are refused when wrong or expired', async () => {
    const wrong = await turnAllocate(at(`${Math.floor(Date.now() / 1000) + 600}:someone`, 'not-the-hmac'));
    expect(wrong).toMatchObject({ ok: false, code: 401 });

    // Made an hour and a minute ago with a one-hour lifetime: the expiry in the username has passed.
    const [, old] = iceServersFor(
      { urls: ['stun:x', coturn.url], secret: coturn.secret, ttlSeconds: 3_600 },
      'someone',
      Date.now() - 3_660_000,
    );
    const expired = await turnAllocate(at(old!.username!, old!.credential!));
    expect(expired).toMatchObject({ ok: false, code: 401 });

    const [, fresh] = iceServersFor({ urls: ['stun:x', coturn.url], secret: coturn.secret, ttlSeconds: 60 }, 'someone');
    expect(await turnAllocate(at(fresh!.username!, fresh!.credential!))).toMatchObject({ ok: true });
  });
});
