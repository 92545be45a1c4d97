import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { LANGUAGE_COOKIE, pageLanguage } from '@rounds/contracts/first-paint';
import { matchesRoute, PRERENDERED_PAGES, ROUTE_ACCESS } from '@rounds/contracts/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

// Case-insensitive: /API/V1/... is a mistyped API call, answered in JSON like the others, never the app page.
const API_LIKE = /^\/(api|server|logos|healthz|readyz|metrics)(\/|$)/i;
/** A dot-dot segment (plain or encoded) is a path-traversal probe, not a page anyone navigates to. */
const TRAVERSAL = /(^|\/)(\.|%2e){2}(\/|$)/i;

/** True for a path of the web route table (client routes render there; anything else is the 404 page). */
export function isAppRoute(pathname: string): boolean {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return true;
  return ROUTE_ACCESS.some((r) => matchesRoute(r.path, pathname) && r.path !== '/404');
}

/** The prerendered pages by path (PRERENDERED_PAGES: the web's build writes them, apps/web/scripts/prerender.mjs). */
const PRERENDERED: ReadonlyMap<string, string> = new Map(PRERENDERED_PAGES.map((page) => [page.path, page.name]));

/**
 * The file to send for an app route: its prerendered page in the reader's language when the build wrote one
 * (the language the web shows on this device, from its cookie, else Accept-Language), otherwise index.html.
 */
export function appPageFile(
  distDir: string,
  pathname: string,
  reader: { languageCookie: string | undefined; acceptLanguage: string | undefined },
): { file: string; byLanguage: boolean } {
  const name = PRERENDERED.get(pathname);
  if (name) {
    const language = pageLanguage(reader.languageCookie, reader.acceptLanguage);
    const file = `prerendered/${name}.${language}.html`;
    if (existsSync(join(distDir, file))) return { file, byLanguage: true };
  }
  return { file: 'index.html', byLanguage: false };
}

/**
 * Serves the built web app. Assets are immutable (hashed names); every client route gets its prerendered page or
 * index.html, and an unknown path gets index.html with status 404 so the app shows its not-found page. The build writes a
 * brotli and a gzip copy of each asset (vite-plugin-compression2); `preCompressed` serves the best one the
 * browser accepts, so nothing is compressed per request.
 */
export async function installWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Files are looked up per request, so a rebuild under a running server is served at once.
      wildcard: true,
      // / is an app route like the others (below): its page is picked by language, not dist/index.html as is.
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  /** An app page: the prerendered one for the reader when the build wrote one, else index.html (404 off-route). */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const appRoute = isAppRoute(pathname);
    const page = appRoute
      ? appPageFile(distDir, pathname, {
          languageCookie: request.cookies[LANGUAGE_COOKIE],
          acceptLanguage: request.headers['accept-language'],
        })
      : { file: 'index.html', byLanguage: false };
    if (page.byLanguage) reply.header('vary', 'cookie, accept-language');
    return reply
      .status(appRoute ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile(page.file);
  };

  // The static files answer a directory itself with 403 when they have no index to send: / is the home page.
  if (hasBuild) app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      !hasBuild ||
      API_LIKE.test(pathname) ||
      TRAVERSAL.test(pathname) ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      throw new AppError(404, 'NOT_FOUND', 'routeNotFound', {}, { method: request.method, path: pathname });
    }
    return sendPage(request, reply, pathname);
  });
}
