// `npm run image`: builds localhost/gramsave:latest from the Containerfile with podman or docker, whichever this
// machine has, passing npm's CA file as the build secret `npm_ca` when npm names one (never copied into the image).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const IMAGE = 'localhost/gramsave:latest';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** podman when present, else docker; undefined when neither runs. */
export function containerEngine() {
  for (const engine of ['podman', 'docker']) {
    if (spawnSync(engine, ['--version'], { stdio: 'ignore' }).status === 0) return engine;
  }
  return undefined;
}

/** The environment podman needs here: deploy/containers.conf (runc, lowered ulimits) unless CONTAINERS_CONF names one. */
export function engineEnv(env = process.env) {
  return { ...env, CONTAINERS_CONF: env.CONTAINERS_CONF || path.join(root, 'deploy/containers.conf') };
}

/** npm's configured CA file, when it names one that exists. */
export function npmCaFile() {
  const result = spawnSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' });
  const file = result.status === 0 ? result.stdout.trim() : '';
  return file && file !== 'null' && file !== 'undefined' && existsSync(file) ? file : undefined;
}

export function buildArgs(engine, { caFile, tag = IMAGE } = {}) {
  return [
    'build',
    // podman's default OCI format has no HEALTHCHECK; docker's has.
    ...(engine === 'podman' ? ['--format', 'docker'] : []),
    '--network', 'host',
    ...(caFile ? ['--secret', `id=npm_ca,src=${caFile}`] : []),
    '-f', 'Containerfile',
    '-t', tag,
    '.',
  ];
}

export function buildImage({ engine = containerEngine(), caFile = npmCaFile(), tag = IMAGE } = {}) {
  if (!engine) throw new Error('neither podman nor docker is installed (README: the image)');
  const args = buildArgs(engine, { caFile, tag });
  console.log(`${engine} ${args.join(' ')}`);
  const result = spawnSync(engine, args, { cwd: root, stdio: 'inherit', env: engineEnv() });
  if (result.status !== 0) throw new Error(`${engine} build failed (exit ${result.status})`);
  return tag;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    buildImage();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
