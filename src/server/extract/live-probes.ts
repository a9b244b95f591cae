/**
 * What `npm run check-live` asks Instagram, outside the chain: one post strategy alone on a post (doc-id healing
 * included; one Threads strategy alone on a thread too), the ruling on a post, and what Instagram answers a doc id it does not know (2026: HTTP 400 "invalid
 * request" / "execution error"; the app heals only when it reads that answer as a stale document).
 */
import { asExtractError, ExtractError } from './failure.ts';
import type { Healing } from './healing.ts';
import { StaleDocumentError, postGraphql } from './instagram/graphql.ts';
import { POST_STRATEGIES } from './instagram/post-strategies.ts';
import { askRuling } from './instagram/ruling.ts';
import type { RequestShapeName } from './instagram/request-shapes/shapes.ts';
import type { InstagramDeps, PostTarget } from './instagram/strategy.ts';
import type { StrategyName } from '../config.ts';
import type { ThreadsClient } from './threads/client.ts';
import type { ThreadsDocIds } from './threads/doc-ids.ts';
import { THREADS_STRATEGY_RUNS, type ThreadsStrategyName } from './threads/lookup.ts';
import type { ThreadsTarget } from './threads/target.ts';

export interface ProbeResult {
  outcome: 'ok' | ExtractError['kind'];
  ms: number;
  items?: number;
  detail?: string;
}

/** A doc id no Relay operation has: what Instagram answers it shows how a rotation looks today. */
const UNKNOWN_DOC_ID = '1000000000000001';

export class LiveProbes {
  constructor(
    private readonly deps: InstagramDeps,
    private readonly healing: Healing,
    private readonly deadlineMs: number,
    private readonly threads: { client: ThreadsClient; docIds: ThreadsDocIds },
  ) {}

  /** One Threads strategy alone on a thread (doc-id healing included). */
  async thread(name: ThreadsStrategyName, target: ThreadsTarget): Promise<ProbeResult> {
    return this.timed(async () => {
      const raw = await THREADS_STRATEGY_RUNS[name](this.threads.client, this.threads.docIds, target, AbortSignal.timeout(this.deadlineMs));
      return { items: raw.items.length };
    });
  }

  /** One strategy alone on a post; its GraphQL queries in the given request shape, else the healthiest. */
  async strategy(name: StrategyName, target: PostTarget, shape?: RequestShapeName): Promise<ProbeResult> {
    return this.timed(async () => {
      const deps = shape ? { ...this.deps, shape } : this.deps;
      const raw = await this.healing.runPostStrategy(deps, POST_STRATEGIES[name], target, AbortSignal.timeout(this.deadlineMs));
      return { items: raw.items.length };
    });
  }

  /** The ruling on a post: ok when it names nothing, age_restricted when it says "Restricted Video". */
  async ruling(target: PostTarget): Promise<ProbeResult> {
    return this.timed(async () => {
      const ruled = await askRuling(this.deps.client, target, AbortSignal.timeout(this.deadlineMs));
      if (ruled) throw ruled;
      return {};
    });
  }

  /** Instagram's answer to an unknown doc id: `stale document` when the app would heal from it. */
  async staleDocument(): Promise<ProbeResult & { heals: boolean }> {
    let heals = false;
    const result = await this.timed(async () => {
      try {
        await postGraphql(this.deps, { path: '/api/graphql', docId: UNKNOWN_DOC_ID, variables: {}, friendlyName: 'PolarisLoggedOutDesktopWWWPostRootContentQuery', what: 'unknown doc id' }, AbortSignal.timeout(this.deadlineMs));
      } catch (err) {
        heals = err instanceof StaleDocumentError;
        throw err;
      }
      throw new ExtractError('changed', 'unknown doc id: Instagram answered as if it knew it');
    });
    return { ...result, heals };
  }

  private async timed(run: () => Promise<{ items?: number }>): Promise<ProbeResult> {
    const started = performance.now();
    try {
      const found = await run();
      return { outcome: 'ok', ms: performance.now() - started, ...found };
    } catch (err) {
      const failure = asExtractError(err);
      return { outcome: failure.kind, ms: performance.now() - started, detail: failure.message };
    }
  }
}
