import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Tests run the packages from their sources: every @toolspec package exports them under this
 * condition. Dependencies resolve as Node resolves them (without vite's "module" condition, whose
 * builds may need a bundler: @opentelemetry/api's has extensionless imports).
 */
const conditions = ['@toolspec/source', ...defaultServerConditions.filter((c) => c !== 'module')];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@toolspec/source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'threads',
    // Every child process a test starts (test/support/children.ts) is stopped when its file ends.
    setupFiles: ['test/support/children-setup.ts'],
    // In CI a JSON report is written too, so .ci/run can print one plain `N passed, N failed` line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }]] : ['default'],
  },
});
