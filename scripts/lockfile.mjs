#!/usr/bin/env node
/**
 * `node scripts/lockfile.mjs check|complete`: keep package-lock.json one that `npm ci` accepts on every platform.
 *
 * check: fails (exit 1, naming each problem) when package.json and the lock file drift apart (a dependency added,
 *   removed or re-ranged without `npm install`), or when an optional dependency some locked package declares has
 *   no entry (what makes `npm ci` refuse the file: "Missing: … from lock file"). No network; part of `npm test`.
 * complete: adds those missing entries. This machine's registry mirror serves only Linux x64/arm64 builds of
 *   native packages, so `npm install` here leaves out the other platforms' optional binaries (rollup's, Tailwind's
 *   oxide…). Each is written with the exact version its parent pins and the os/cpu/libc its name states, so npm
 *   skips it where the platform differs and fetches it by name and version where it matches (macOS, Windows…).
 *   A name that does not state its platform is refused rather than guessed. Run it after `npm install`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'];
const CPU = ['x64', 'arm64', 'arm', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];
const LIBC = { gnu: 'glibc', gnueabihf: 'glibc', musl: 'musl', musleabihf: 'musl' };
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

/** The lock entry path a dependency of `from` resolves to (nested node_modules first, then upwards), or undefined. */
export function resolveEntry(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const up = base.lastIndexOf('/node_modules/');
    base = up < 0 ? '' : base.slice(0, up);
  }
}

/** Optional dependencies declared by locked packages that have no entry: [{ name, spec, parent }]. */
export function missingOptionals(lock) {
  const missing = [];
  for (const [from, entry] of Object.entries(lock.packages ?? {})) {
    for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!resolveEntry(lock.packages, from, name)) missing.push({ name, spec, parent: from });
    }
  }
  return missing;
}

/** Where package.json and the lock file's root entry disagree, or a root dependency has no entry. */
export function driftProblems(pkg, lock) {
  const problems = [];
  const root = lock.packages?.[''] ?? {};
  for (const field of DEPENDENCY_FIELDS) {
    const wanted = pkg[field] ?? {};
    const locked = root[field] ?? {};
    for (const [name, spec] of Object.entries(wanted)) {
      if (!(name in locked)) problems.push(`${field}.${name} is in package.json but not in package-lock.json`);
      else if (locked[name] !== spec) problems.push(`${field}.${name} is ${spec} in package.json but ${locked[name]} in package-lock.json`);
      else if (field !== 'peerDependencies' && !resolveEntry(lock.packages, '', name)) problems.push(`${name} has no entry in package-lock.json`);
    }
    for (const name of Object.keys(locked)) {
      if (!(name in wanted)) problems.push(`${field}.${name} is in package-lock.json but no longer in package.json`);
    }
  }
  if (lock.name !== pkg.name) problems.push(`name ${pkg.name} in package.json but ${lock.name} in package-lock.json`);
  return problems;
}

/** os/cpu/libc from a platform package's name (`@rollup/rollup-linux-arm64-musl` → linux, arm64, musl). */
export function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.filter((p) => OS.includes(p));
  const cpu = parts.filter((p) => CPU.includes(p));
  const libc = parts.map((p) => LIBC[p]).filter(Boolean);
  if (cpu.length !== 1 || os.length > 1 || (os.length === 0 && cpu[0] !== 'wasm32')) return undefined;
  return { ...(os.length ? { os } : {}), cpu, ...(libc.length ? { libc: [libc[0]] } : {}) };
}

/** The lock file with every missing optional platform package added; throws naming what it cannot place. */
export function completeLock(lock) {
  const packages = { ...lock.packages };
  for (const { name, spec, parent } of missingOptionals(lock)) {
    const platform = platformOf(name);
    if (!platform) throw new Error(`${name} (optional dependency of ${parent}) does not name its platform: install it on a machine that can`);
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) throw new Error(`${name}@${spec} (optional dependency of ${parent}) is not pinned to one version`);
    const parentEntry = lock.packages[parent];
    packages[`node_modules/${name}`] = {
      version: spec,
      ...(parentEntry.dev ? { dev: true } : {}),
      ...(parentEntry.devOptional ? { devOptional: true } : {}),
      optional: true,
      ...platform,
    };
  }
  // In npm's own order (its lock files sort entry paths with localeCompare 'en'), so a re-run changes nothing else.
  const sorted = Object.fromEntries(Object.keys(packages).sort((a, b) => a.localeCompare(b, 'en')).map((k) => [k, packages[k]]));
  return { ...lock, packages: sorted };
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const lockFile = path.join(root, 'package-lock.json');
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
  const command = process.argv[2];
  if (command === 'complete') {
    const before = missingOptionals(lock).length;
    writeFileSync(lockFile, `${JSON.stringify(completeLock(lock), null, 2)}\n`);
    process.stdout.write(`package-lock.json: ${before} optional platform entr${before === 1 ? 'y' : 'ies'} added\n`);
    return;
  }
  if (command !== 'check') {
    process.stderr.write('usage: node scripts/lockfile.mjs check|complete\n');
    process.exit(2);
  }
  const problems = [
    ...driftProblems(pkg, lock),
    ...missingOptionals(lock).map(({ name, parent }) => `${name} (optional dependency of ${parent}) has no entry: run node scripts/lockfile.mjs complete`),
  ];
  if (problems.length > 0) {
    process.stderr.write(`package-lock.json does not match package.json (npm ci would refuse it):\n${problems.map((p) => `  - ${p}`).join('\n')}\nRun npm install, then node scripts/lockfile.mjs complete.\n`);
    process.exit(1);
  }
  process.stdout.write('package-lock.json matches package.json and is complete for every platform\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
