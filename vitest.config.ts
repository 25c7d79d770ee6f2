import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// WxtVitest does not carry vite.plugins over from wxt.config.ts, so preact is added here too.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [WxtVitest(), preact()],
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/unit/setup.ts'],
          // Some unit files check 100k-row tables against full scans: seconds of CPU on a busy 2-core machine,
          // which vitest's 5 s default turned into failures that say nothing about behaviour.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          // The client and the sandbox against the vendor's OpenAPI description (read from ../shared/openapi/).
          name: 'openapi',
          include: ['test/openapi/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // expect.poll's own default is 1 s: a click's answer from the worker took longer on a busy 2-core
          // machine (70 polls named no timeout). A poll that passes early is not slowed by a longer bound.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        test: {
          name: 'firefox',
          include: ['test/firefox/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/firefox/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'package',
          include: ['test/package/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
  },
});
