import type { Challenge } from 'altcha-lib';
import { CappedMap, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Self-hosted ALTCHA proof of work: the browser spends a moment of CPU, no third party sees anything.
 * A solved challenge is accepted once.
 */
export type Captcha = {
  challenge: () => Promise<Challenge>;
  verify: (payload: string) => Promise<boolean>;
};

const CHALLENGE_TTL_S = 10 * 60;

export function createCaptcha(secret: string, cost = 5_000): Captcha {
  const used = new CappedMap<string, boolean>({ maxSize: 50_000 });
  return {
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
        if (!key || used.has(key)) return false;
        const result = await verifySolution({
          challenge: decoded.challenge,
          solution: decoded.solution,
          deriveKey,
          hmacSignatureSecret: secret,
        });
        return result.verified && used.setIfAbsent(key, true);
      } catch {
        return false;
      }
    },
  };
}
