import { defineConfig } from 'vitest/config';

// CI asks for a JSON report too, to print the real totals (see .ci/run).
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    // Each API file gets its own database; two files at once keep both cores busy without starving PGlite.
    maxWorkers: 2,
    ...(jsonReport ? { reporters: ['default', 'json'], outputFile: { json: jsonReport } } : {}),
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/**/*.isolated.test.ts'],
          setupFiles: ['apps/api/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own app and database, so the files of a worker share the loaded modules instead
          // of loading the whole server again for each file: the API suite on PostgreSQL took 302 s isolated and
          // 157 s so. A file that mocks a module (vi.mock) is named *.isolated.test.ts and runs in 'api-isolated'.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api-isolated',
          include: ['apps/api/src/**/*.isolated.test.ts'],
          setupFiles: ['apps/api/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file renders its own screens into a fresh body (test-setup.ts cleans up after every test), so the
          // files of a worker share one jsdom and the loaded antd instead of building both again for each file.
          isolate: false,
          // antd renders slowly under jsdom; a loaded CI machine must not turn that into failures.
          testTimeout: 60_000,
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
    ],
  },
});
