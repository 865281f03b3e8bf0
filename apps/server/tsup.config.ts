import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
  // The shared package is TypeScript source: bundle it; everything else stays in node_modules.
  noExternal: ['@esign/platform'],
});
