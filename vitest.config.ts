import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One runner for every test: contract and server unit/integration tests in Node, web and back-office
 * component tests in happy-dom (configured in apps/web/vite.config.ts and apps/backoffice/vite.config.ts),
 * and end-to-end tests in real Chromium.
 */
export default defineConfig({
  test: {
    // Vitest runs CPUs − 1 files at once: one on the 2-CPU CI machine, where most files spend their time
    // waiting on a browser, a server process or a database. Two at once overlap that waiting.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // The money property tests run a fixed 200,000 cases: 1-2 s at rest, 9 s on a loaded 2-CPU CI machine,
          // past Vitest's 5 s. A limit for a hang, not a speed requirement.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['./test/global-setup.ts'],
        },
      },
      './apps/web/vite.config.ts',
      './apps/backoffice/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file starts its own server (own port, own SQLite file) and browser, so files share nothing and
          // run side by side like the rest. One at a time, Vitest ran them all after every other file: 1,150 s
          // of a 1,685 s run with one of the two CPUs idle.
          // A page load plus lazy chunks can take seconds on a loaded CI machine; 1 s is Vitest's default.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          globalSetup: ['./global-setup.ts'],
        },
      },
    ],
  },
});
