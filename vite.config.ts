import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { startChunkName } from './scripts/start-chunk.ts';

const apiPort = Number(process.env.API_PORT ?? 8081);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/sitemap.xml': `http://127.0.0.1:${apiPort}`,
      '/robots.txt': `http://127.0.0.1:${apiPort}`,
    },
  },
  // No preload helper around dynamic imports: the lazy chunks (results, batch queue, lookup flow) load on first
  // use or when idle, and the helper and its dependency lists weighed about 1.5 KB of every page's JavaScript.
  build: { target: 'es2022', modulePreload: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: startChunkName(path.resolve('src/client'), ['root.tsx', 'routes/home.tsx']) }],
            },
          },
        },
      },
    },
  },
});
