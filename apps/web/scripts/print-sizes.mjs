// Prints every JS and CSS asset of the build with its raw and gzip size, then the gzip total of the JS
// that index.html loads before anything else (its entry and the entry's static imports, read from
// dist/.vite/manifest.json). Fails the build when that first download exceeds the budget.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// 200 KB until the chunk groups of build/chunk-groups.ts put every module the entry reaches into one chunk, which
// adds about 10 KB of Mantine that only signed-in screens use (docs/decisions.md, issue 13 "The first load").
const BUDGET_BYTES = 211 * 1024;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

const assets = readdirSync(join(dist, 'assets'))
  .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
  .map((name) => {
    const file = `assets/${name}`;
    return { file, raw: readFileSync(join(dist, file)).length, gzip: gzipSize(file) };
  })
  .sort((a, b) => b.gzip - a.gzip);

const width = Math.max(...assets.map((a) => a.file.length), 10);
console.log(`\n${'asset'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
for (const { file, raw, gzip } of assets)
  console.log(`${file.padEnd(width)}  ${kb(raw).padStart(10)}  ${kb(gzip).padStart(10)}`);

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('No entry in dist/.vite/manifest.json');
  process.exit(1);
}

// The entry plus everything it imports statically, transitively: what the browser fetches up front.
const initial = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || initial.has(chunk.file)) return;
  initial.add(chunk.file);
  for (const next of chunk.imports ?? []) visit(next);
};
visit(entryKey);

const initialJs = [...initial].filter((file) => file.endsWith('.js'));
const total = initialJs.reduce((sum, file) => sum + gzipSize(file), 0);
const css = (manifest[entryKey].css ?? []).reduce((sum, file) => sum + gzipSize(file), 0);
const lazyJs = assets.filter((a) => a.file.endsWith('.js') && !initial.has(a.file)).length;

console.log(
  `\ninitial JS loaded by index.html (${initialJs.join(', ')}): ${kb(total)} gzip of ${kb(BUDGET_BYTES)} budget`,
);
console.log(`initial CSS: ${kb(css)} gzip; lazily loaded JS chunks: ${lazyJs}`);
if (total > BUDGET_BYTES) {
  console.error(`Initial JS is over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
