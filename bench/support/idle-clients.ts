import { readFileSync } from 'node:fs';
import type { Socket } from 'socket.io-client';
import { openBenchSocket } from './bench-socket';

/**
 * One of bench/idle's client processes: opens one socket per token (websocket, as the web), in waves, prints
 * `connected <n>` once all are, then holds them until killed. argv: file of { url, tokens }.
 */
const { url, tokens } = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { url: string; tokens: string[] };
const sockets: Socket[] = [];
let failed = 0;
for (let start = 0; start < tokens.length; start += 250) {
  await Promise.all(
    tokens.slice(start, start + 250).map(
      (token) =>
        new Promise<void>((resolve) => {
          const s = openBenchSocket(url, token);
          sockets.push(s);
          s.once('connect', () => resolve());
          s.once('connect_error', () => {
            failed += 1;
            resolve();
          });
        }),
    ),
  );
}
console.log(`connected ${sockets.length - failed} failed ${failed}`);
setInterval(() => undefined, 60_000);
