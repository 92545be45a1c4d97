import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificate } from './certificate';
import { untilListening } from './redis';
import { freePort } from './server-process';

/** The proxy locations README documents, included as they are by the test configuration. */
export const PROXY_SNIPPET = join(import.meta.dirname, '..', '..', '..', 'deploy', 'nginx', 'rounds-proxy.conf');

export type Nginx = {
  port: number;
  base: string;
  /** The self-signed certificate the server presents (PEM), to trust in clients. */
  ca: string;
  accessLog: () => string;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Debian's nginx, run as the current user with its own prefix, configuration, temp folders and logs (no system
 * file is read or written), terminating TLS with a certificate openssl makes now, for 127.0.0.1, in front of the
 * given Rounds ports (plain HTTP with `tls: false`, for tests whose subject is not TLS).
 */
export async function startNginx(upstreamPorts: number[], o: { tls?: boolean } = {}): Promise<Nginx> {
  const tls = o.tls ?? true;
  const dir = mkdtempSync(join(tmpdir(), 'rounds-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const { cert, key } = selfSignedCertificate(dir, 'localhost', 'IP:127.0.0.1,DNS:localhost');
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} info;
events { worker_connections 1024; }
http {
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  upstream rounds {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 16;
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' close;
  }
  log_format rounds '$remote_addr [$time_local] "$request_method $uri $server_protocol" $status $body_bytes_sent '
                    '$request_time "$http_user_agent"';
  server {
    listen 127.0.0.1:${port}${tls ? ' ssl' : ''};
    ${tls ? `ssl_certificate ${cert};` : ''}
    ${tls ? `ssl_certificate_key ${key};` : ''}
    access_log ${join(dir, 'access.log')} rounds;
    include ${PROXY_SNIPPET};
  }
}
`,
  );
  let output = '';
  const child: ChildProcess = spawn(
    'nginx',
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    await untilListening(port);
  } catch {
    throw new Error(`nginx did not start:\n${output}`);
  }
  const read = (name: string) => {
    try {
      return readFileSync(join(dir, name), 'utf8');
    } catch {
      return '';
    }
  };
  return {
    port,
    base: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    ca: readFileSync(cert, 'utf8'),
    accessLog: () => read('access.log'),
    output: () => output + read('error.log'),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
