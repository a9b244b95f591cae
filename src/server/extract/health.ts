/**
 * How each post strategy is doing, over a sliding window of its recent outcomes. A strategy that fails on several
 * different posts in a row moves to the end of the chain (never out of it) until it succeeds again, so lookups
 * stop paying for a broken endpoint first. A per-post failure (not found, private, no media) says nothing about
 * the strategy and is not counted; nor is a login wall or throttling, which say who asked (our address, our
 * session), not how (2026: a redirect to `/` counted against every strategy in turn). An empty answer is settled
 * by healing.ts once the lookup is over.
 */
import type { FailureKind } from './failure.ts';

const NOT_THE_STRATEGY: ReadonlySet<string> = new Set<FailureKind>(['not_found', 'private', 'no_media', 'unsupported', 'login_required', 'rate_limited', 'age_restricted', 'restricted']);

export interface StrategyStatus {
  /** Successes ÷ counted outcomes in the window (1 when nothing is counted yet). */
  successRatio: number;
  window: number;
  /** ISO time of the last success, if any. */
  lastSuccessAt?: string;
  /** At the end of the chain for now. */
  demoted: boolean;
  /** Different posts it failed on since its last success. */
  failingPosts: number;
}

interface Track {
  outcomes: boolean[];
  lastSuccessAt?: number;
  /** When it last ran (any counted outcome). */
  lastRunAt?: number;
  failingTargets: Set<string>;
}

export class StrategyHealth {
  private readonly tracks = new Map<string, Track>();

  constructor(
    private readonly windowSize = 50,
    /** Different posts failed in a row that demote a strategy. */
    private readonly demoteAfter = 3,
    /** A demoted strategy that has not run for this long gets its place back for one lookup: a probe, so it can recover. */
    private readonly probeAfterMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  private track(name: string): Track {
    let track = this.tracks.get(name);
    if (!track) this.tracks.set(name, (track = { outcomes: [], failingTargets: new Set() }));
    return track;
  }

  /** One outcome: 'ok' or the failure kind, for a target (the post's key). */
  record(name: string, outcome: 'ok' | FailureKind, target: string): void {
    if (outcome !== 'ok' && NOT_THE_STRATEGY.has(outcome)) return;
    const track = this.track(name);
    track.lastRunAt = this.now();
    track.outcomes.push(outcome === 'ok');
    if (track.outcomes.length > this.windowSize) track.outcomes.shift();
    if (outcome === 'ok') {
      track.lastSuccessAt = this.now();
      track.failingTargets.clear();
    } else {
      track.failingTargets.add(target);
    }
  }

  /** Forget every outcome (tests that share one app). */
  reset(): void {
    this.tracks.clear();
  }

  isDemoted(name: string): boolean {
    return (this.tracks.get(name)?.failingTargets.size ?? 0) >= this.demoteAfter;
  }

  /** The configured order with demoted strategies moved to the end (each group keeps its order), but for a probe. */
  order<T extends string>(names: readonly T[]): T[] {
    const last = (n: T) => this.isDemoted(n) && !this.probeDue(n);
    return [...names.filter((n) => !last(n)), ...names.filter(last)];
  }

  private probeDue(name: string): boolean {
    const track = this.tracks.get(name);
    if (!track || this.now() - (track.lastRunAt ?? 0) < this.probeAfterMs) return false;
    // Its place for this one lookup; the outcome (or this mark, if it never runs) starts the next wait.
    track.lastRunAt = this.now();
    return true;
  }

  status(name: string): StrategyStatus {
    const track = this.tracks.get(name);
    const counted = track?.outcomes.length ?? 0;
    const ok = track?.outcomes.filter(Boolean).length ?? 0;
    return {
      successRatio: counted === 0 ? 1 : ok / counted,
      window: counted,
      ...(track?.lastSuccessAt ? { lastSuccessAt: new Date(track.lastSuccessAt).toISOString() } : {}),
      demoted: this.isDemoted(name),
      failingPosts: track?.failingTargets.size ?? 0,
    };
  }
}
