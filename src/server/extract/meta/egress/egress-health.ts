/**
 * Each egress's own health, from what happens as well as from what answers (issue 38):
 * - a proxy's transport failure (a connect or first-byte timeout, a refused or reset connection, a TLS failure) is a
 *   strike; two in a row cool it;
 * - Instagram's 429 or a logged-out wall cools at once; a 429 that may be the target's rather than the address's (an
 *   unverified endpoint's) cools only beside another endpoint's within a minute;
 * - a cool-down lasts 15 s, doubling with each one in a row, at most 5 minutes. When it ends, one request goes out
 *   as a probe while the others keep away: an answer makes the egress healthy, a failure cools it again, longer.
 * Cooling or waiting for its probe, an egress is not usable: no request is started on it.
 */
export type EgressFailure = 'timeout' | 'reset' | 'connect' | 'tls' | 'throttled' | 'wall';

export type EgressState = 'healthy' | 'suspect' | 'cooling' | 'probing';

export interface EgressHealthStatus {
  state: EgressState;
  /** Milliseconds of cool-down left (0 unless cooling). */
  coolingMs: number;
  /** Transport failures since its last answer. */
  failuresInRow: number;
  lastFailure?: { reason: EgressFailure; at: string; detail?: string };
}

interface Standing {
  strikes: number;
  /** Cool-downs since its last answer: the next one lasts longer. */
  coolings: number;
  coolUntil: number;
  /** When it last cooled. */
  cooledAt: number;
  /** Its probe is out: the others keep away until it comes back. */
  probing: boolean;
  lastFailure?: { reason: EgressFailure; at: number; detail?: string };
  /** Endpoint → when its unverified 429 came. */
  suspicions: Map<string, number>;
}

const STRIKES_TO_COOL = 2;
const FIRST_COOL_MS = 15_000;
const LONGEST_COOL_MS = 300_000;
const SUSPICION_MS = 60_000;

export class EgressHealth {
  private readonly standings = new Map<string, Standing>();

  constructor(private readonly now: () => number = Date.now) {}

  private of(key: string): Standing {
    let standing = this.standings.get(key);
    if (!standing) this.standings.set(key, (standing = { strikes: 0, coolings: 0, coolUntil: 0, cooledAt: -Infinity, probing: false, suspicions: new Map() }));
    return standing;
  }

  /**
   * A transport failure of a request that started at `startedAt`: a strike; the second in a row (or a failed probe)
   * cools the egress. A request that started before the egress last cooled is not counted again: it failed for the
   * same cause, and would lengthen the cool-down for nothing.
   */
  failed(key: string, reason: EgressFailure, detail?: string, startedAt = this.now()): void {
    const standing = this.of(key);
    if (startedAt < standing.cooledAt) return;
    standing.strikes++;
    standing.lastFailure = { reason, at: this.now(), ...(detail ? { detail } : {}) };
    if (standing.strikes >= STRIKES_TO_COOL || standing.coolings > 0) this.cool(standing);
  }

  /** Instagram said so itself (a 429, a wall): cooled at once. */
  coolDown(key: string, reason: EgressFailure = 'throttled'): void {
    const standing = this.of(key);
    standing.lastFailure = { reason, at: this.now() };
    this.cool(standing);
  }

  /**
   * A 429 from an endpoint that may be throttling the target rather than the address (web_profile_info's is
   * unverified, docs/instagram.md): it cools only when another endpoint's 429 came within the minute.
   */
  throttledMaybeTarget(key: string, endpoint: string): void {
    const standing = this.of(key);
    const now = this.now();
    standing.suspicions.set(endpoint, now);
    for (const [name, at] of standing.suspicions) if (now - at > SUSPICION_MS) standing.suspicions.delete(name);
    if (standing.suspicions.size >= 2) this.coolDown(key);
  }

  private cool(standing: Standing): void {
    standing.coolings++;
    standing.cooledAt = this.now();
    standing.strikes = 0;
    standing.probing = false;
    standing.coolUntil = this.now() + Math.min(LONGEST_COOL_MS, FIRST_COOL_MS * 2 ** (standing.coolings - 1));
  }

  /** It answered: healthy again (its last failure stays on show). */
  ok(key: string): void {
    const standing = this.standings.get(key);
    if (!standing) return;
    standing.strikes = 0;
    standing.coolings = 0;
    standing.coolUntil = 0;
    standing.probing = false;
  }

  cooling(key: string): boolean {
    return (this.standings.get(key)?.coolUntil ?? 0) > this.now();
  }

  /** No request may start on it: cooling, or its probe is out. */
  usable(key: string): boolean {
    const standing = this.standings.get(key);
    if (!standing) return true;
    return standing.coolUntil <= this.now() && !standing.probing;
  }

  /**
   * A request starts on it: after a cool-down it is the probe, and the others keep away until `end` (or an answer,
   * or a failure) says how it went. `end` lets go of a probe that ended without a verdict (its lookup's deadline).
   */
  begin(key: string): () => void {
    const standing = this.standings.get(key);
    if (!standing || standing.coolings === 0 || standing.probing) return () => undefined;
    standing.probing = true;
    return () => {
      standing.probing = false;
    };
  }

  /** Milliseconds left, for /readyz (0 when not cooling). */
  coolingFor(key: string): number {
    return Math.max(0, (this.standings.get(key)?.coolUntil ?? 0) - this.now());
  }

  status(key: string): EgressHealthStatus {
    const standing = this.standings.get(key);
    const coolingMs = this.coolingFor(key);
    const state: EgressState = !standing
      ? 'healthy'
      : coolingMs > 0
        ? 'cooling'
        : standing.coolings > 0
          ? 'probing'
          : standing.strikes > 0
            ? 'suspect'
            : 'healthy';
    const last = standing?.lastFailure;
    return {
      state,
      coolingMs,
      failuresInRow: standing?.strikes ?? 0,
      ...(last ? { lastFailure: { reason: last.reason, at: new Date(last.at).toISOString(), ...(last.detail ? { detail: last.detail } : {}) } } : {}),
    };
  }
}
