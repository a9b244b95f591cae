/** Read a V8 .cpuprofile and sum self time per function and per package: what `bench/profile.ts` prints. */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Frame {
  name: string;
  selfMs: number;
  share: number;
}

/** Where a script lives, short: a package name, node:internal, or a path inside the project. */
export function placeOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + 'node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(src + 1) : url.replace(/^file:\/\//, '');
}

export function topFrames(file: string, limit = 15): { byFunction: Frame[]; byPlace: Frame[]; totalMs: number; idleShare: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const fn = new Map<string, number>();
  const place = new Map<string, number>();
  let idle = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') idle += us;
    const where = placeOf(url);
    const key = `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    place.set(where, (place.get(where) ?? 0) + us);
  }
  const rank = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, us]) => ({ name, selfMs: us / 1000, share: us / total }));
  return { byFunction: rank(fn), byPlace: rank(place), totalMs: total / 1000, idleShare: idle / total };
}
