import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Server tests call /api/v1 routes through callRoute (test/support/call-route.ts) with the route's descriptor, so a
 * path is written once, in packages/contracts (issue 23). This fails when an `inject(...)` call writes an /api/v1
 * URL string instead. The few files that must send a raw request say why here; a raw request to a contract
 * route builds its URL from the descriptor (routeUrl), which this check lets through.
 */
const RAW_ALLOWED: Record<string, string> = {
  'src/app.test.ts': 'probes the error handler through routes it registers itself, and the 404 of unknown paths',
  'src/plugins/compression.test.ts': 'the 404 of an unknown path, which no descriptor names',
  'test/security/fixture.ts': 'the authorization matrix and fuzzers build their world from the route table',
  'test/security/fuzz-server.ts': 'the fuzzer sends what no contract allows',
};

const ROOT = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** The text of every `inject(` call: from the name to its closing parenthesis. */
function injectCalls(text: string): string[] {
  const calls: string[] = [];
  for (const match of text.matchAll(/\binject\(/g)) {
    let depth = 0;
    for (let i = match.index + 'inject'.length; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) {
        calls.push(text.slice(match.index, i + 1));
        break;
      }
    }
  }
  return calls;
}

describe('server tests call /api/v1 routes by descriptor', () => {
  it('writes no /api/v1 URL string in an inject call outside the raw cases', () => {
    const found = [join(ROOT, 'src'), join(ROOT, 'test')]
      .flatMap(sources)
      .map((path) => relative(ROOT, path))
      .filter((file) => !(file in RAW_ALLOWED))
      .filter((file) => injectCalls(readFileSync(join(ROOT, file), 'utf8')).some((call) => call.includes('/api/v1')));
    expect(found, 'call these routes with callRoute and their descriptor').toEqual([]);
  });

  it('keeps the allowlist to files that still need it', () => {
    const stale = Object.keys(RAW_ALLOWED).filter(
      (file) => !injectCalls(readFileSync(join(ROOT, file), 'utf8')).some((call) => call.includes('/api/v1')),
    );
    expect(stale, 'take these out of RAW_ALLOWED').toEqual([]);
  });
});

/** Source text without its comments: a comment may name a path, code may not. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('journeys, benches and the test kit call routes by descriptor', () => {
  it('write no /api/v1 URL: routeFetch takes the descriptor, and a raw request builds its URL with routeUrl', () => {
    const REPO = join(ROOT, '..', '..');
    const found = ['e2e', 'bench', 'packages/test-kit/src', 'apps/server/test/support']
      .flatMap((dir) => sources(join(REPO, dir)))
      .filter((path) => code(readFileSync(path, 'utf8')).includes('/api/v1'))
      .map((path) => relative(REPO, path));
    expect(found, 'call these routes through their descriptors').toEqual([]);
  });
});
