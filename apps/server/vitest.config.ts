import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The push-service stand-in's certificate, trusted through NODE_EXTRA_CA_CERTS by the forked workers.
    globalSetup: ['test/support/push-global-setup.ts'],
    // Each test file gets its own database (temp SQLite file or fresh PostgreSQL schema), so files run in parallel.
    pool: 'forks',
    // A worker's files share its loaded modules instead of importing the server afresh for each file: the imports
    // were two thirds of the suite's time (196 s of 750). Every file builds its own app, database and config, so
    // what is shared is code and the few process-wide caches a real server keeps too.
    isolate: false,
    // At least two files at a time. On PostgreSQL a test spends much of its time waiting on the database's own
    // process, so two workers halve the suite's wall time; on SQLite vitest's default (one worker per spare core)
    // leaves a 2-core machine's second core idle whenever nothing runs beside the suite (in CI, once the
    // PostgreSQL suite that starts with it has ended).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
