/** Read a V8 .cpuprofile and sum self time per function and per package, and time per project file: what `bench/profile.ts` prints. */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
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

/**
 * lastSeconds: only the samples of the profile's last seconds (the load, not the start-up before it).
 * byProjectFile: time with a project file (src/…) anywhere on the stack, each file counted once per sample:
 * what each of the app's own steps (a hook, the gate, the route) costs with everything it calls.
 */
export function topFrames(
  file: string,
  limit = 15,
  lastSeconds = Infinity,
): {
  byFunction: Frame[];
  byPlace: Frame[];
  byProjectFile: Frame[];
  /** Every sampled function's self time with its place (bench/check-costs.ts groups them). */
  selves: { place: string; name: string; us: number }[];
  totalMs: number;
  idleShare: number;
} {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const at: number[] = [];
  profile.timeDeltas.reduce((t, d, i) => (at[i] = t + d), profile.startTime);
  const from = (at.at(-1) ?? 0) - lastSeconds * 1e6;
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    if (at[i]! >= from) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const fn = new Map<string, number>();
  const place = new Map<string, number>();
  const projectFile = new Map<string, number>();
  const add = (m: Map<string, number>, key: string, us: number) => m.set(key, (m.get(key) ?? 0) + us);
  const selves: { place: string; name: string; us: number }[] = [];
  let idle = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') idle += us;
    const where = placeOf(url);
    selves.push({ place: where, name: functionName, us });
    add(fn, `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`, us);
    add(place, where, us);
    const onStack = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) {
      const at = placeOf(byId.get(node)!.callFrame.url);
      if (at.startsWith('src/')) onStack.add(at);
    }
    for (const at of onStack) add(projectFile, at, us);
  }
  const rank = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, us]) => ({ name, selfMs: us / 1000, share: us / total }));
  return { byFunction: rank(fn), byPlace: rank(place), byProjectFile: rank(projectFile), selves, totalMs: total / 1000, idleShare: idle / total };
}
