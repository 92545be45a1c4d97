import type { Challenge } from 'altcha-lib';
import { CappedMap, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Redis } from 'ioredis';

/**
 * Self-hosted ALTCHA proof of work: the browser spends a moment of CPU, no third party sees anything.
 * A solved challenge is accepted once, by any process: with REDIS_URL the set of used challenges lives in
 * Redis (SET NX with the challenge's lifetime), otherwise in this process's memory.
 */
export type Captcha = {
  challenge: () => Promise<Challenge>;
  verify: (payload: string) => Promise<boolean>;
  close: () => Promise<void>;
};

const CHALLENGE_TTL_S = 10 * 60;

/** Marks a challenge used; true only for the first caller, whichever process it is in. */
type ReplaySet = { claim: (key: string) => Promise<boolean>; close: () => Promise<void> };

function memoryReplaySet(): ReplaySet {
  const used = new CappedMap<string, boolean>({ maxSize: 50_000 });
  return { claim: async (key) => used.setIfAbsent(key, true), close: async () => undefined };
}

function redisReplaySet(url: string): ReplaySet {
  const redis = new Redis(url, { connectTimeout: 1000, commandTimeout: 1000, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined); // a failed claim refuses the captcha below; ioredis reconnects
  return {
    // The challenge expires after CHALLENGE_TTL_S, so remembering it longer is useless. If Redis is down the
    // claim fails and the captcha is refused (fail closed): a replay must never get through.
    claim: async (key) => (await redis.set(`rounds:captcha:${key}`, '1', 'EX', CHALLENGE_TTL_S, 'NX')) === 'OK',
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createCaptcha(secret: string, cost = 5_000, redisUrl?: string): Captcha {
  const used = redisUrl ? redisReplaySet(redisUrl) : memoryReplaySet();
  return {
    close: used.close,
    challenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        counter: 1 + Math.floor(Math.random() * 2_000),
        deriveKey,
        hmacSignatureSecret: secret,
        expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_S,
      }),
    verify: async (payload) => {
      try {
        const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
        const key = String(decoded?.challenge?.signature ?? '');
        if (!key) return false;
        const result = await verifySolution({
          challenge: decoded.challenge,
          solution: decoded.solution,
          deriveKey,
          hmacSignatureSecret: secret,
        });
        return result.verified && (await used.claim(key));
      } catch {
        return false;
      }
    },
  };
}
