import { defineConfig } from 'vitest/config';
import { MediaSpreadSequencer } from './media-spread-sequencer';

export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    // Each file starts its own server and browser; two at a time suits a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: MediaSpreadSequencer },
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
