import { defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests run the packages from their sources: every @toolspec package exports them under this
 * condition. Dependencies resolve as Node resolves them (without vite's "module" condition, whose
 * builds may need a bundler: @opentelemetry/api's has extensionless imports).
 */
const conditions = ['@toolspec/source', ...defaultServerConditions.filter((c) => c !== 'module')];

/**
 * The end-to-end suites, run by `npm run test:e2e` (project e2e) instead of `npm test` (project
 * main), so that npm test stays short and needs nothing npm ci does not install: they need the
 * test tools (test/tools: `npm run test:tools`) or a redis-server, or build, pack and install the
 * packages. .ci/run runs both; `npx vitest run` runs both too.
 */
const E2E = [
  'test/tools/**/*.test.ts',
  'test/mcp/conformance.test.ts',
  'test/mcp/inspector.test.ts',
  'test/team/**/*.test.ts',
  'test/packages/install.test.ts',
];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@toolspec/source'] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'main', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...E2E] },
      },
      { extends: true, test: { name: 'e2e', include: E2E } },
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'threads',
    // Every child process a test starts (test/support/children.ts) is stopped when its file ends.
    setupFiles: ['test/support/children-setup.ts'],
    // In CI a JSON report is written too, so .ci/run can print one plain `N passed, N failed` line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }]] : ['default'],
  },
});
