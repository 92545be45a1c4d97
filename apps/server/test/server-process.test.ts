import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type ServerProcess, startServerProcess, untilServing } from '@rounds/test-kit/server-process';
import { afterEach, describe, expect, it } from 'vitest';

let started: ServerProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'rounds-kit-'));
afterEach(async () => {
  if (started && started.child.exitCode === null && started.child.signalCode === null) {
    started.child.kill('SIGKILL');
    await started.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the test kit's server process", () => {
  it('is stopped when it does not serve in time, not left to finish starting and outlive the run', async () => {
    started = startServerProcess({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    });
    await expect(untilServing(started, 0)).rejects.toThrow('server did not start');
    await started.exited;
    expect(started.child.signalCode).toBe('SIGKILL');
  });
});
