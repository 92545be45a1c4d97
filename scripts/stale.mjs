// Whether a build output is missing or older than any of its sources (node_modules and dist skipped).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function isStale(output, sources) {
  return !existsSync(output) || sources.some((dir) => newestMtime(dir) > statSync(output).mtimeMs);
}
