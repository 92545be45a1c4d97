import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../../testing/redis';
import { createTestApp } from '../../testing/test-app';

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
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: true, redis: true });
      await redis.stop();
      const down = await t.app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: true, redis: false });
      // Liveness does not depend on Redis: the process itself is fine.
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
