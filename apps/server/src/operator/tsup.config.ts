import { defineConfig } from 'tsup';

/** Builds the operator command alone (`npm run operator`), beside the server's own build. */
export default defineConfig({
  entry: { operator: 'src/operator/cli.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist/operator',
  clean: true,
  silent: true,
  noExternal: ['@esign/platform', '@esign/template-editor'],
});
