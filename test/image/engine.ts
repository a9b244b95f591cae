/**
 * The container engine for the image tests: podman (or docker) with this machine's settings (scripts/image.mjs), the
 * base image's local stand-in made with mmdebstrap when the public one cannot be pulled, and Redis's stand-in for
 * compose built from that base.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { containerEngine, engineEnv } from '../../scripts/image.mjs';

export const BASE_IMAGE = 'docker.io/library/debian:trixie-slim';
/** What deploy/compose.yaml names for Redis. */
export const REDIS_IMAGE = 'docker.io/library/redis:8';
const BASE_TAR = path.join(process.env.IMAGE_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'gramsave-image'), 'debian-trixie-minbase.tar');

export const engine = containerEngine() ?? 'podman';

/** Runs the engine; throws with its output unless `allowFailure`. */
export function run(args: string[], options: { allowFailure?: boolean; timeoutMs?: number; cmd?: string } = {}): SpawnSyncReturns<string> {
  const result = spawnSync(options.cmd ?? engine, args, {
    encoding: 'utf8',
    env: engineEnv(),
    timeout: options.timeoutMs ?? 600_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!options.allowFailure && result.status !== 0) {
    throw new Error(`${options.cmd ?? engine} ${args.join(' ')} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

export function imageExists(name: string): boolean {
  return run(['image', 'inspect', name], { allowFailure: true }).status === 0;
}

/** The public base image, or a stand-in: Debian 13's minimal root file system (about ten minutes the first time). */
export function ensureBaseImage(): void {
  if (imageExists(BASE_IMAGE)) return;
  if (run(['pull', BASE_IMAGE], { allowFailure: true, timeoutMs: 120_000 }).status === 0) return;
  if (!existsSync(BASE_TAR)) {
    mkdirSync(path.dirname(BASE_TAR), { recursive: true });
    console.log(`making ${BASE_IMAGE}'s stand-in with mmdebstrap (minutes)…`);
    run(['--variant=minbase', 'trixie', `${BASE_TAR}.partial`, 'http://deb.debian.org/debian'], { cmd: 'mmdebstrap', timeoutMs: 1_800_000 });
    run([`${BASE_TAR}.partial`, BASE_TAR], { cmd: 'mv' });
  }
  run(['import', BASE_TAR, BASE_IMAGE]);
}

/** Redis for compose: the public image, or Debian's redis-server on the base (compose passes the command line). */
export function ensureRedisImage(): void {
  if (imageExists(REDIS_IMAGE)) return;
  if (run(['pull', REDIS_IMAGE], { allowFailure: true, timeoutMs: 120_000 }).status === 0) return;
  const containerfile = [
    `FROM ${BASE_IMAGE}`,
    'RUN apt-get update && apt-get install -y --no-install-recommends redis-server && rm -rf /var/lib/apt/lists/*',
    'USER redis',
    'CMD ["redis-server", "--protected-mode", "no"]',
  ].join('\n');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-redis-'));
  writeFileSync(path.join(dir, 'Containerfile'), containerfile);
  try {
    run(['build', '--network', 'host', '-t', REDIS_IMAGE, dir]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
