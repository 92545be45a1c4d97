// Writes the guest pages the server sends already rendered (docs/decisions.md "Guest pages arrive rendered"):
// a Vite SSR build of src/prerender.tsx renders the real pages (the same route table and components as the app)
// with react-dom/server, each page in each language goes into dist/index.html's #root, and the result is written to
// dist/prerendered/<page>.<lang>.html with a brotli and a gzip copy, as vite-plugin-compression2 does for the
// other assets. The server picks the file by the reader's language (apps/server/src/plugins/web-app.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

if (!isMainThread) {
  // A worker: render every page in its language and hand them back.
  const { language, bundle } = workerData;
  globalThis.navigator = { language, languages: [language] };
  const { PRERENDERED_ATTRIBUTE, SIGNED_IN_FRAME_ATTRIBUTE, PAGES, renderPage } = await import(bundle);
  const pages = [];
  for (const page of PAGES) pages.push({ ...page, ...(await renderPage(page.path, language)) });
  // The main thread ends the worker once it has the pages (the app's timers would keep it alive).
  parentPort.postMessage({ attribute: PRERENDERED_ATTRIBUTE, frameAttribute: SIGNED_IN_FRAME_ATTRIBUTE, pages });
}

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const out = join(web, 'node_modules', '.cache', 'rounds-prerender');

await build({
  root: web,
  configFile: join(web, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, manifest: false, copyPublicDir: false },
});

const template = readFileSync(join(dist, 'index.html'), 'utf8');
const EMPTY_ROOT = '<div id="root"></div>';
if (
  !template.includes(EMPTY_ROOT) ||
  !template.includes('<html lang="en">') ||
  !template.includes('<title>Rounds</title>')
)
  throw new Error('dist/index.html no longer has the shape scripts/prerender.mjs fills in');

const escapeText = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/**
 * The stylesheets of a lazily loaded route module that index.html does not link: the prerendered page is drawn with
 * them, so they come with it (render-blocking, as the entry's own), and the app's import of the route later
 * finds them there instead of adding them again.
 */
function routeStylesheets(source) {
  if (!source) return '';
  if (!manifest[source]) throw new Error(`the build's manifest has no ${source}`);
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...files]
    .filter((file) => !template.includes(`/${file}`))
    .map((file) => `\n    <link rel="stylesheet" crossorigin href="/${file}">`)
    .join('');
}
mkdirSync(join(dist, 'prerendered'), { recursive: true });
for (const language of ['en', 'fr']) {
  const { attribute, frameAttribute, pages } = await renderInWorker(language);
  for (const { name, frame, lazyRoute, html, title } of pages) {
    // The frame is inert until the app takes over: its button and search would do nothing before, and a click
    // made there would be lost (Playwright's journeys wait for the app's own, as a reader's pointer cannot land).
    const attributes = frame ? `${attribute} ${frameAttribute} inert` : attribute;
    const document = template
      .replace('<html lang="en">', `<html lang="${language}">`)
      // The first paint waits until the whole page is parsed (rel=expect, render-blocking): a busy phone's parser
      // otherwise paints the top of the page first and the login card a frame later.
      .replace(
        '<title>Rounds</title>',
        `<title>${escapeText(title)}</title>\n    <link rel="expect" href="#root" blocking="render" />`,
      )
      .replace('</head>', `${routeStylesheets(lazyRoute)}\n  </head>`)
      .replace(EMPTY_ROOT, `<div id="root" ${attributes}>${html}</div>`);
    const file = join(dist, 'prerendered', `${name}.${language}.html`);
    const bytes = Buffer.from(document);
    writeFileSync(file, bytes);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    console.log(`prerendered /${name} (${language}): ${(bytes.length / 1024).toFixed(1)} KB`);
  }
}
rmSync(out, { recursive: true, force: true });

/**
 * Each language in a worker thread of its own, whose navigator names that language: the app's stores start from
 * the browser's languages as they do in a browser, and a server render reads a store's initial state.
 */
function renderInWorker(language) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(fileURLToPath(import.meta.url), {
      workerData: { language, bundle: pathToFileURL(join(out, 'prerender.js')).href },
    });
    worker.once('message', (result) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`prerender worker (${language}) exited with ${code}`)));
  });
}
