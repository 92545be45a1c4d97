import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Request logs carry what an operator needs (method, route, status, time, client address, request id) and
 * nothing a reader of the logs could use to sign in or read a conversation: no header that authenticates, no
 * cookie, no query value (a key, an address, a log id), and never a body. Fastify logs no bodies itself; the
 * redact paths are the net under code that logs an object it was given.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-forwarded-for"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body',
  'req.body',
  '*.body',
  'password',
  '*.password',
  'token',
  '*.token',
  'tempToken',
  '*.tempToken',
  'verifyToken',
  '*.verifyToken',
  'refreshToken',
  '*.refreshToken',
  'captchaResponse',
  '*.captchaResponse',
];

/** The path, with every query value replaced: `/api/v1/chat-room/image?key=[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  const keys = [...new Set(params.keys())];
  return `${url.slice(0, q)}?${keys.map((k) => `${encodeURIComponent(k)}=[redacted]`).join('&')}`;
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        // With TRUST_PROXY, the client's address as the proxy reported it.
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
