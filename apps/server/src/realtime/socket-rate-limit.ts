import { Redis } from 'ioredis';

export type Budget = { allowed: boolean /** Until the window resets. */; resetMs: number };

export type SocketRateLimiter = {
  /** Counts one event of the user and says whether it is within the budget. */
  hit: (userId: string) => Promise<Budget>;
  close: () => Promise<void>;
};

// One INCR per event; the first of a window sets its expiry. Atomic in Redis, so processes share one count.
const WINDOW_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/** A fixed window per user in this process's memory (a process alone, or Redis unreachable). */
function memoryWindow(max: number, windowMs: number) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }, windowMs);
  sweep.unref();
  return {
    hit(key: string): Budget {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= max, resetMs: w.resetAt - now };
    },
    stop: () => clearInterval(sweep),
  };
}

/**
 * Every client socket event counts against a per-user budget of `max` per `windowMs`, like the REST limit
 * (plugins/security.ts) but across all of a user's tabs and, with Redis, all server processes: a user cannot
 * multiply the budget by opening sockets on several processes. If Redis does not answer in time, this
 * process's own count decides, so chat keeps working through a Redis outage.
 */
export function createSocketRateLimiter(o: {
  max: number;
  windowMs: number;
  redisUrl?: string;
  onRedisError?: (err: unknown) => void;
}): SocketRateLimiter {
  const memory = memoryWindow(o.max, o.windowMs);
  if (!o.redisUrl) {
    return {
      hit: async (userId) => memory.hit(userId),
      close: async () => memory.stop(),
    };
  }
  const redis = new Redis(o.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 500, enableOfflineQueue: false });
  redis.on('error', () => undefined); // reported per failed command below
  let warnedAt = 0;
  return {
    hit: async (userId) => {
      try {
        const [count, ttl] = (await redis.eval(WINDOW_SCRIPT, 1, `rounds:socket-rate:${userId}`, o.windowMs)) as [
          number,
          number,
        ];
        return { allowed: count <= o.max, resetMs: ttl };
      } catch (err) {
        if (Date.now() - warnedAt > 60_000) {
          warnedAt = Date.now();
          o.onRedisError?.(err);
        }
        return memory.hit(userId);
      }
    },
    close: async () => {
      memory.stop();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
