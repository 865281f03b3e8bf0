import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server (`npm run start:api`); the dev server forwards /api to it. */
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const proxy = { '/api': { target: API_TARGET, changeOrigin: true } };

export default defineConfig({
  plugins: [react()],
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
        // `entriesAware` splits a group by the screens that use its modules: what only the
        // lazily loaded template editor needs (Konva, pdf.js, pdf-lib, antd's Upload) stays out
        // of the chunks the login page and the dashboard load.
        // A split group's chunks are named after the group alone (`antd~index~TemplateEditorPage`
        // would be `antd`): the screens that share a chunk are the bundler's business.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+)[\\/]/,
              entriesAware: true,
            },
            { name: 'vendor', test: /node_modules[\\/]/, entriesAware: true },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
