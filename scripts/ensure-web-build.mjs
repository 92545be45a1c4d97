// Builds the web app when dist is missing or older than its sources (web or contracts).
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { isStale } from './stale.mjs';

const root = join(import.meta.dirname, '..');
const index = join(root, 'apps', 'web', 'dist', 'index.html');

export function ensureWebBuild() {
  const sources = [join(root, 'apps', 'web'), join(root, 'packages', 'contracts', 'src')];
  if (!isStale(index, sources)) return;
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
