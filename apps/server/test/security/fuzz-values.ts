/**
 * Values for the fuzz, generated from JSON schemas (the OpenAPI document's, or z.toJSONSchema of a socket
 * contract) with a seeded generator: the same seed gives the same cases, so a failure can be replayed.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
};

export type Rng = {
  next: () => number;
  int: (n: number) => number;
  pick: <T>(xs: readonly T[]) => T;
  chance: (p: number) => boolean;
};

/** mulberry32: small, fast, and the same everywhere. */
export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: (xs) => xs[int(xs.length)]!, chance: (p) => next() < p };
}

/** The seed of this run: FUZZ_SEED to replay one, a fixed default otherwise (the suite is deterministic). */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const deep = (depth: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i += 1) v = i % 2 ? [v] : { a: v };
  return v;
};

/** Values that break assumptions: wrong types, edges, huge, control and bidi characters, injection text. */
export function junkValues(ids: string[]): unknown[] {
  return [
    null,
    true,
    false,
    0,
    -1,
    -0,
    1.5,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 63),
    1e308,
    -1e308,
    5e-324,
    '',
    ' ',
    '0',
    '-1',
    'NaN',
    'Infinity',
    '1e999',
    'true',
    'null',
    'a'.repeat(70_000),
    '\u0000',
    'a\u0000b\u0007c\u001b[31m',
    '\r\nSet-Cookie: x=1',
    '\u202eexe.jpg',
    '\ud800',
    '\udfff\ud800',
    '\uffff\ufeff',
    '😷'.repeat(2000),
    'Ａｄｍｉｎ',
    '<script>alert(1)</script>',
    "' OR '1'='1' --",
    '"; DROP TABLE users; --',
    '../../../../etc/passwd',
    '%00%2e%2e%2f',
    '#{7*7}{{7*7}}<%= 7*7 %>',
    '000000000000000000000000',
    'ffffffffffffffffffffffff',
    'FFFFFFFFFFFFFFFFFFFFFFFF',
    ' 0123456789abcdef01234567 ',
    [],
    [null],
    ['a'.repeat(10_000)],
    Array.from({ length: 2000 }, (_, i) => String(i)),
    {},
    { $gt: '' },
    { $ne: null },
    { __proto__: { polluted: 1 } },
    JSON.parse('{"__proto__":{"polluted":1}}'),
    { constructor: { prototype: { polluted: 1 } } },
    { toString: 'x', valueOf: 1, hasOwnProperty: 2 },
    deep(60),
    deep(3000),
    ...ids,
  ];
}

type Ctx = { rng: Rng; idFor: (field: string) => string; keyFor: (field: string) => string };

/** A plausible valid value for a schema; ids and keys come from the seeded world (other users' included). */
export function sample(schema: JsonSchema | undefined, ctx: Ctx, field = ''): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return ctx.rng.pick(schema.enum);
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(ctx.rng.pick(alt), ctx, field);
  if (schema.allOf?.length) return sample(schema.allOf[0], ctx, field);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(k) || ctx.rng.chance(0.5)) out[k] = sample(v, ctx, k);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 2, 1 + ctx.rng.int(2)));
      return Array.from({ length: n }, () => sample(schema.items, ctx, field));
    }
    case 'string': {
      if (schema.pattern === '^[0-9a-f]{24}$') return ctx.idFor(field);
      if (schema.pattern === '^[0-9a-f]{32}$') return ctx.keyFor(field);
      if (schema.format === 'email') return `fuzz${ctx.rng.int(1e6)}@test.rounds`;
      const min = schema.minLength ?? 1;
      const max = Math.max(min, Math.min(schema.maxLength ?? 12, 12));
      return 'x'.repeat(min + ctx.rng.int(max - min + 1));
    }
    case 'integer':
    case 'number': {
      const lo = schema.minimum ?? 0;
      const hi = schema.maximum ?? lo + 10;
      return lo + ctx.rng.int(Math.max(1, Math.min(hi - lo, 10)) + 1);
    }
    case 'boolean':
      return ctx.rng.chance(0.5);
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** Dotted paths of the object properties of a schema (two levels), to aim a junk value at one field. */
export function fieldPaths(schema: JsonSchema | undefined, prefix: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 1) return [];
  const alt = schema.anyOf ?? schema.oneOf;
  const s = alt?.find((a) => a.type === 'object') ?? schema;
  if (!s.properties) return [];
  return Object.entries(s.properties).flatMap(([k, v]) => [
    [...prefix, k],
    ...fieldPaths(v, [...prefix, k], depth + 1),
  ]);
}

/** The body with an own "__proto__" key, as JSON.parse makes it from a hostile request. */
function withProto(body: unknown): unknown {
  const rest = body && typeof body === 'object' && !Array.isArray(body) ? JSON.stringify(body).slice(1, -1) : '';
  return JSON.parse(`{"__proto__":{"isAdmin":true,"role":"Admin"}${rest ? `,${rest}` : ''}}`);
}

/** A copy of `base` with the value at `path` replaced (or removed when `value` is REMOVE). */
export const REMOVE = Symbol('remove');
export function withField(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const obj: Record<string, unknown> =
    base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    if (value === REMOVE) delete obj[head];
    else Object.defineProperty(obj, head, { value, enumerable: true, writable: true, configurable: true });
  } else {
    obj[head] = withField(obj[head], rest, value);
  }
  return obj;
}

/**
 * Bodies for one schema: a valid one, each field given junk, each required field removed, the body itself
 * replaced by junk, and extra keys (prototype pollution, unknown fields).
 */
export function bodyCases(schema: JsonSchema | undefined, ctx: Ctx, junk: unknown[], budget: number): unknown[] {
  const valid = () => sample(schema, ctx);
  const cases: unknown[] = [valid(), {}, [], 'text', 42, null];
  const paths = fieldPaths(schema);
  for (const path of paths) cases.push(withField(valid(), path, REMOVE));
  cases.push({ ...(valid() as object), unknownField: 'x', id: ctx.idFor('id'), userId: ctx.idFor('userId') });
  cases.push(withProto(valid()));
  cases.push({ ...(valid() as object), constructor: { prototype: { role: 'Admin' } } });
  while (cases.length < budget) {
    if (paths.length === 0 || ctx.rng.chance(0.1)) cases.push(ctx.rng.pick(junk));
    else cases.push(withField(valid(), ctx.rng.pick(paths), ctx.rng.pick(junk)));
  }
  return cases;
}
