/** The lock file check that `npm test` runs first, on the real files and on drifted copies of them. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { completeLock, driftProblems, missingOptionals, platformOf } from './lockfile.mjs';

const run = promisify(execFile);
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

/** Runs the check on a copy of the project's two files, changed by `edit`. */
async function checkCopy(edit: (files: { pkg: typeof pkg; lock: typeof lock }) => void) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-lock-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'scripts'));
  copyFileSync('scripts/lockfile.mjs', path.join(dir, 'scripts', 'lockfile.mjs'));
  const files = structuredClone({ pkg, lock });
  edit(files);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(files.pkg));
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(files.lock));
  return run(process.execPath, [path.join(dir, 'scripts', 'lockfile.mjs'), 'check']).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (err: { code: number; stderr: string }) => ({ code: err.code, output: err.stderr }),
  );
}

describe('package-lock.json', () => {
  it('matches package.json and has an entry for every optional platform package', async () => {
    expect(driftProblems(pkg, lock)).toEqual([]);
    expect(missingOptionals(lock)).toEqual([]);
    expect((await checkCopy(() => undefined)).code).toBe(0);
  });

  it.each([
    ['a dependency added without npm install', (f: { pkg: typeof pkg }) => (f.pkg.dependencies['left-pad'] = '^1.3.0'), 'dependencies.left-pad is in package.json'],
    ['a dependency re-ranged', (f: { pkg: typeof pkg }) => (f.pkg.dependencies.zod = '^3.0.0'), 'dependencies.zod is ^3.0.0 in package.json'],
    ['a dependency removed', (f: { pkg: typeof pkg }) => delete f.pkg.devDependencies.autocannon, 'devDependencies.autocannon is in package-lock.json but no longer'],
    [
      'another platform’s binary left out',
      (f: { lock: typeof lock }) => delete f.lock.packages['node_modules/@rollup/rollup-darwin-arm64'],
      '@rollup/rollup-darwin-arm64 (optional dependency of node_modules/rollup) has no entry',
    ],
  ])('fails on %s, naming it', async (_label, edit, message) => {
    const result = await checkCopy(edit as (files: { pkg: typeof pkg; lock: typeof lock }) => void);
    expect(result.code).toBe(1);
    expect(result.output).toContain(message);
  });

  it('completes a lock file with the platform its binaries name, and refuses names it cannot read', () => {
    const trimmed = structuredClone(lock);
    delete trimmed.packages['node_modules/@rollup/rollup-linux-arm64-musl'];
    const completed = completeLock(trimmed);
    expect(completed.packages['node_modules/@rollup/rollup-linux-arm64-musl']).toEqual({
      version: lock.packages['node_modules/rollup'].optionalDependencies['@rollup/rollup-linux-arm64-musl'],
      dev: true,
      optional: true,
      os: ['linux'],
      cpu: ['arm64'],
      libc: ['musl'],
    });
    expect(missingOptionals(completed)).toEqual([]);
    expect(platformOf('@tailwindcss/oxide-win32-x64-msvc')).toEqual({ os: ['win32'], cpu: ['x64'] });
    expect(platformOf('@tailwindcss/oxide-wasm32-wasi')).toEqual({ cpu: ['wasm32'] });
    expect(platformOf('some-helper')).toBeUndefined();
    const odd = structuredClone(lock);
    odd.packages['node_modules/rollup'].optionalDependencies['fsevents-helper'] = '1.0.0';
    expect(() => completeLock(odd)).toThrow(/fsevents-helper .* does not name its platform/);
  });
});
