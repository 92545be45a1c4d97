// Builds the web app when dist is missing or older than its sources (web or contracts).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const index = join(root, 'apps', 'web', 'dist', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function ensureWebBuild() {
  const sources = [join(root, 'apps', 'web'), join(root, 'packages', 'contracts', 'src')];
  const stale = !existsSync(index) || sources.some((dir) => newestMtime(dir) > statSync(index).mtimeMs);
  if (!stale) return;
  console.log('Building the web app…');
  // A production build whatever the caller's NODE_ENV: vitest sets NODE_ENV=test, which would make Vite
  // bundle React's development build (larger than the budget and not what users get).
  execSync('npm run build -w @rounds/web', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureWebBuild();
