// `npm run bench -- <name>`: runs bench/<name>.ts, which prints its own figures.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const name = process.argv[2];
const available = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''));
if (!name || !existsSync(join(root, 'bench', `${name}.ts`))) {
  console.error(`Usage: npm run bench -- <name>   (one of: ${available.join(', ')})`);
  process.exit(2);
}
const r = spawnSync(
  process.execPath,
  // The server's own GC setting (scripts/start.mjs), for benchmarks that run parts of it in process.
  ['--max-semi-space-size=32', '--import', 'tsx', join(root, 'bench', `${name}.ts`), ...process.argv.slice(3)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(r.status ?? 1);
