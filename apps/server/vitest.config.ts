import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The push-service stand-in's certificate, trusted through NODE_EXTRA_CA_CERTS by the forked workers.
    globalSetup: ['test/support/push-global-setup.ts'],
    // Each test file gets its own database (temp SQLite file or fresh PostgreSQL schema), so files run in parallel.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
