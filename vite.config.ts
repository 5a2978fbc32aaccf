import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';

// The dev server proxies the provider API and the market simulator to a running sandbox
// (`npm run sandbox`), so the app talks to the same origin in dev and in production.
const sandbox = process.env['SANDBOX_URL'] ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: sandbox, changeOrigin: false },
      '/sim': { target: sandbox, changeOrigin: false, ws: true },
    },
  },
  worker: { format: 'es' },
  // No source maps in the production build: the served app does not publish its sources.
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, its DOM renderer and the router load on every first page: one chunk, so that a lazily loaded page
          // that uses React without the router does not split the router into a start-up file of its own (two files
          // compress worse than one; the initial JavaScript budget is checked by the bundle e2e test).
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
