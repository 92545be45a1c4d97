import { defineConfig } from 'vitest/config';

// Unit tests only (pure logic, no DOM): node is enough and keeps jsdom out of the tree.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
