/**
 * How the chain heals itself. Two mends:
 * - a GraphQL strategy whose doc id Instagram no longer knows (a StaleDocumentError, never a throttle) gets the id
 *   in use now from discovery (instagram/discovery/) and runs once more;
 * - a strategy that answered empty for a post a later strategy then resolved has failed: that empty answer is
 *   counted against its health, so a retired query (June 2026: `graphql-shortcode` answering null for every post)
 *   moves itself to the end of the chain within three posts. Empty answers for a post nobody resolved say nothing
 *   about the strategy and are not counted.
 */
import type { StrategyHealth } from './health.ts';
import type { DocIdHealer } from './instagram/discovery/doc-id-healer.ts';
import type { DocIdBook } from './instagram/doc-ids.ts';
import { StaleDocumentError } from './instagram/graphql.ts';
import type { InstagramDeps, PostStrategy, PostTarget } from './instagram/strategy.ts';
import type { RawResolution } from './raw.ts';

export class Healing {
  constructor(
    private readonly docIds: DocIdBook,
    private readonly healer: DocIdHealer,
    readonly health: StrategyHealth,
  ) {}

  /** A post strategy; when Instagram refuses its doc id, once more with the id discovery finds. */
  async runPostStrategy(deps: InstagramDeps, strategy: PostStrategy, target: PostTarget, signal: AbortSignal): Promise<RawResolution> {
    const op = strategy.docIdOperation;
    const used = op ? this.docIds.get(op).id : undefined;
    try {
      return await strategy.run(deps, target, signal);
    } catch (err) {
      if (!(err instanceof StaleDocumentError) || !op || !used) throw err;
      const replacement = await this.healer.heal(op, used, `/p/${target.shortcode}/`, signal);
      if (!replacement) throw err;
      return strategy.run(deps, target, signal);
    }
  }

  /** The post's lookup is over: the strategies that answered empty failed it if another one resolved it. */
  settleEmpties(emptyStrategies: readonly string[], resolved: boolean, target: string): void {
    if (!resolved) return;
    for (const name of emptyStrategies) this.health.record(name, 'empty', target);
  }
}
