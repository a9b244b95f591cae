/**
 * check-live's Threads part (issue 40): each Threads strategy alone on each thread link (THREADS_WEB_ORIGIN, real
 * Threads by default), ok or the failure kind with milliseconds; then the BarcelonaPostPageDirectQuery doc id in use
 * and where it came from. A strategy that fails for every link is broken (the gating shell for the page, a doc id
 * that no longer heals for GraphQL); an answer about the post itself (gone, text only, private) is not.
 */
import type { FailureKind } from '../src/server/extract/failure.ts';
import type { Resolver } from '../src/server/extract/resolver.ts';
import { THREADS_STRATEGIES, type ThreadsStrategyName } from '../src/server/extract/threads/lookup.ts';
import type { ThreadsTarget } from '../src/server/extract/threads/target.ts';

const PER_POST = new Set<string>(['not_found', 'private', 'no_media'] satisfies FailureKind[]);

export interface ThreadsCheck {
  lines: string[];
  broken: ThreadsStrategyName[];
}

export async function checkThreads(resolver: Resolver, targets: ThreadsTarget[]): Promise<ThreadsCheck> {
  const rows: string[][] = [['Threads strategy', ...targets.map((t) => t.shortcode)]];
  const broken: ThreadsStrategyName[] = [];
  for (const name of THREADS_STRATEGIES) {
    const cells: string[] = [];
    let working = false;
    for (const target of targets) {
      const result = await resolver.probes.thread(name, target);
      cells.push(`${result.outcome} ${Math.round(result.ms)} ms`);
      if (result.outcome === 'ok' || PER_POST.has(result.outcome)) working = true;
    }
    if (!working) broken.push(name);
    rows.push([name, ...cells]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  const docIds = resolver.threadsDocIds;
  return {
    lines: [
      line(rows[0]!),
      widths.map((w) => '-'.repeat(w)).join('-|-'),
      ...rows.slice(1).map(line),
      '',
      `Threads doc id in use: ${docIds.current} (${docIds.source})`,
      '',
      broken.length ? `BROKEN for every Threads link: ${broken.join(', ')}` : 'every Threads strategy works for at least one link',
    ],
    broken,
  };
}
