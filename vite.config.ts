import { realpathSync } from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { plainDynamicImports } from './scripts/plain-dynamic-imports.ts';
import { startChunkName } from './scripts/start-chunk.ts';

// React Router's package resolves every import to its development build, whose dev-only warnings and help pages
// the browser would download (remix-run/react-router#12532 and #14102, read 2026-11-26). The browser's build takes
// the production twin, for both entry points so that they share one copy of the router; the prerender keeps
// the package's own resolution, like the tools that run it.
const routerDist = realpathSync(path.resolve('node_modules/react-router/dist/production'));
const productionRouter: Plugin = {
  name: 'gramsave:production-router',
  apply: 'build',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name === 'client',
  resolveId(id) {
    if (id === 'react-router') return path.join(routerDist, 'index.mjs');
    if (id === 'react-router/dom') return path.join(routerDist, 'dom-export.mjs');
    return null;
  },
};

// React Router's default browser entry (we have no entry.client of our own), by the id the bundler gives it.
const routerEntry = realpathSync(path.resolve('node_modules/@react-router/dev/dist/config/defaults/entry.client.tsx'));

const apiPort = Number(process.env.API_PORT ?? 8081);

export default defineConfig({
  plugins: [tailwindcss(), productionRouter, plainDynamicImports(), reactRouter()],
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/sitemap.xml': `http://127.0.0.1:${apiPort}`,
      '/robots.txt': `http://127.0.0.1:${apiPort}`,
    },
  },
  // No preload lists around dynamic imports: the lazy chunks (results, batch queue, lookup flow) load on first
  // use or when idle, and the lists weighed about 1.5 KB of every page's JavaScript; the helper that read them goes
  // too (scripts/plain-dynamic-imports.ts).
  build: { target: 'es2022', modulePreload: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // React Router's console warnings about its own misuse (a route with both `Component` and `element`…),
          // which its production build still carries: unused results, so their calls and messages go (~1 KB).
          // Its `invariant` errors stay. No module of ours names a function so (the names count in every module).
          treeshake: { manualPureFunctions: ['warning', 'warnOnce', 'warningOnce'] },
          output: {
            codeSplitting: {
              groups: [{ name: startChunkName(path.resolve('src/client'), ['root.tsx', 'routes/home.tsx'], routerEntry) }],
            },
          },
        },
      },
    },
  },
});
