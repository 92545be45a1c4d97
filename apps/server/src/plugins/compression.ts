import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Routes whose replies carry secrets (access tokens, refresh cookies, captcha answers) next to text the caller
 * chose (an email, a username): compressing them would let a page that can make the browser call them guess
 * the secret from the compressed length (BREACH). They are small anyway.
 */
const NEVER_COMPRESSED = /^\/api\/v1\/auth(\/|$)/;

/**
 * API replies are compressed on the fly (brotli at quality 4, or gzip) once over 1 KiB. The web app's assets
 * are compressed at build time (vite-plugin-compression2) and served as they are by @fastify/static
 * (`preCompressed`), which sets content-encoding, so this plugin leaves them alone; images, audio and other
 * already-compressed types are not in @fastify/compress's compressible list. The socket never goes through
 * Fastify's replies. Registered before the routes: its onRoute hook wraps each route as it is added.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (NEVER_COMPRESSED.test(route.url)) route.compress = false;
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
