/**
 * The lookups of a batch: each link a row (waiting → resolving → ready or failed), a few at a time. A rate
 * limit does not fail the rest: the row goes back to waiting until Retry-After has passed, with the time left
 * readable for a countdown. Who asked for the wait decides who waits (`holdsEveryone`): this site's own limits
 * pause the whole queue, Instagram's hold that one row while the others go on. A row that stays limited gives up
 * after a few tries or a few minutes, so a batch always ends; a waiting row can be skipped, a failed one retried.
 * No React here: the queue calls its listener with a fresh snapshot after every change.
 */
import type { ErrorSource, Resolution } from '../../shared/api.ts';
import type { ResolveFailure, ResolveOutcome } from './api-client.ts';

export type RowState =
  /**
   * `limited`: how often a rate limit turned this link back so far, and since when (ms since the epoch); `until`:
   * when its own wait ends (a limit on this link alone; absent while the whole queue waits instead).
   */
  | { status: 'waiting'; limited?: { tries: number; since: number; until?: number } }
  | { status: 'resolving' }
  | { status: 'ready'; resolution: Resolution }
  /** `retry`: whether trying again as is can help (not for a private post or a link that does not exist). */
  | { status: 'failed'; messageKey: string; retry: boolean };

export interface QueueRow {
  id: number;
  link: string;
  state: RowState;
}

export interface QueueSnapshot {
  rows: QueueRow[];
  /** When the queue may start lookups again after a rate limit (ms since the epoch), or null. */
  pausedUntil: number | null;
  /** Who asked for that wait (the rate limit's `source`): this site, or null when the answer did not say. */
  pausedBy: ErrorSource | null;
}

export interface QueueOptions {
  resolve: (link: string) => Promise<ResolveOutcome>;
  /** The translated message key of a failure (the page's error catalogue). */
  messageKey: (failure: ResolveFailure) => string;
  /** Whether a failure is worth trying again as is (Retry is offered); every failure when absent. */
  retryable?: (failure: ResolveFailure) => boolean;
  /** Links the form would refuse fail at once with this key, without a request. */
  isValid: (link: string) => boolean;
  invalidKey: string;
  /** Lookups at once (2–3 keeps within the server's rate limit). */
  concurrency?: number;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** Waits when a 429 says nothing of how long: the server's own window is a minute. */
const DEFAULT_PAUSE_SECONDS = 30;
const MAX_PAUSE_SECONDS = 300;
/** A link rate-limited this often, or whose next try would come later than this after its first limit, fails. */
export const MAX_LIMITED_TRIES = 3;
export const MAX_LIMITED_MS = 3 * 60_000;
/** The message keys of a row that gave up on a rate limit (by who kept limiting it), and of one the user skipped. */
export const GAVE_UP_KEY = 'batch.gaveUp';
export const GAVE_UP_INSTANCE_KEY = 'batch.gaveUpInstance';
export const SKIPPED_KEY = 'batch.skipped';
export const SKIPPED_LIMITED_KEY = 'batch.missingLimited';

export function isRateLimit(failure: ResolveFailure): failure is Extract<ResolveFailure, { kind: 'http' }> {
  return failure.kind === 'http' && (failure.status === 429 || failure.code === 'rate_limited');
}

/**
 * Whether a rate limit holds every row, not just the one it answered. This site's own limits (`instance`: the
 * visitor's lookups a minute, counted on cached answers too, or the instance's egress budget) would refuse the
 * next lookup just the same, so the queue pauses as a whole rather than spend the visitor's allowance on more
 * refusals. A limit that names nobody came from something in front of the site (a proxy), which limits the
 * whole address: the same. Instagram's or Threads' limit is on that lookup: the server answers the other links
 * from its cache or through another egress, so they go on, and a link that meets the same limit waits its own
 * Retry-After (each row tries at most MAX_LIMITED_TRIES times, so a throttled egress earns no storm).
 */
export function holdsEveryone(source: ErrorSource | undefined): boolean {
  return source !== 'instagram' && source !== 'threads';
}

/** Instagram's limit, this site's own, or (an answer that names nobody) a rate limit unnamed. */
function gaveUpKey(source: ErrorSource | undefined): string {
  return source === 'instagram' ? GAVE_UP_KEY : source === 'instance' ? GAVE_UP_INSTANCE_KEY : SKIPPED_LIMITED_KEY;
}

export class BatchQueue {
  private rows: QueueRow[];
  private pausedUntil: number | null = null;
  private pausedBy: ErrorSource | null = null;
  private pauseTimer: unknown = null;
  /** Wakes the queue when the first row's own wait ends. */
  private wakeTimer: unknown = null;
  private running = 0;
  private disposed = false;
  private readonly listeners = new Set<(snapshot: QueueSnapshot) => void>();
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  private readonly concurrency: number;

  constructor(links: string[], private readonly options: QueueOptions) {
    this.rows = links.map((link, id) => ({ id, link, state: { status: 'waiting' } }));
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
    this.concurrency = options.concurrency ?? 3;
  }

  snapshot(): QueueSnapshot {
    return { rows: this.rows, pausedUntil: this.pausedUntil, pausedBy: this.pausedBy };
  }

  subscribe(listener: (snapshot: QueueSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    for (const row of this.rows) {
      if (row.state.status === 'waiting' && !this.options.isValid(row.link)) this.set(row.id, { status: 'failed', messageKey: this.options.invalidKey, retry: false });
    }
    this.pump();
  }

  /** A failed row that trying again can help goes back in line. */
  retry(id: number): void {
    const row = this.rows.find((r) => r.id === id);
    if (!row || row.state.status !== 'failed' || !row.state.retry || !this.options.isValid(row.link)) return;
    this.set(id, { status: 'waiting' });
    this.pump();
  }

  /** A waiting row leaves the line: failed as skipped (rate limited, when it was), so Retry brings it back. */
  skip(id: number): void {
    const row = this.rows.find((r) => r.id === id);
    if (!row || row.state.status !== 'waiting') return;
    this.set(id, { status: 'failed', messageKey: row.state.limited ? SKIPPED_LIMITED_KEY : SKIPPED_KEY, retry: true });
  }

  /** The resolution of a ready row again (a download link expired): the row is updated in place. */
  async refresh(id: number): Promise<Resolution | null> {
    const row = this.rows.find((r) => r.id === id);
    if (!row) return null;
    const outcome = await this.options.resolve(row.link);
    if (!outcome.ok || this.disposed) return null;
    this.set(id, { status: 'ready', resolution: outcome.resolution });
    return outcome.resolution;
  }

  dispose(): void {
    this.disposed = true;
    if (this.pauseTimer !== null) this.clearTimer(this.pauseTimer);
    if (this.wakeTimer !== null) this.clearTimer(this.wakeTimer);
    this.listeners.clear();
  }

  private set(id: number, state: RowState): void {
    this.rows = this.rows.map((row) => (row.id === id ? { ...row, state } : row));
    // A pause with no row left to wait for it is over: a finished batch shows no countdown (issue 33).
    if (this.pausedUntil !== null && !this.rows.some((row) => row.state.status === 'waiting')) this.endPause();
    this.emit();
  }

  private endPause(): void {
    if (this.pauseTimer !== null) this.clearTimer(this.pauseTimer);
    this.pauseTimer = null;
    this.pausedUntil = null;
    this.pausedBy = null;
  }

  private emit(): void {
    const snapshot = this.snapshot();
    for (const listener of this.listeners) listener(snapshot);
  }

  private pump(): void {
    if (this.disposed || this.pausedUntil !== null) return;
    const now = this.now();
    for (const row of this.rows) {
      if (this.running >= this.concurrency) break;
      if (row.state.status === 'waiting' && !((row.state.limited?.until ?? 0) > now)) void this.run(row.id, row.link);
    }
    this.wakeForNextRow(now);
  }

  /** A timer for the earliest row still waiting out a limit of its own (one timer, reset on every pump). */
  private wakeForNextRow(now: number): void {
    if (this.wakeTimer !== null) this.clearTimer(this.wakeTimer);
    this.wakeTimer = null;
    let next = Infinity;
    for (const row of this.rows) {
      const until = row.state.status === 'waiting' ? row.state.limited?.until : undefined;
      if (until !== undefined && until > now) next = Math.min(next, until);
    }
    if (next === Infinity) return;
    this.wakeTimer = this.setTimer(() => {
      this.wakeTimer = null;
      this.pump();
    }, next - now);
  }

  private async run(id: number, link: string): Promise<void> {
    const before = this.rows.find((r) => r.id === id)?.state;
    const limited = before?.status === 'waiting' ? before.limited : undefined;
    this.running++;
    this.set(id, { status: 'resolving' });
    let outcome: ResolveOutcome;
    try {
      outcome = await this.options.resolve(link);
    } finally {
      this.running--;
    }
    if (this.disposed) return;
    if (outcome.ok) this.set(id, { status: 'ready', resolution: outcome.resolution });
    else if (isRateLimit(outcome.failure)) {
      const { source } = outcome.failure;
      const wait = waitMs(outcome.failure.retryAfterSeconds);
      // Even a row that gives up here leaves the others waiting when the limit holds everyone.
      if (holdsEveryone(source)) this.pause(wait, source ?? null);
      const tries = (limited?.tries ?? 0) + 1;
      const since = limited?.since ?? this.now();
      if (tries >= MAX_LIMITED_TRIES || this.now() + wait - since > MAX_LIMITED_MS) this.set(id, { status: 'failed', messageKey: gaveUpKey(source), retry: true });
      else this.set(id, { status: 'waiting', limited: holdsEveryone(source) ? { tries, since } : { tries, since, until: this.now() + wait } });
    } else this.set(id, { status: 'failed', messageKey: this.options.messageKey(outcome.failure), retry: this.options.retryable?.(outcome.failure) ?? true });
    this.pump();
  }

  /** Pauses the queue for `wait` ms (or extends its pause, then on behalf of this limit). */
  private pause(wait: number, source: ErrorSource | null): void {
    const until = this.now() + wait;
    if (this.pausedUntil !== null && this.pausedUntil >= until) return;
    if (this.pauseTimer !== null) this.clearTimer(this.pauseTimer);
    this.pausedUntil = until;
    this.pausedBy = source;
    this.emit();
    this.pauseTimer = this.setTimer(() => {
      this.pauseTimer = null;
      this.pausedUntil = null;
      this.pausedBy = null;
      this.emit();
      this.pump();
    }, wait);
  }
}

/** How long a 429 asks to wait, in ms, within bounds. */
function waitMs(seconds: number | undefined): number {
  return Math.min(Math.max(seconds ?? DEFAULT_PAUSE_SECONDS, 1), MAX_PAUSE_SECONDS) * 1000;
}
