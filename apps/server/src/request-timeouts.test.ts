import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '3', HEADERS_TIMEOUT_SECONDS: '2' });
  await t.listen();
});
afterAll(() => t.close());

/**
 * A real socket that writes `head` at once, then one byte of `trickle` every 250 ms: what the server answers
 * and after how long it closes the connection.
 */
function slowClient(head: string, trickle: string) {
  const port = Number(new URL(t.url()).port);
  return new Promise<{ reply: string; closedAfterMs: number }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    let i = 0;
    const timer = setInterval(() => {
      if (i < trickle.length && !socket.destroyed) socket.write(trickle[i++]!);
    }, 250);
    socket.on('data', (d) => {
      reply += d.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ reply, closedAfterMs: Date.now() - started });
    });
    socket.write(head);
  });
}

describe('request timeouts', { timeout: 15_000 }, () => {
  it('closes an anonymous login whose body trickles in, with 408', async () => {
    const body = JSON.stringify({ email: 'someone@example.org', password: 'x'.repeat(200) });
    const { reply, closedAfterMs } = await slowClient(
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(2_900);
    expect(closedAfterMs).toBeLessThan(5_500);
  });

  it('closes a request whose headers trickle in, with 408', async () => {
    const { reply, closedAfterMs } = await slowClient(
      'GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n',
      `X-Slow: ${'a'.repeat(100)}\r\n\r\n`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(4_500);
  });

  it('still serves a request that arrives in time', async () => {
    const res = await fetch(`${t.url()}/api/v1/health`);
    expect(res.status).toBeLessThan(500);
  });
});
