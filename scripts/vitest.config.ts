import { defineConfig } from 'vitest/config';

// Every test file boots Strapi on its own throw-away SQLite file; one file at a time keeps the machine (and
// cms/dist, which each boot recompiles) to one Strapi.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
