// `npm start`: build the web app if needed, then run one server process serving the API and the app.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureWebBuild } from './ensure-web-build.mjs';

const root = join(import.meta.dirname, '..');
ensureWebBuild();
// A larger young generation: reading history decrypts and builds many short-lived objects, and the default
// semi-space made frequent scavenges the p99 of a page (docs/decisions.md, bench/history).
const server = spawn(
  process.execPath,
  ['--max-semi-space-size=32', '--import', 'tsx', join(root, 'apps', 'server', 'src', 'main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
