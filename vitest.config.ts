import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A throwaway PostgreSQL cluster, started by the first PostgreSQL suite and stopped at the end
    // (test/support/pg.ts).
    globalSetup: ['test/support/pg-cluster.ts'],
    // Crash, concurrency and CLI tests spawn processes; keep the 2-core machines unsaturated.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
