import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The push-service stand-in's certificate, trusted through NODE_EXTRA_CA_CERTS by the forked workers.
    globalSetup: ['test/support/push-global-setup.ts'],
    // Each test file gets its own database (temp SQLite file or fresh PostgreSQL schema), so files run in parallel.
    pool: 'forks',
    // On PostgreSQL a test spends much of its time waiting on the database's own process, so two files at a time
    // use the two cores (the suite's wall time halves); on SQLite the work is all in this process, and one worker
    // per spare core (vitest's default) is as fast.
    ...(process.env.DATABASE_URL ? { maxWorkers: 2 } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
