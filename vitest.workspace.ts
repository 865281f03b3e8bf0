import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import type { Frame, Page } from 'playwright';
import type { TestProjectConfiguration } from 'vitest/config';
import type { BrowserCommand } from 'vitest/node';

/** A step of a real mouse gesture, in CSS pixels of the test page. */
export interface MouseStep {
  type: 'move' | 'down' | 'up';
  x: number;
  y: number;
  /** Intermediate mouse moves (for drags), default 1. */
  steps?: number;
}

/**
 * The Playwright page of a browser command, and where a point of the tested document (its CSS
 * pixels, as getBoundingClientRect gives them) is on that page: the test runs in an iframe, which
 * the orchestrator may also shrink to fit its window.
 */
async function testPage(context: Parameters<BrowserCommand<[]>>[0], command: string) {
  if (context.provider.name !== 'playwright')
    throw new Error(`The ${command} command needs the Playwright provider`);
  const page = (context as unknown as { page: Page }).page;
  const frame = await (context as unknown as { frame(): Promise<Frame> }).frame();
  const box = (await (await frame.frameElement()).boundingBox()) ?? { x: 0, y: 0, width: 1 };
  const innerWidth = Number(await frame.evaluate('window.innerWidth'));
  const scale = innerWidth > 0 ? box.width / innerWidth : 1;
  return {
    page,
    at: (point: { x: number; y: number }) => ({
      x: box.x + point.x * scale,
      y: box.y + point.y * scale,
    }),
  };
}

/**
 * Drives Playwright's real mouse in the test page: coordinates are those of the tested document
 * (getBoundingClientRect).
 */
const mouse: BrowserCommand<[steps: MouseStep[]]> = async (context, steps) => {
  const { page, at } = await testPage(context, 'mouse');
  for (const step of steps) {
    const { x, y } = at(step);
    if (step.type === 'move') await page.mouse.move(x, y, { steps: step.steps ?? 1 });
    else {
      await page.mouse.move(x, y);
      if (step.type === 'down') await page.mouse.down();
      else await page.mouse.up();
    }
  }
};

/** A step of a real touch gesture: the fingers on the screen after it (none: all lifted). */
export interface TouchStep {
  type: 'start' | 'move' | 'end';
  points: { x: number; y: number }[];
}

/**
 * Drives real touches in the test page through the Chrome DevTools Protocol (Playwright's
 * touchscreen only taps): each step is one touch event with every finger's position, in the
 * tested document's CSS pixels like the mouse command's.
 */
const touch: BrowserCommand<[steps: TouchStep[]]> = async (context, steps) => {
  const { page, at } = await testPage(context, 'touch');
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    for (const step of steps) {
      await cdp.send('Input.dispatchTouchEvent', {
        type:
          step.type === 'start' ? 'touchStart' : step.type === 'move' ? 'touchMove' : 'touchEnd',
        touchPoints: step.points.map((point, id) => ({ ...at(point), id })),
      });
    }
  } finally {
    await cdp.detach();
  }
};

/** Debian's Chromium (apt-get install chromium); CHROMIUM_PATH overrides it. */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What every browser project pre-bundles up front (discovering a dependency mid-run makes Vite
 * reload a test): React and the tools that render stories and components in a test.
 */
const REACT_IN_CHROMIUM = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-dev-runtime',
  'vitest-browser-react',
  '@storybook/react-vite',
  // The stories' accessibility check.
  'axe-core',
];

/** What the template editor imports, pre-bundled wherever it runs in a browser test. */
const EDITOR_IN_CHROMIUM = [
  'react-konva',
  'konva',
  'zustand',
  'zustand/vanilla',
  'immer',
  'i18next',
  'nanoid',
  'zod/mini',
  'pdfjs-dist',
  'pdfjs-dist/build/pdf.worker.min.mjs',
  'pdf-lib',
  '@pdf-lib/fontkit',
];

/**
 * How every browser project runs: headless Debian Chromium through Playwright, at 1280 × 900, with
 * the browser's language `locale` (en-US unless a project says otherwise).
 */
function inChromium(locale = 'en-US') {
  return {
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
      contextOptions: { locale },
    }),
    instances: [{ browser: 'chromium' as const }],
    viewport: { width: 1280, height: 900 },
  };
}

/**
 * A browser test's time: generous, since a loaded 2-core CI machine can take seconds over a
 * dialog's animation (speed is measured by the benchmarks, not here).
 */
const BROWSER_TEST_TIMEOUT_MS = 30_000;

/**
 * Browser and end-to-end tests run a second time when they fail once. On a 2-core machine under
 * load, a few of some 2,400 tests have failed on a moment's timing (a dialog's animation still
 * covering a button, a measurement taken while a dropdown closed) although the product was right;
 * a defect fails both times. Vitest names a test that passed only on its retry ("retry x1") —
 * those are worth looking at. Node-only projects get no retry: they do not depend on frames.
 */
const BROWSER_RETRY = 1;

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
      // PDF, font and property tests take seconds of CPU; a loaded CI machine must not fail them
      // on time (speed is measured by the benchmarks, not here).
      testTimeout: 30_000,
      benchmark: { include: [] },
    },
  },
  {
    test: {
      name: 'platform',
      root: './packages/platform',
      include: ['src/**/*.test.ts'],
      environment: 'node',
      benchmark: { include: [] },
    },
  },
  {
    // As apps/server/tsconfig.json's paths: the editor's core from its source, not its build.
    resolve: {
      alias: {
        '@esign/template-editor/core': fileURLToPath(
          new URL('./packages/template-editor/src/core/index.ts', import.meta.url),
        ),
      },
    },
    test: {
      name: 'server',
      root: './apps/server',
      include: ['src/**/*.test.ts'],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 60_000,
      benchmark: { include: ['bench/**/*.bench.ts'] },
    },
  },
  {
    test: {
      name: 'web',
      root: './apps/web',
      include: ['src/**/*.test.ts'],
      environment: 'node',
      benchmark: { include: [] },
    },
  },
  {
    // The built server and web app (npm run build) in Chromium: one file at a time, each
    // starting its own server and browser.
    test: {
      name: 'e2e',
      root: './apps/web',
      include: ['e2e/**/*.e2e.ts'],
      environment: 'node',
      fileParallelism: false,
      retry: BROWSER_RETRY,
      testTimeout: 120_000,
      hookTimeout: 120_000,
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
    // Pre-bundled up front: discovering them mid-run makes Vite reload a test.
    optimizeDeps: { include: [...REACT_IN_CHROMIUM, ...EDITOR_IN_CHROMIUM] },
    test: {
      name: 'editor-browser',
      root: './packages/template-editor',
      include: ['src/**/*.browser.test.tsx'],
      testTimeout: BROWSER_TEST_TIMEOUT_MS,
      retry: BROWSER_RETRY,
      benchmark: { include: [] },
      browser: { ...inChromium(), commands: { mouse, touch } },
    },
  },
  {
    plugins: [react()],
    optimizeDeps: { include: [...REACT_IN_CHROMIUM, ...EDITOR_IN_CHROMIUM] },
    // The tests that must hold whatever the browser's language, again in a Chinese browser.
    test: {
      name: 'editor-browser-zh',
      root: './packages/template-editor',
      include: ['src/**/*.locale.browser.test.tsx'],
      testTimeout: BROWSER_TEST_TIMEOUT_MS,
      retry: BROWSER_RETRY,
      benchmark: { include: [] },
      browser: { ...inChromium('zh-CN'), commands: { mouse, touch } },
    },
  },
  {
    plugins: [react()],
    optimizeDeps: {
      include: [
        ...REACT_IN_CHROMIUM,
        'react-router-dom',
        'antd',
        'antd/locale/en_US',
        'antd/locale/zh_CN',
        '@ant-design/icons',
        '@tanstack/react-query',
        'i18next',
        'react-i18next',
        'zustand',
        'zustand/vanilla',
        'axios',
        'storybook/test',
        'storybook/viewport',
        // The web app embeds the editor (its template screens).
        ...EDITOR_IN_CHROMIUM,
      ],
    },
    // The web app's stories (apps/web/src/stories) in Chromium.
    test: {
      name: 'web-browser',
      root: './apps/web',
      include: ['src/**/*.browser.test.tsx'],
      testTimeout: BROWSER_TEST_TIMEOUT_MS,
      retry: BROWSER_RETRY,
      benchmark: { include: [] },
      browser: inChromium(),
    },
  },
];

export default projects;
