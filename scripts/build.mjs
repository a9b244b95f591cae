// Builds the prerendered site (every route × language) into build/client and records the build stamp.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { currentStamp, saveStamp } from './build-stamp.mjs';
import { makeIcons, writeServiceWorker } from './pwa-assets.mjs';
import { serverEnv } from './server-env.mjs';

const stamp = currentStamp();
rmSync('build', { recursive: true, force: true });
const result = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
if (result.status !== 0) process.exit(result.status ?? 1);
await makeIcons('public/favicon.svg', 'build/client/icons');
const og = spawnSync('npx', ['tsx', 'scripts/og-images.ts', 'build/client'], { stdio: 'inherit' });
if (og.status !== 0) process.exit(og.status ?? 1);
const worker = writeServiceWorker('build/client', 'scripts/service-worker.js');
console.log(`icons and service worker written (version ${worker.version}, ${worker.files} shell files)`);
// In a process of its own, started as the server starts (server-env.mjs): zlib's large buffers, freed after each file,
// were handed back to the kernel and faulted in again; with glibc keeping them, this step took 7.5 s where it took 40.
const compressed = spawnSync(process.execPath, ['scripts/compress-build.mjs', 'build/client'], { stdio: 'inherit', env: serverEnv() });
if (compressed.status !== 0) process.exit(compressed.status ?? 1);
saveStamp(stamp);
