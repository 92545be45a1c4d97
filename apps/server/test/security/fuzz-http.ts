import type { FuzzWorld } from './fuzz-server';
import { FUZZ_SEED } from './fuzz-values';

export type Who = 'mallory' | 'bob' | 'admin' | 'carol' | 'scim' | 'anonymous';

export type HttpCase = {
  n: number;
  method: string;
  path: string;
  query?: string;
  who: Who;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** What the case tries, for the report. */
  note: string;
};

export type Outcome = { c: HttpCase; status: number; text: string; error?: string };

/** Runs the cases against the real server, a few at a time (the machine has two cores). */
export async function runCases(world: FuzzWorld, cases: HttpCase[], concurrency = 6): Promise<Outcome[]> {
  const out: Outcome[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next;
      next += 1;
      out[i] = await runCase(world, cases[i]!);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}

async function runCase(world: FuzzWorld, c: HttpCase): Promise<Outcome> {
  const token = c.who === 'anonymous' ? undefined : world.tokens[c.who];
  const headers: Record<string, string> = {
    // Each call from its own address: per-IP limits must not turn the fuzz into a 429 test.
    'x-forwarded-for': `10.${c.n % 250}.${Math.floor(c.n / 250) % 250}.${(c.n % 200) + 1}`,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(c.headers ?? {}),
  };
  try {
    const res = await fetch(`${world.base}${c.path}${c.query ? `?${c.query}` : ''}`, {
      method: c.method,
      headers,
      ...(c.body === undefined ? {} : { body: c.body }),
      // A redirect is this server's answer (single sign-on sends the browser to the provider): the fuzz judges
      // it, not the page of whoever it names.
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    return { c, status: res.status, text: await res.text() };
  } catch (error) {
    return { c, status: 0, text: '', error: String((error as Error).cause ?? error) };
  }
}

/** What only a server's insides say: database errors, stack frames, file paths. */
const INTERNALS = /SQLITE_|sqlite3|PostgreSQL|duplicate key|violates|syntax error at|node_modules|\n\s+at \S+ \(/;

/**
 * An unknown page a browser navigates to gets the web app's not-found page with status 404 (decisions.md,
 * "Unknown paths"). fetch resolves dot segments before sending, so the path the server saw is the resolved one;
 * anything API-like there must still answer JSON.
 */
function isAppNotFoundPage(o: Outcome): boolean {
  if (o.status !== 404 || !/^<!doctype html>/i.test(o.text)) return false;
  const seen = new URL(o.c.path, 'http://x').pathname;
  return !/^\/(api|server|logos|healthz|readyz|metrics)(\/|$)/i.test(seen);
}

/** /scim/v2 answers every refusal in SCIM's Error body (RFC 7644 3.12), its status as a string. */
function scimErrorProblem(o: Outcome): string | null {
  let body: { schemas?: unknown; status?: unknown; detail?: unknown } | null = null;
  try {
    body = JSON.parse(o.text);
  } catch {
    body = null;
  }
  const isError =
    JSON.stringify(body?.schemas) === '["urn:ietf:params:scim:api:messages:2.0:Error"]' &&
    body?.status === String(o.status) &&
    typeof body?.detail === 'string';
  return isError ? null : `${o.status} without SCIM's Error body: ${o.text.slice(0, 200)}`;
}

/**
 * The problems of one outcome: a 5xx, a broken connection, a 4xx without { message, code } (without SCIM's
 * Error body under /scim/v2).
 */
export function problemsOf(o: Outcome): string | null {
  if (o.status === 0) return `no reply (${o.error})`;
  if (o.status >= 500) return `${o.status} ${o.text.slice(0, 200)}`;
  if (INTERNALS.test(o.text)) return `${o.status} shows internals: ${o.text.slice(0, 200)}`;
  // A HEAD reply has no body; socket.io's engine answers its own protocol's errors ({ code: number, message }).
  if (isAppNotFoundPage(o)) return null;
  // Headers over Node's limit are refused before the request line is read, so before any route family is known:
  // that 431 is { message, code } everywhere (plugins/client-error.ts).
  const scim = new URL(o.c.path, 'http://x').pathname.startsWith('/scim/');
  if (scim && o.status >= 400 && o.status !== 431 && o.c.method !== 'HEAD') return scimErrorProblem(o);
  if (o.status >= 400 && o.c.method !== 'HEAD' && !o.c.path.startsWith('/server/socket.io')) {
    let body: { message?: unknown; code?: unknown } | null = null;
    try {
      body = JSON.parse(o.text);
    } catch {
      body = null;
    }
    if (typeof body?.message !== 'string' || typeof body?.code !== 'string') {
      return `${o.status} without { message, code }: ${o.text.slice(0, 200)}`;
    }
  }
  return null;
}

/** Strings of Alice's found in a reply to Mallory, other than ones her own request carried (an echo is no leak). */
export function leakOf(world: FuzzWorld, o: Outcome): string | null {
  if (o.c.who !== 'mallory') return null;
  const sent = `${o.c.path}?${o.c.query ?? ''} ${typeof o.c.body === 'string' ? o.c.body : (o.c.body?.toString('latin1') ?? '')}`;
  const found = world.secrets.filter((s) => o.text.includes(s) && !sent.includes(s));
  return found.length ? `${o.status} reveals ${found.join(', ')}: ${o.text.slice(0, 200)}` : null;
}

const describeCase = (c: HttpCase) => {
  const body =
    c.body === undefined
      ? ''
      : ` body=${(typeof c.body === 'string' ? c.body : `<${c.body.length} bytes>`).slice(0, 160)}`;
  return `#${c.n} ${c.method} ${c.path}${c.query ? `?${c.query.slice(0, 120)}` : ''} as ${c.who} [${c.note}]${body}`;
};

/** One line per distinct problem (route, status, kind), with the seed to replay the run. */
export function report(title: string, found: { o: Outcome; problem: string }[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { o, problem } of found) {
    const key = `${o.c.method} ${o.c.path} ${problem.slice(0, 40)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(`${describeCase(o.c)}\n    → ${problem}`);
  }
  return `${title}: ${found.length} case(s), ${lines.length} distinct (replay with FUZZ_SEED=${FUZZ_SEED})\n${lines
    .slice(0, 40)
    .join('\n')}`;
}
