/**
 * The demo's site carries the demo's own origin (canonical links, hreflang, Open Graph are written at build time):
 * a build made for another origin, or out of date, is rebuilt for it first, and the demo says so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { builtOrigin, currentStamp, savedStamp } from './build-stamp.mjs';

export type DemoBuildPlan = 'fresh' | 'missing' | 'rebuild';

/** What the build needs for a demo on `origin`: nothing, a first build, or a rebuild (stale, or another origin). */
export function demoBuildPlan(built: boolean, saved: string | undefined, env: Record<string, string | undefined>): DemoBuildPlan {
  if (!built) return 'missing';
  return saved === currentStamp(env) ? 'fresh' : 'rebuild';
}

/** Builds the site for the demo's origin when it needs it, saying why; false when the build failed. */
export function ensureDemoBuild(env: Record<string, string | undefined>, log: (line: string) => void): boolean {
  const plan = demoBuildPlan(existsSync('build/client/index.html'), savedStamp(), env);
  if (plan === 'fresh') return true;
  const origin = builtOrigin(env);
  log(
    plan === 'missing'
      ? `No build yet: building the site for ${origin} (a minute or two)…`
      : `The build is out of date or made for another origin: rebuilding the site for ${origin} (a minute or two)…`,
  );
  return spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
}
