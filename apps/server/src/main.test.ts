import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServerProcess as start } from '@rounds/test-kit/server-process';
import { describe, expect, it } from 'vitest';

describe('the server process', () => {
  it('stops at start-up with one line naming a bad variable', async () => {
    const p = start({ PORT: 'abc', DATA_DIR: mkdtempSync(join(tmpdir(), 'rounds-main-')) });
    expect(await p.exited).toBe(1);
    expect(p.output().trim()).toBe('Invalid environment variable PORT: Invalid input: expected number, received NaN');
  });

  it('prints the generated first Admin password once, and shuts down gracefully on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'rounds-main-'));
    const p = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' });
    const deadline = Date.now() + 20_000;
    while (!p.output().includes('Rounds is serving') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(p.output()).toMatch(/Sign in as admin@rounds\.local with password [A-Za-z0-9]{20} \(shown only once\)/);
    // Ready once the staff directory, built as the process starts, is there.
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    // A restart's reconnecting crowd waits in the kernel's queue instead of being dropped (main.ts LISTEN_BACKLOG):
    // ss shows a listening socket's backlog as its Send-Q, capped by net.core.somaxconn.
    const [, , backlog] = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    expect(Number(backlog)).toBe(Math.min(4_096, somaxconn));
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('SIGTERM received, shutting down');

    // Second start on the same data: no new admin, no password printed.
    const again = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' });
    while (!again.output().includes('Rounds is serving') && Date.now() < deadline + 20_000) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(again.output()).not.toContain('shown only once');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
