import { contactRoutes } from '@rounds/contracts/contacts';
import { type RedisServer, startRedis } from '@rounds/test-kit/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { createTestApp } from '../../../test/support/test-app';
import { createUser, login } from '../../../test/support/users';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe('/readyz', () => {
  it('is ready when the database and Redis answer, and 503 naming Redis when it does not', async () => {
    const t = await createTestApp({ REDIS_URL: redis.url });
    try {
      expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
      // The staff directory is being built as the process starts; ready once it is.
      await expect.poll(async () => (await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.json()).toEqual({ status: 'ready', database: true, directory: true, redis: true });
      await redis.stop();
      const down = await t.app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: true, directory: true, redis: false });
      // Liveness does not depend on Redis: the process itself is fine.
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('the staff directory at start (issue 28)', () => {
  it('is built while the process starts, so the first Contacts does not build it; /readyz waits for it', async () => {
    const t = await createTestApp();
    try {
      await expect.poll(async () => (await t.app.inject({ url: '/readyz' })).json().directory).toBe(true);
      expect(t.app.directory.stats()).toEqual({ rebuilds: 1, updates: 0 });
      const { token } = await login(t.app, (await createUser(t.app)).email);
      const before = t.app.directory.stats().rebuilds;
      const list = await callRoute(t.app, contactRoutes.list, { body: {}, token });
      expect(list.statusCode).toBe(200);
      // The newcomer was added to the snapshot built at start, not by a rebuild.
      expect(t.app.directory.stats().rebuilds).toBe(before);
    } finally {
      await t.close();
    }
  });
});
