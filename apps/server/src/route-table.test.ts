import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { API_PREFIX } from '@rounds/contracts/limits';
import { SCIM_BASE_PATH } from '@rounds/contracts/scim';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/support/test-app';
import { contractOf } from './plugins/api-route';

/**
 * docs/routes-and-events.md says which file registers each route and which files publish each event, so a URL
 * or an event name leads to its file in one hop. This test keeps it true: it records where every route is
 * added (from the call stack, as the app is built) and which files publish what, and compares. After adding or
 * moving a route or a publisher, run it with UPDATE_TABLE=1 to rewrite the table.
 */
const SRC = import.meta.dirname;
const ROOT = join(SRC, '..', '..', '..');
const TABLE = join(ROOT, 'docs', 'routes-and-events.md');

/** The first frame of our own code that is not the shared registration helper. */
function registeringFile(stack: string): string {
  let fallback = '(unknown)';
  for (const line of stack.split('\n').slice(1)) {
    const file = /\((?:file:\/\/)?([^():]+\.ts):\d+:\d+\)|at (?:file:\/\/)?([^():]+\.ts):\d+:\d+/.exec(line);
    const path = file?.[1] ?? file?.[2];
    if (!path?.startsWith(SRC) || path.includes('node_modules')) continue;
    const rel = relative(ROOT, path);
    if (/(plugins\/api-route|route-table\.test|testing\/test-app)\.ts$/.test(rel)) continue;
    // app.ts registers every module; it is the file only for what it adds itself (the API docs).
    if (rel.endsWith('src/app.ts')) {
      fallback = rel;
      continue;
    }
    return rel;
  }
  return fallback;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Files that publish an event: they call publish and name the event. */
function publishers(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const path of sourceFiles(SRC)) {
    const text = readFileSync(path, 'utf8');
    if (!/\bpublish\w*\(/.test(text) && !/\.emit\(/.test(text)) continue;
    const named = [...text.matchAll(/SERVER_EVENTS\.(\w+)|'(\w+)'/g)].map((m) => m[1] ?? m[2]!);
    for (const event of named.filter((n) => n in SERVER_EVENTS)) {
      const files = found.get(event) ?? [];
      const rel = relative(ROOT, path);
      if (!files.includes(rel)) files.push(rel);
      found.set(event, files);
    }
  }
  return found;
}

/**
 * /api/v1 routes still added by hand while their domains move to contracts (issue 23); every other /api/v1 route
 * goes through registerRoute (plugins/api-route.ts), which marks it. A domain converted takes its lines out.
 */
const NOT_YET_CONTRACTS = new Set<string>([]);

/** The route families whose every route is a contract: the JSON API and SCIM. */
const CONTRACT_BASES = [API_PREFIX, SCIM_BASE_PATH].map((base) => `${base}/`);

let t: TestApp | undefined;
afterAll(() => t?.close());

describe('route and event table', () => {
  it('names the file of every route and the publishers of every event, as docs/routes-and-events.md says', async () => {
    const routes: string[] = [];
    const byHand: string[] = [];
    // Fastify and the plugins stand between the route file and the hook.
    Error.stackTraceLimit = 100;
    t = await createTestApp(
      {},
      {
        onRoute: (route) => {
          const methods = [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
          // @fastify/swagger-ui adds its pages from its own plugin, after our frames have left the stack.
          const file = route.url.startsWith('/api/docs')
            ? 'apps/server/src/plugins/openapi.ts'
            : registeringFile(new Error().stack ?? '');
          for (const method of methods) routes.push(`| ${method} ${route.url} | ${file} |`);
          if (CONTRACT_BASES.some((base) => route.url.startsWith(base)) && !contractOf(route))
            for (const method of methods) byHand.push(`${method} ${route.url}`);
        },
      },
    );
    const events = publishers();
    const eventRows = Object.keys(SERVER_EVENTS)
      .sort()
      .map((name) => `| ${name} | ${(events.get(name) ?? ['(not published)']).sort().join(', ')} |`);
    const table = [
      '# Routes and events',
      '',
      'Generated and kept true by apps/server/src/route-table.test.ts (`UPDATE_TABLE=1` rewrites it).',
      '',
      '## Routes: where each is registered',
      '',
      '| Route | File |',
      '| --- | --- |',
      ...[...new Set(routes)].sort(),
      '',
      '## Server events: which files publish each',
      '',
      '| Event | Files |',
      '| --- | --- |',
      ...eventRows,
      '',
    ].join('\n');
    if (process.env.UPDATE_TABLE) writeFileSync(TABLE, table);
    expect(routes.filter((r) => r.includes('(unknown)'))).toEqual([]);
    // Every /api/v1 and /scim/v2 route is a contract registered through registerRoute: not app.get/app.post/app.route.
    expect(
      byHand.filter((r) => !NOT_YET_CONTRACTS.has(r)),
      'added without registerRoute',
    ).toEqual([]);
    expect(
      [...NOT_YET_CONTRACTS].filter((r) => !byHand.includes(r)),
      'now contracts: take them out of NOT_YET_CONTRACTS',
    ).toEqual([]);
    expect(readFileSync(TABLE, 'utf8')).toBe(table);
  });
});
