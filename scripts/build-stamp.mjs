// The build's fingerprint: what the prerendered site depends on (client and shared code, content,
// public files, build config, lockfile, and the build-time setting PUBLIC_ORIGIN; ADS_CLIENT is read at run time).
// `npm start` rebuilds when it differs from the one saved by the last build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const INPUTS = ['src/client', 'src/shared', 'content', 'public', 'react-router.config.ts', 'vite.config.ts', 'package-lock.json', 'scripts/service-worker.js', 'scripts/pwa-assets.mjs'];
export const STAMP_FILE = 'build/.stamp.json';

function files(entry, out) {
  if (!existsSync(entry)) return;
  const stat = statSync(entry);
  if (stat.isDirectory()) {
    for (const name of readdirSync(entry).sort()) files(path.join(entry, name), out);
  } else if (!entry.endsWith('.test.ts')) {
    out.push(entry);
  }
}

/** The origin a build carries: PUBLIC_ORIGIN, else the default of config.ts and root.tsx (unset or stated, one build). */
export function builtOrigin(env = process.env) {
  return (env.PUBLIC_ORIGIN || 'http://localhost:8080').replace(/\/+$/, '');
}

export function currentStamp(env = process.env) {
  const hash = createHash('sha256');
  const list = [];
  for (const input of INPUTS) files(input, list);
  for (const file of list) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  hash.update(`PUBLIC_ORIGIN=${builtOrigin(env)}`);
  return hash.digest('hex');
}

export function savedStamp() {
  try {
    return JSON.parse(readFileSync(STAMP_FILE, 'utf8')).stamp;
  } catch {
    return undefined;
  }
}

export function saveStamp(stamp) {
  writeFileSync(STAMP_FILE, JSON.stringify({ stamp, builtAt: new Date().toISOString() }) + '\n');
}
