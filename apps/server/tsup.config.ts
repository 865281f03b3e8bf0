import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
  // The shared package and the editor's core (through tsconfig's paths) are TypeScript source:
  // bundle them; everything else stays in node_modules.
  noExternal: ['@esign/platform', '@esign/template-editor'],
});
