import type { Plugin } from 'vite';

/**
 * packages/contracts builds zod schemas at module top level. A bundler must assume any top-level call may
 * have side effects, so importing one plain helper (toLanguage, LANGUAGES) from a contracts file would
 * pull in every schema of that file and zod with it: about 25 KB gzip on the login page, which parses
 * nothing before its first request. Building a zod schema is pure, so this marks those calls
 * `/* @__PURE__ *\/` and the bundler keeps only the schemas the web app really uses.
 *
 * Only calls rooted at `z` (`z.object(...)`, `z.string().min(1)`) or at a schema constant (`ZFoo.extend(...)`),
 * and route descriptors (`apiRoute({...})`), are marked; `z.config()` changes global state and is left alone.
 */

type TNode = { type: string; start: number; [key: string]: unknown };

const CONTRACTS_DIR = '/packages/contracts/src/';
const IMPURE_ZOD_CALLS = new Set(['config']);

function isNode(value: unknown): value is TNode {
  return typeof value === 'object' && value !== null && typeof (value as TNode).type === 'string';
}

/** `z.a().b` -> `z`; the leftmost identifier of a member/call chain and the first member read on it. */
function chainRoot(node: TNode): { name: string; firstMember: string | undefined } | undefined {
  let current: TNode = node;
  let firstMember: string | undefined;
  for (;;) {
    if (current.type === 'MemberExpression' && isNode(current.object)) {
      const property = current.property;
      if (isNode(property) && property.type === 'Identifier') firstMember = String(property.name);
      current = current.object;
    } else if (current.type === 'CallExpression' && isNode(current.callee)) {
      current = current.callee;
    } else if (current.type === 'Identifier') {
      return { name: String(current.name), firstMember };
    } else {
      return undefined;
    }
  }
}

function isSchemaCall(node: TNode): boolean {
  if (node.type !== 'CallExpression' || !isNode(node.callee)) return false;
  // A route descriptor (api-route.ts) only returns its argument: an unused one goes with its schemas.
  if (node.callee.type === 'Identifier') return node.callee.name === 'apiRoute';
  if (node.callee.type !== 'MemberExpression') return false;
  const root = chainRoot(node.callee);
  if (!root) return false;
  if (root.name === 'z') return !IMPURE_ZOD_CALLS.has(root.firstMember ?? '');
  return /^Z[A-Z]/.test(root.name);
}

function collect(node: unknown, starts: Set<number>): void {
  if (Array.isArray(node)) {
    for (const child of node) collect(child, starts);
    return;
  }
  if (!isNode(node)) return;
  if (isSchemaCall(node)) starts.add(node.start);
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && typeof value === 'object') collect(value, starts);
  }
}

export function pureZodContracts(): Plugin {
  return {
    name: 'rounds:pure-zod-contracts',
    // Runs after Vite's TypeScript transform, so it sees plain JavaScript.
    transform(code, id) {
      if (!id.replaceAll('\\', '/').includes(CONTRACTS_DIR)) return null;
      const starts = new Set<number>();
      collect(this.parse(code), starts);
      if (starts.size === 0) return null;
      let out = code;
      for (const start of [...starts].sort((a, b) => b - a)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`;
      }
      return { code: out, map: null };
    },
  };
}
