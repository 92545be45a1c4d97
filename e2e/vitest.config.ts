import { defineConfig } from 'vitest/config';
import { MediaSpreadSequencer } from './media-spread-sequencer';
import { budget } from './support/budget';

export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    // Each file starts its own server and browser; two at a time suits a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: MediaSpreadSequencer },
    // Deadlines, not durations (support/budget.ts): a step that works finishes when its state is reached.
    // The test's own limit only guards against a hang with no deadline of its own (the longest journey, a
    // three-party video call in two languages, needs about five minutes on an idle machine).
    testTimeout: budget(300_000),
    hookTimeout: budget(90_000),
    // expect.poll waits for a state the page reaches after a round trip; vitest's own default gives it 1 s.
    expect: { poll: { timeout: budget(5_000), interval: 100 } },
  },
});
