import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Crash, concurrency and CLI tests spawn processes; keep the 2-core machines unsaturated.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
