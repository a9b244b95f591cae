// Builds the prerendered site (every route × language) into build/client and records the build stamp.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { currentStamp, saveStamp } from './build-stamp.mjs';
import { compressBuild } from './compress-build.mjs';

const stamp = currentStamp();
rmSync('build', { recursive: true, force: true });
const result = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
if (result.status !== 0) process.exit(result.status ?? 1);
const { files, before, after } = compressBuild('build/client');
console.log(`precompressed ${files} files: ${(before / 1e6).toFixed(1)} MB → ${(after / 1e6).toFixed(1)} MB brotli`);
saveStamp(stamp);
