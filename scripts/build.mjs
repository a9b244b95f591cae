// Builds the prerendered site (every route × language) into build/client and records the build stamp.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { currentStamp, saveStamp } from './build-stamp.mjs';
import { compressBuild } from './compress-build.mjs';
import { makeIcons, writeServiceWorker } from './pwa-assets.mjs';

const stamp = currentStamp();
rmSync('build', { recursive: true, force: true });
const result = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
if (result.status !== 0) process.exit(result.status ?? 1);
await makeIcons('public/favicon.svg', 'build/client/icons');
const og = spawnSync('npx', ['tsx', 'scripts/og-images.ts', 'build/client'], { stdio: 'inherit' });
if (og.status !== 0) process.exit(og.status ?? 1);
const worker = writeServiceWorker('build/client', 'scripts/service-worker.js');
console.log(`icons and service worker written (version ${worker.version}, ${worker.files} shell files)`);
const { files, before, after } = compressBuild('build/client');
console.log(`precompressed ${files} files: ${(before / 1e6).toFixed(1)} MB → ${(after / 1e6).toFixed(1)} MB brotli`);
saveStamp(stamp);
