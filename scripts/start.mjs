// `npm start`: build the web app and the server bundle if needed, then run the server (one process, or WORKERS).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureServerBuild } from './ensure-server-build.mjs';
import { ensureWebBuild } from './ensure-web-build.mjs';

const root = join(import.meta.dirname, '..');
ensureWebBuild();
const bundle = await ensureServerBuild();
// A larger young generation: reading history decrypts and builds many short-lived objects, and the default
// semi-space made frequent scavenges the p99 of a page (docs/decisions.md, bench/history).
const server = spawn(process.execPath, ['--enable-source-maps', '--max-semi-space-size=32', bundle], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
