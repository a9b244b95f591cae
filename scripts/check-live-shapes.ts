/**
 * check-live's request shapes (issue 36, fact 11): every GraphQL strategy sent in each shape on its own, per link,
 * so the operator sees which way of asking Instagram answers today (the app picks by itself: request-shapes/).
 */
import type { StrategyName } from '../src/server/config.ts';
import { POST_STRATEGIES } from '../src/server/extract/instagram/post-strategies.ts';
import { REQUEST_SHAPES } from '../src/server/extract/instagram/request-shapes/shapes.ts';
import type { PostTarget } from '../src/server/extract/instagram/strategy.ts';
import type { Resolver } from '../src/server/extract/resolver.ts';

/** The GraphQL strategies of the chain (IG_STRATEGIES), each in each shape, per link. */
export async function checkShapes(resolver: Resolver, targets: PostTarget[], strategies: readonly StrategyName[]): Promise<string[]> {
  const out = ['request shapes (each GraphQL query of IG_STRATEGIES sent in each shape alone):'];
  for (const name of strategies.filter((n) => POST_STRATEGIES[n].docIdOperation)) {
    for (const shape of REQUEST_SHAPES) {
      const cells: string[] = [];
      for (const target of targets) {
        const result = await resolver.probes.strategy(name, target, shape);
        cells.push(`${result.outcome} ${Math.round(result.ms)} ms`);
      }
      out.push(`  ${`${name} ${shape}`.padEnd(30)} ${cells.join(' | ')}`);
    }
  }
  return out;
}
