/**
 * One lookup's way through Instagram: for a post, the post strategies in their health order, then the optional
 * provider; for a profile, the user lookup and the full-size picture; for stories, the session's reels. Every step
 * is logged and counted per strategy × outcome; when all fail, verdict.ts decides what the visitor is told.
 */
import { canonicalUrl, type ParsedLink } from '../../shared/link.ts';
import type { Config } from '../config.ts';
import { resolveStrategyTotal } from '../metrics.ts';
import { asExtractError, ExtractError } from './failure.ts';
import type { Healing } from './healing.ts';
import type { UserQueries } from './instagram/users/user-query.ts';
import type { UpstreamClient } from './instagram/client.ts';
import { POST_STRATEGIES } from './instagram/post-strategies.ts';
import { resolveProfile } from './instagram/profile.ts';
import { NO_SESSION_MESSAGE, resolveStories } from './instagram/stories.ts';
import type { InstagramDeps, PostTarget } from './instagram/strategy.ts';
import type { RawResolution } from './raw.ts';
import { fetchAutolink } from './thirdparty/autolink.ts';
import type { ProviderHttp } from './thirdparty/provider-http.ts';
import { fetchStoryInfo } from './thirdparty/story-info.ts';
import { silentVerdict } from './silent-verdict.ts';
import { decideFailure, isDecisiveNotFound, onlySilence } from './verdict.ts';

/** A link that names its target itself (a share link first has to be followed). */
export type DirectLink = Exclude<ParsedLink, { kind: 'share' }>;

export interface ChainLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ChainParts {
  config: Config;
  logger: ChainLogger;
  client: UpstreamClient;
  deps: InstagramDeps;
  healing: Healing;
  /** The profile view's GraphQL queries: the profile tool asks the largest logged-out picture by them. */
  userQueries?: UserQueries;
  autolink?: ProviderHttp;
  storyInfo?: ProviderHttp;
}

export class LookupChain {
  constructor(private readonly parts: ChainParts) {}

  async run(link: DirectLink, key: string, deadline: AbortSignal): Promise<RawResolution> {
    const failures: ExtractError[] = [];
    const attempt = async (name: string, run: (signal: AbortSignal) => Promise<RawResolution>) => {
      if (deadline.aborted) {
        failures.push(new ExtractError('timeout', `${name}: deadline passed before it ran`));
        return undefined;
      }
      try {
        return await this.step(name, key, run, deadline);
      } catch (err) {
        failures.push(asExtractError(err));
        return undefined;
      }
    };
    const { autolink, storyInfo, client, healing, deps } = this.parts;
    const sourceUrl = canonicalUrl(link);
    let result: RawResolution | undefined;
    switch (link.kind) {
      case 'post':
      case 'reel':
      case 'igtv': {
        const target: PostTarget = { shortcode: link.shortcode, linkKind: link.kind };
        const empties: string[] = [];
        let gated = false;
        for (const name of healing.health.order(this.parts.config.instagram.strategies)) {
          const strategy = POST_STRATEGIES[name];
          // A session-only query sent logged out (every session's egress cooling down) would answer "log in", which
          // says nothing of the post and would outrank the throttling that is the real cause.
          if (strategy.needsSession && !client.hasUsableSession) continue;
          // The page said the post is gated for the logged out: the other logged-out ways would only say it again.
          if (gated && !strategy.needsSession) continue;
          const before = failures.length;
          result = await attempt(name, (signal) => healing.runPostStrategy(deps, strategy, target, signal));
          if (result) break;
          const last = failures.length > before ? failures.at(-1)! : undefined;
          if (last?.kind === 'empty') empties.push(name);
          if (last?.gated) gated = true;
          // The post's own page said it is gone; or our own budget refused, and the next step would wait again.
          if (last && (isDecisiveNotFound(last) || (last.kind === 'rate_limited' && last.source === 'instance'))) break;
        }
        healing.settleEmpties(empties, result !== undefined, key);
        if (!result && onlySilence(failures)) {
          const ruled = await silentVerdict(client, target, deadline);
          if (ruled) failures.push(ruled);
        }
        if (!result && autolink) {
          result = await attempt('autolink', (signal) => fetchAutolink(autolink, { kind: link.kind, sourceUrl, shortcode: link.shortcode }, signal));
        }
        break;
      }
      case 'profile': {
        result = await attempt('profile', (signal) =>
          resolveProfile(client, link.username, signal, (way, outcome) =>
            outcome === 'ok' ? this.record(way, 'ok', key, 0) : this.record(way, outcome.kind, key, 0, outcome.message),
            client.hasSession ? undefined : this.parts.userQueries,
          ),
        );
        if (!result && autolink) {
          result = await attempt('autolink', (signal) => fetchAutolink(autolink, { kind: 'profile', sourceUrl, username: link.username }, signal));
        }
        break;
      }
      case 'story':
      case 'highlight': {
        if (client.hasSession) {
          result = await attempt('reels-media', (signal) =>
            resolveStories(client, link, signal, (way, outcome) =>
              outcome === 'ok' ? this.record(way, 'ok', key, 0) : this.record(way, outcome.kind, key, 0, outcome.message),
            ),
          );
        } else {
          failures.push(new ExtractError('login_required', 'stories: no live IG_SESSIONID', { userMessage: NO_SESSION_MESSAGE }));
        }
        if (!result && storyInfo) {
          const username = link.kind === 'story' ? link.username : undefined;
          result = await attempt('story-info', (signal) => fetchStoryInfo(storyInfo, { kind: link.kind, sourceUrl, username }, signal));
        }
        break;
      }
    }
    if (result) return result;
    throw decideFailure(failures) ?? new ExtractError('unavailable', `${key}: nothing to try`);
  }

  /** Run one step with the deadline, then log and count its outcome. */
  async step<T>(name: string, target: string, run: (signal: AbortSignal) => Promise<T>, deadline: AbortSignal): Promise<T> {
    const started = performance.now();
    try {
      const value = await run(deadline);
      this.record(name, 'ok', target, performance.now() - started);
      return value;
    } catch (err) {
      const failure = asExtractError(err);
      this.record(name, failure.kind, target, performance.now() - started, failure.message);
      throw failure;
    }
  }

  /**
   * Count and log one outcome; a post strategy's goes to its health too, except an empty answer, which healing
   * settles when the lookup is over.
   */
  private record(strategy: string, outcome: string, target: string, ms: number, detail?: string): void {
    resolveStrategyTotal.inc({ strategy, outcome });
    if (strategy in POST_STRATEGIES && outcome !== 'empty') {
      this.parts.healing.health.record(strategy, outcome as Parameters<Healing['health']['record']>[1], target);
    }
    const line = { strategy, outcome, target, ms: Math.round(ms), ...(detail ? { detail } : {}) };
    if (outcome === 'changed' || outcome === 'unavailable' || outcome === 'timeout') this.parts.logger.warn(line, 'resolve step failed');
    else this.parts.logger.info(line, 'resolve step');
  }
}
