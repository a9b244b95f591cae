import { describe, expect, it } from 'vitest';
import { StrategyHealth } from './health.ts';

const CHAIN = ['graphql-shortcode', 'graphql-web-info', 'embed'] as const;

describe('StrategyHealth', () => {
  it('moves a strategy failing on several different posts to the end, and back when it succeeds', () => {
    const health = new StrategyHealth(50, 3, 60_000);
    health.record('graphql-shortcode', 'changed', 'post:A');
    health.record('graphql-shortcode', 'changed', 'post:A');
    health.record('graphql-shortcode', 'timeout', 'post:B');
    expect(health.order(CHAIN)).toEqual(CHAIN);
    health.record('graphql-shortcode', 'changed', 'post:C');
    expect(health.order(CHAIN)).toEqual(['graphql-web-info', 'embed', 'graphql-shortcode']);
    expect(health.status('graphql-shortcode')).toMatchObject({ demoted: true, failingPosts: 3, successRatio: 0, window: 4 });
    health.record('graphql-shortcode', 'ok', 'post:D');
    expect(health.order(CHAIN)).toEqual(CHAIN);
    expect(health.status('graphql-shortcode')).toMatchObject({ demoted: false, successRatio: 0.2, lastSuccessAt: expect.any(String) });
  });

  it('gives a demoted strategy its place back for one lookup after a while, so it can recover', () => {
    let now = 1_000_000;
    const health = new StrategyHealth(50, 2, 60_000, () => now);
    health.record('graphql-shortcode', 'changed', 'post:A');
    health.record('graphql-shortcode', 'changed', 'post:B');
    expect(health.order(CHAIN)[2]).toBe('graphql-shortcode');
    now += 61_000;
    expect(health.order(CHAIN)[0]).toBe('graphql-shortcode'); // the probe
    expect(health.order(CHAIN)[2]).toBe('graphql-shortcode'); // once only
    health.record('graphql-shortcode', 'ok', 'post:C');
    expect(health.order(CHAIN)).toEqual(CHAIN);
  });

  it('does not count per-post failures against a strategy', () => {
    const health = new StrategyHealth(50, 2, 60_000);
    for (const kind of ['not_found', 'private', 'no_media'] as const) health.record('embed', kind, `post:${kind}`);
    expect(health.status('embed')).toMatchObject({ demoted: false, window: 0, successRatio: 1 });
  });

  it('does not count a login wall or throttling (they say who asked, not how), but counts an empty answer it is told of', () => {
    const health = new StrategyHealth(50, 2, 60_000);
    for (const kind of ['login_required', 'rate_limited'] as const) for (const post of ['A', 'B', 'C']) health.record('embed', kind, `post:${post}`);
    expect(health.status('embed')).toMatchObject({ demoted: false, window: 0 });
    health.record('graphql-shortcode', 'empty', 'post:A');
    health.record('graphql-shortcode', 'empty', 'post:B');
    expect(health.status('graphql-shortcode')).toMatchObject({ demoted: true, failingPosts: 2 });
  });

  it('keeps a sliding window', () => {
    const health = new StrategyHealth(4, 10, 60_000);
    for (let i = 0; i < 4; i++) health.record('embed', 'changed', `post:${i}`);
    for (let i = 0; i < 4; i++) health.record('embed', 'ok', `post:${i}`);
    expect(health.status('embed')).toMatchObject({ successRatio: 1, window: 4 });
  });
});
