import { defineConfig } from 'tsup';

/**
 * Builds the operators' commands alone (`npm run operator`, `npm run revoke-signer`, `npm run
 * storage:to-s3`), beside the server's own build.
 */
export default defineConfig({
  entry: {
    operator: 'src/operator/cli.ts',
    'revoke-signer': 'src/signing/revoke-cli.ts',
    'storage-to-s3': 'src/storage-copy-cli.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist/operator',
  clean: true,
  silent: true,
  noExternal: ['@esign/platform', '@esign/template-editor'],
});
