import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';

// The dev server proxies the provider API and the market simulator to a running sandbox
// (`npm run sandbox`), so the app talks to the same origin in dev and in production.
const sandbox = process.env['SANDBOX_URL'] ?? 'http://127.0.0.1:8080';

// react-router's package exports name its development build only (dist/development: dev-time checks and warnings);
// the production build is its dist/production, which the app's build takes (initial JavaScript budget,
// tests/e2e/bundle-budget.e2e.test.ts). The dev server keeps the development one.
const routerProduction = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const reactRouterProduction: Plugin = {
  name: 'trading-desk:react-router-production',
  apply: 'build',
  config: () => ({
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: routerProduction('index.mjs') },
        { find: /^react-router\/dom$/, replacement: routerProduction('dom-export.mjs') },
      ],
    },
  }),
};

// The modules the first page needs before it renders: those index.html reaches through static imports. One chunk
// (besides React's and the entry, src/main.tsx), rather than the couple of dozen small common chunks the splitter
// makes of them: they all load at start anyway, and one file compresses better than many (about 6 KiB gzip less, the
// initial JavaScript budget).
const indexHtml = fileURLToPath(new URL('./index.html', import.meta.url));
const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}
const startupSets = new WeakMap<ModuleGraph, Set<string>>();
function startupModules(graph: ModuleGraph): Set<string> {
  let found = startupSets.get(graph);
  if (found) return found;
  found = new Set<string>();
  const queue = [indexHtml];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  startupSets.set(graph, found);
  return found;
}

export default defineConfig({
  plugins: [react(), reactRouterProduction, precompress()],
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
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            { name: (id: string, graph: ModuleGraph) => (id !== indexHtml && id !== entry && startupModules(graph).has(id) ? 'startup' : null), priority: 1, debugName: 'startup' },
          ],
        },
      },
    },
  },
});
