import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import type { TestProjectConfiguration } from 'vitest/config';

/** Debian's Chromium (apt-get install chromium); CHROMIUM_PATH overrides it. */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The test projects of the repository. `vitest.config.ts` passes this list to `test.projects`
 * (Vitest 4 no longer reads this file by itself).
 */
const projects: TestProjectConfiguration[] = [
  {
    test: {
      name: 'editor-core',
      root: './packages/template-editor',
      include: ['src/**/*.test.ts'],
      environment: 'node',
      benchmark: { include: [] },
    },
  },
  {
    test: {
      name: 'editor-package',
      root: './packages/template-editor',
      include: ['test/**/*.test.ts'],
      environment: 'node',
      testTimeout: 300_000,
      hookTimeout: 300_000,
      benchmark: { include: [] },
    },
  },
  {
    test: {
      name: 'editor-bench',
      root: './packages/template-editor',
      include: [],
      environment: 'node',
      benchmark: { include: ['bench/**/*.bench.ts'] },
    },
  },
  {
    plugins: [react()],
    test: {
      name: 'editor-browser',
      root: './packages/template-editor',
      include: ['src/**/*.browser.test.tsx'],
      benchmark: { include: [] },
      browser: {
        enabled: true,
        headless: true,
        screenshotFailures: false,
        provider: playwright({
          launchOptions: {
            executablePath: chromium,
            args: [
              '--no-sandbox',
              '--disable-gpu',
              '--disable-background-networking',
              '--disable-component-update',
              '--disable-sync',
              '--no-first-run',
            ],
          },
        }),
        instances: [{ browser: 'chromium' }],
      },
    },
  },
];

export default projects;
