import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias } from 'vite';

/** The API server (`npm run start:api`); the dev server forwards /api to it. */
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const proxy = { '/api': { target: API_TARGET, changeOrigin: true } };

/** antd and the packages it is made of. */
const ANTD = /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+)[\\/]/;
/** Lazily loaded library chunks smaller than this join a neighbour: fewer, better compressed files. */
const MERGE_BYTES = 20 * 1024;

/**
 * react-router's production build (its package exports only the development one, which keeps its
 * warnings): the same code without them, for `vite build`.
 */
function reactRouterProduction(): Alias[] {
  const production = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  return [
    { find: /^react-router$/, replacement: path.join(production, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(production, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
  // The build's date, shown on the user center's About page (VITE_BUILD_DATE overrides it).
  define: {
    'import.meta.env.VITE_BUILD_DATE': JSON.stringify(
      process.env.VITE_BUILD_DATE ?? new Date().toISOString().slice(0, 10),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is about 650 kB minified (210 kB gzip); the app's own code is far smaller.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // What the first page (the login page) loads is a handful of files: react and `vendor`
        // hold the libraries that the entry imports statically (`$initial`), each in one chunk
        // (one file compresses better than dozens of small ones); the login page has no antd
        // (src/lite). What only lazily loaded screens use is split by the screens that use it
        // (`entriesAware`): antd, Konva, pdf.js and pdf-lib stay out of the login page.
        // A split group's chunks are named after the group alone (`antd~index~TemplateEditorPage`
        // would be `antd`): the screens that share a chunk are the bundler's business.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'antd', test: ANTD, tags: ['$initial'] },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            {
              name: 'antd',
              test: ANTD,
              entriesAware: true,
              entriesAwareMergeThreshold: MERGE_BYTES,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/]/,
              entriesAware: true,
              entriesAwareMergeThreshold: MERGE_BYTES,
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
}));
