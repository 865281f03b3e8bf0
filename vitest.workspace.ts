import type { TestProjectConfiguration } from 'vitest/config';

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
];

export default projects;
