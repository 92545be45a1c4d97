import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { FIRST_PAINT_SCRIPT } from '@rounds/contracts/first-paint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { requestLanguage } from '../lib/request-language';
import { text } from '../lib/texts';
import { verifyAccessToken } from '../lib/tokens';

/**
 * The one inline script of the web app (the colour scheme set before the first paint, and an early submit of a
 * prerendered form held for the app: contracts/first-paint.ts), allowed by its hash: any other inline script, or
 * this one altered, stays blocked.
 */
export const FIRST_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;

/**
 * Security headers with a strict Content-Security-Policy the web app works under: scripts only from our
 * origin (no inline script but the first-paint one, by its hash), styles may be inline because Mantine sets CSS variables in style
 * attributes, media from blob: for voice notes and calls.
 */
export async function installSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", FIRST_PAINT_SCRIPT_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Same-origin app; cross-origin isolation would block nothing we need and break media later.
    crossOriginEmbedderPolicy: false,
    // Set per request below, from the scheme the browser really used.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (isHttps(req, config)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  // A generous global limit per client; sensitive routes set tighter ones in their own config. Only the API
  // and the socket count: a page load fetches dozens of static files. A signed-in caller is counted per user,
  // not per IP, because a whole hospital often reaches us through one address.
  // With REDIS_URL the counters (global and per route) live in Redis, so N processes allow the budget once,
  // not N times. If Redis does not answer within half a second the request goes through (skipOnError): an
  // outage of the limiter must not take the API down with it.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 500, commandTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    redis.on('error', () => undefined); // a failed command is skipped; ioredis reconnects by itself
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: true,
    ...(redis ? { redis, nameSpace: 'rounds:rate:', skipOnError: true } : {}),
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    allowList: (req) => !/^\/(api|server)\//.test(req.url),
    keyGenerator: (req) => rateLimitKey(req, config.JWT_SECRET),
    errorResponseBuilder: (req, ctx) => ({
      statusCode: 429,
      message: text('rateLimited', requestLanguage(req), { s: Math.ceil(ctx.ttl / 1000) }),
      code: 'RATE_LIMITED',
    }),
  });
}

/**
 * Whether the browser reached us over TLS: directly, through a trusted proxy's X-Forwarded-Proto
 * (TRUST_PROXY, which makes Fastify's request.protocol read it), or as PUBLIC_URL says. Decides the
 * refresh cookie's Secure flag and HSTS.
 */
export function isHttps(req: FastifyRequest, config: Pick<Config, 'PUBLIC_URL'>): boolean {
  return req.protocol === 'https' || config.PUBLIC_URL.startsWith('https://');
}

/** Per user when the request carries a valid access token, per IP otherwise. */
async function rateLimitKey(req: FastifyRequest, secret: string): Promise<string> {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const claims = await verifyAccessToken(secret, header.slice(7));
    if (claims) return `user:${claims.sub}`;
  }
  return `ip:${req.ip}`;
}
