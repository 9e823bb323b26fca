import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'threads',
    // In CI a JSON report is written too, so .ci/run can print one plain `N passed, N failed` line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }]] : ['default'],
  },
});
