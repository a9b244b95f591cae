import { describe, expect, it } from 'vitest';
import type { Resolution } from '../../shared/api.ts';
import type { ResolveOutcome } from './api-client.ts';
import { BatchQueue, GAVE_UP_INSTANCE_KEY, GAVE_UP_KEY, MAX_LIMITED_TRIES, SKIPPED_KEY, SKIPPED_LIMITED_KEY, type QueueOptions } from './batch-queue.ts';

const resolution = (link: string): Resolution => ({
  kind: 'post',
  service: 'instagram',
  sourceUrl: link,
  author: { username: 'someone' },
  items: [{ type: 'image', previewUrl: '/p', mediaUrl: '/m', downloadUrl: '/d', filename: 'f.jpg' }],
});

/** Lookups that answer when the test says so, and a clock and timers the test moves. */
function rig(links: string[], options: Partial<QueueOptions> = {}) {
  const pending = new Map<string, (outcome: ResolveOutcome) => void>();
  const calls: string[] = [];
  let now = 1_000_000;
  const timers: { at: number; run: () => void }[] = [];
  const queue = new BatchQueue(links, {
    resolve: (link) => {
      calls.push(link);
      return new Promise((resolve) => pending.set(link, resolve));
    },
    messageKey: (failure) => (failure.kind === 'http' ? `errors.http${failure.status}` : 'errors.network'),
    isValid: (link) => link.startsWith('https://'),
    invalidKey: 'errors.invalidUrl',
    now: () => now,
    setTimer: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => timers.splice(timers.indexOf(timer as (typeof timers)[number]), 1),
    ...options,
  });
  const settle = async (link: string, outcome: ResolveOutcome) => {
    pending.get(link)!(outcome);
    pending.delete(link);
    await new Promise((r) => setTimeout(r, 0));
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  const states = () => queue.snapshot().rows.map((r) => r.state.status);
  return { queue, pending, calls, settle, advance, states, now: () => now };
}

const ok = (link: string): ResolveOutcome => ({ ok: true, resolution: resolution(link), status: 200, ms: 5 });
const limit = (seconds: number, source?: 'instagram' | 'threads' | 'instance' | null): ResolveOutcome => ({
  ok: false,
  failure: { kind: 'http', status: 429, code: 'rate_limited', retryAfterSeconds: seconds, ...(source === null ? {} : { source: source ?? 'instagram' }) },
  ms: 3,
});

const links = ['https://a/1', 'https://a/2', 'https://a/3', 'https://a/4', 'https://a/5'];

describe('BatchQueue', () => {
  it('looks up three at a time, in order, and starts the next as one ends', async () => {
    const { queue, calls, settle, states } = rig(links);
    queue.start();
    expect(calls).toEqual(links.slice(0, 3));
    expect(states()).toEqual(['resolving', 'resolving', 'resolving', 'waiting', 'waiting']);
    await settle('https://a/2', ok('https://a/2'));
    expect(calls).toEqual(links.slice(0, 4));
    expect(states()).toEqual(['resolving', 'ready', 'resolving', 'resolving', 'waiting']);
  });

  it('fails a link the form would refuse at once, without a request', () => {
    const { queue, calls, states } = rig(['https://a/1', 'not a link']);
    queue.start();
    expect(states()).toEqual(['resolving', 'failed']);
    expect(calls).toEqual(['https://a/1']);
    expect(queue.snapshot().rows[1]!.state).toEqual({ status: 'failed', messageKey: 'errors.invalidUrl', retry: false });
  });

  it('waits out this site’s own rate limit for Retry-After seconds, every row with it, then goes on, failing nothing', async () => {
    const { queue, calls, settle, states, advance, now } = rig(links);
    queue.start();
    await settle('https://a/1', { ok: false, failure: { kind: 'http', status: 429, code: 'rate_limited', retryAfterSeconds: 12, source: 'instance' }, ms: 3 });
    expect(states()).toEqual(['waiting', 'resolving', 'resolving', 'waiting', 'waiting']);
    expect(queue.snapshot().pausedUntil).toBe(now() + 12_000);
    // Lookups in flight finish, but none starts during the pause.
    await settle('https://a/2', ok('https://a/2'));
    expect(calls).toHaveLength(3);
    advance(11_999);
    expect(calls).toHaveLength(3);
    advance(1);
    expect(queue.snapshot().pausedUntil).toBeNull();
    expect(calls).toEqual(['https://a/1', 'https://a/2', 'https://a/3', 'https://a/1', 'https://a/4']);
    await settle('https://a/1', ok('https://a/1'));
    expect(states()).toEqual(['ready', 'ready', 'resolving', 'resolving', 'resolving']);
  });

  it('one link Instagram throttles waits alone: the other rows go on, and it is tried again after its Retry-After', async () => {
    const { queue, calls, settle, states, advance, now } = rig(links);
    queue.start();
    await settle('https://a/2', limit(20));
    // No pause of the queue: the throttled row's slot goes to the next link at once.
    expect(queue.snapshot().pausedUntil).toBeNull();
    expect(queue.snapshot().rows[1]!.state).toEqual({ status: 'waiting', limited: { tries: 1, since: now(), until: now() + 20_000 } });
    expect(calls).toEqual(['https://a/1', 'https://a/2', 'https://a/3', 'https://a/4']);
    for (const link of ['https://a/1', 'https://a/3', 'https://a/4']) await settle(link, ok(link));
    // The last link went ahead of the one still waiting its turn; the batch is not done.
    expect(calls.at(-1)).toBe('https://a/5');
    await settle('https://a/5', ok('https://a/5'));
    expect(states()).toEqual(['ready', 'waiting', 'ready', 'ready', 'ready']);
    advance(19_999);
    expect(calls).toHaveLength(5);
    advance(1);
    expect(calls.at(-1)).toBe('https://a/2');
    await settle('https://a/2', ok('https://a/2'));
    expect(states()).toEqual(['ready', 'ready', 'ready', 'ready', 'ready']);
  });

  it('several throttled rows each wait their own time; a row of Threads is held alone too', async () => {
    const { queue, calls, settle, advance } = rig(links.slice(0, 3));
    queue.start();
    await settle('https://a/1', limit(30));
    await settle('https://a/2', limit(10, 'threads'));
    expect(queue.snapshot().pausedUntil).toBeNull();
    advance(10_000);
    expect(calls.slice(3)).toEqual(['https://a/2']);
    advance(20_000);
    expect(calls.slice(3)).toEqual(['https://a/2', 'https://a/1']);
  });

  it('says who asked for the wait: the source of the limit that set the pause, none once it is over', async () => {
    const { queue, settle, advance } = rig(links);
    queue.start();
    expect(queue.snapshot().pausedBy).toBeNull();
    await settle('https://a/1', { ok: false, failure: { kind: 'http', status: 429, code: 'rate_limited', retryAfterSeconds: 10, source: 'instance' }, ms: 3 });
    expect(queue.snapshot().pausedBy).toBe('instance');
    // Instagram's limit on one link neither moves the end of the pause nor who asked for it.
    await settle('https://a/2', { ok: false, failure: { kind: 'http', status: 429, code: 'rate_limited', retryAfterSeconds: 60, source: 'instagram' }, ms: 3 });
    expect(queue.snapshot().pausedBy).toBe('instance');
    advance(10_000);
    expect(queue.snapshot()).toMatchObject({ pausedUntil: null, pausedBy: null });
    advance(50_000);
    // A 429 that names nobody names nobody.
    await settle('https://a/1', { ok: false, failure: { kind: 'http', status: 429 }, ms: 3 });
    expect(queue.snapshot().pausedBy).toBeNull();
    expect(queue.snapshot().pausedUntil).not.toBeNull();
  });

  it('pauses for 30 s when a 429 does not say how long', async () => {
    const { queue, settle, now } = rig(links);
    queue.start();
    await settle('https://a/1', { ok: false, failure: { kind: 'http', status: 429 }, ms: 3 });
    expect(queue.snapshot().pausedUntil).toBe(now() + 30_000);
  });

  it('names a failure by its message key, and Retry puts the row back in line', async () => {
    const { queue, calls, settle, states } = rig(['https://a/1']);
    queue.start();
    await settle('https://a/1', { ok: false, failure: { kind: 'http', status: 404, code: 'not_found' }, ms: 3 });
    expect(queue.snapshot().rows[0]!.state).toEqual({ status: 'failed', messageKey: 'errors.http404', retry: true });
    queue.retry(0);
    expect(states()).toEqual(['resolving']);
    expect(calls).toEqual(['https://a/1', 'https://a/1']);
    await settle('https://a/1', ok('https://a/1'));
    expect(states()).toEqual(['ready']);
  });

  it('tells its listener of every change, and nothing after dispose', async () => {
    const { queue, settle } = rig(['https://a/1']);
    const seen: string[] = [];
    queue.subscribe((s) => seen.push(s.rows[0]!.state.status));
    queue.start();
    queue.dispose();
    await settle('https://a/1', ok('https://a/1'));
    expect(seen).toEqual(['resolving']);
  });

  it(`gives up on a link still rate limited after ${MAX_LIMITED_TRIES} tries, and Retry starts it afresh`, async () => {
    const { queue, calls, settle, advance, states } = rig(['https://a/1']);
    queue.start();
    for (let attempt = 1; attempt < MAX_LIMITED_TRIES; attempt++) {
      await settle('https://a/1', limit(5));
      expect(queue.snapshot().rows[0]!.state).toMatchObject({ status: 'waiting', limited: { tries: attempt } });
      advance(5_000);
    }
    await settle('https://a/1', limit(5));
    expect(queue.snapshot().rows[0]!.state).toEqual({ status: 'failed', messageKey: GAVE_UP_KEY, retry: true });
    advance(5_000);
    expect(calls).toHaveLength(MAX_LIMITED_TRIES);
    queue.retry(0);
    expect(states()).toEqual(['resolving']);
    await settle('https://a/1', limit(5));
    expect(queue.snapshot().rows[0]!.state).toMatchObject({ status: 'waiting', limited: { tries: 1 } });
  });

  it('gives up when the next try would come more than three minutes after the first limit', async () => {
    const { queue, settle, advance } = rig(['https://a/1']);
    queue.start();
    await settle('https://a/1', limit(120));
    expect(queue.snapshot().rows[0]!.state.status).toBe('waiting');
    advance(120_000);
    await settle('https://a/1', limit(120));
    expect(queue.snapshot().rows[0]!.state).toEqual({ status: 'failed', messageKey: GAVE_UP_KEY, retry: true });
  });

  it('says who kept limiting a link it gave up on: this site, or nobody named when the answers did not say', async () => {
    for (const [source, key] of [['instance', GAVE_UP_INSTANCE_KEY], [null, SKIPPED_LIMITED_KEY]] as const) {
      const { queue, settle, advance } = rig(['https://a/1']);
      queue.start();
      await settle('https://a/1', limit(120, source));
      advance(120_000);
      await settle('https://a/1', limit(120, source));
      expect(queue.snapshot().rows[0]!.state).toEqual({ status: 'failed', messageKey: key, retry: true });
    }
  });

  it('skips a waiting row: failed with a reason, the rest go on, and Retry brings it back', async () => {
    const { queue, calls, settle, advance, states } = rig(['https://a/1', 'https://a/2', 'https://a/3', 'https://a/4']);
    queue.start();
    queue.skip(3);
    expect(queue.snapshot().rows[3]!.state).toEqual({ status: 'failed', messageKey: SKIPPED_KEY, retry: true });
    await settle('https://a/1', limit(120));
    queue.skip(0);
    expect(queue.snapshot().rows[0]!.state).toEqual({ status: 'failed', messageKey: SKIPPED_LIMITED_KEY, retry: true });
    // Rows that are not waiting cannot be skipped.
    queue.skip(1);
    expect(states()).toEqual(['failed', 'resolving', 'resolving', 'failed']);
    advance(120_000);
    expect(calls).toEqual(['https://a/1', 'https://a/2', 'https://a/3']);
    queue.retry(3);
    expect(states()[3]).toBe('resolving');
    expect(calls.at(-1)).toBe('https://a/4');
  });

  it('offers no Retry where trying again cannot help (a private post), and refuses one', async () => {
    const { queue, calls, settle, states } = rig(['https://a/1'], { retryable: (failure) => failure.kind === 'http' && failure.status !== 403 });
    queue.start();
    await settle('https://a/1', { ok: false, failure: { kind: 'http', status: 403, code: 'private' }, ms: 3 });
    expect(queue.snapshot().rows[0]!.state).toEqual({ status: 'failed', messageKey: 'errors.http403', retry: false });
    queue.retry(0);
    expect(states()).toEqual(['failed']);
    expect(calls).toHaveLength(1);
  });

  it('ends its pause once no row is left to wait for it: a finished batch shows no countdown', async () => {
    const { queue, settle, advance, calls } = rig(['https://a/1', 'https://a/2']);
    queue.start();
    await settle('https://a/1', limit(80, 'instance'));
    expect(queue.snapshot().pausedUntil).not.toBeNull();
    await settle('https://a/2', { ok: false, failure: { kind: 'http', status: 403, code: 'private' }, ms: 3 });
    // The limited row is skipped: nothing waits, the batch is done, and the pause with it.
    queue.skip(0);
    expect(queue.snapshot().pausedUntil).toBeNull();
    advance(80_000);
    expect(queue.snapshot().pausedUntil).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
