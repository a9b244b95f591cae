/** Fault switches and request counters of the fake upstream. */
import type { BundleMode } from './bundles.ts';
import { DOC_IDS } from './context.ts';

export type Fault =
  | 'not_found'
  | 'private'
  | 'login_redirect'
  | 'require_login'
  | 'rate_limited'
  | 'server_error'
  | 'garbage'
  | 'null_media'
  | 'expired'
  | 'reset'
  /** Providers only: `error: true` with a message, or an empty `medias`. */
  | 'provider_error'
  | 'empty'
  | { delayMs: number }
  /** 429 with a Retry-After of the time left until then (ms since the epoch), the normal answer after. */
  | { rateLimitedUntil: number };

export const ENDPOINTS = [
  'home',
  'graphql-shortcode',
  'graphql-web-info',
  'polaris-media',
  'embed',
  'media-info',
  'web-profile-info',
  'users-info',
  'reels-media',
  'share',
  'login',
  'autolink',
  'story-info',
  'post-page',
  'static',
  'foreign',
  'unknown',
] as const;
export type FakeEndpoint = (typeof ENDPOINTS)[number];

export class FakeSwitches {
  /** The GraphQL doc ids Instagram accepts now; others get an `errors` answer (rotate() changes them). */
  docIds: { shortcode: string; webInfo: string; polaris: string } = { ...DOC_IDS };
  /** What the pages' script bundles hold. */
  bundles: BundleMode = 'normal';
  /** Fault for one target (shortcode, username, highlight id or share id) on every endpoint serving it. */
  readonly targets = new Map<string, Fault>();
  /** Fault for one endpoint whatever the target: breaks one strategy so fallback can be tested. */
  readonly endpoints = new Map<FakeEndpoint, Fault>();
  /** media/{pk}/info answers only with a session cookie (real Instagram mostly does). */
  mediaInfoNeedsSession = true;
  /** The key the fake providers require in x-rapidapi-key. */
  providerKey = 'fake-provider-key';
  /** Where the off-Instagram share link redirects. */
  offsiteLocation = 'https://example.invalid/p/B866lKJgReK/';

  set(target: string, fault: Fault): this {
    this.targets.set(target, fault);
    return this;
  }

  break(endpoint: FakeEndpoint, fault: Fault = 'garbage'): this {
    this.endpoints.set(endpoint, fault);
    return this;
  }

  /** The fault for a request: the endpoint's own first, then the target's. */
  faultFor(endpoint: FakeEndpoint, target: string | undefined): Fault | undefined {
    return this.endpoints.get(endpoint) ?? (target !== undefined ? this.targets.get(target) ?? this.targets.get(target.toLowerCase()) : undefined);
  }

  /** Instagram rotates its doc ids: the old ones stop working, the bundles export the new ones. */
  rotateDocIds(): this {
    const bump = (id: string) => String(BigInt(id) + 1_000_003n);
    this.docIds = { shortcode: bump(this.docIds.shortcode), webInfo: bump(this.docIds.webInfo), polaris: bump(this.docIds.polaris) };
    return this;
  }

  reset(): void {
    this.docIds = { ...DOC_IDS };
    this.bundles = 'normal';
    this.targets.clear();
    this.endpoints.clear();
    this.mediaInfoNeedsSession = true;
    this.providerKey = 'fake-provider-key';
    this.offsiteLocation = 'https://example.invalid/p/B866lKJgReK/';
  }
}

export class FakeCounts {
  private readonly counts = new Map<string, number>();

  hit(endpoint: FakeEndpoint, target?: string): void {
    this.counts.set(endpoint, (this.counts.get(endpoint) ?? 0) + 1);
    if (target !== undefined) this.counts.set(`${endpoint}:${target}`, (this.counts.get(`${endpoint}:${target}`) ?? 0) + 1);
  }

  /** Requests to one endpoint, optionally for one target. */
  get(endpoint: FakeEndpoint, target?: string): number {
    return this.counts.get(target === undefined ? endpoint : `${endpoint}:${target}`) ?? 0;
  }

  /** Requests to any endpoint except the token page. */
  total(): number {
    let sum = 0;
    for (const [key, value] of this.counts) if (!key.includes(':') && key !== 'home') sum += value;
    return sum;
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  reset(): void {
    this.counts.clear();
  }
}
