import { type RedisServer, startRedis } from '@rounds/test-kit/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/test-app';
import { disconnectSessions } from './publish';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe('a delayed close of revoked sessions', () => {
  it('is dropped when the server shuts down first, not published on the Redis connection that has ended', async () => {
    const unheard: unknown[] = [];
    const listen = (reason: unknown) => unheard.push(reason);
    process.on('unhandledRejection', listen);
    try {
      const t = await createTestApp({ REDIS_URL: redis.url });
      // As a forced logout does: the warning goes first, the sockets close a moment later.
      disconnectSessions(t.app.io, ['a-revoked-session'], 100);
      await t.close();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(unheard).toEqual([]);
    } finally {
      process.off('unhandledRejection', listen);
    }
  });
});
