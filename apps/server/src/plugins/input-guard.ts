import type { FastifyInstance } from 'fastify';
import { invalidField } from '../lib/errors';

/** The dotted path of the first string holding U+0000 in a parsed request part, or null. */
export function nulPath(value: unknown): string | null {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path.join('.') || 'body';
    } else if (v && typeof v === 'object' && path.length < 64) {
      for (const [k, child] of Object.entries(v)) stack.push([child, [...path, k]]);
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store U+0000 in text and fails the statement (and, in a batched write, every statement
 * with it): a NUL in any string of a validated query or body is a 400 naming the field, on both engines.
 * It runs after validation, so a field's own contract (control characters in names) answers first.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    const field = nulPath(req.query) ?? nulPath(req.body);
    if (field) throw invalidField(field, 'nulCharacter');
  });
}
