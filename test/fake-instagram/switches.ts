/** Fault switches and request counters of the fake upstream. */
import type { IncomingHttpHeaders } from 'node:http';
import type { BundleMode } from './bundles.ts';
import { DOC_IDS } from './context.ts';
import type { FACTS_2026_POSTS } from './facts-posts.ts';
import type { ProfileFact } from './profile-paths.ts';

/**
 * Threads' facts (issue 40), one switch each, off unless named: `gating-shell` — the post page answers Threads'
 * logged-out gating shell whoever asks (cobalt PR #1558; without the switch only a client that is not a browser's
 * navigation gets it).
 */
export type ThreadsFact = 'gating-shell';
/** FxEmbed's BarcelonaPostPageDirectQuery doc id (constants.ts at 85ba21c, read 2026-11-27). */
export const THREADS_DOC_ID = '35009275178687016';

/**
 * How Instagram answered public extractors from June 2026 on, one switch per fact (docs/instagram.md has the
 * sources); `FakeSwitches.enable2026()` turns them all on. Off, the fake answers the 2024 way.
 */
export const FACTS_2026 = [
  /** doc id 8845758582119845 (PolarisPostActionLoadPostQueryQuery) answers `xdt_shortcode_media: null` for every post. */
  'shortcode-retired',
  /** The Polaris query answers the HTML app shell (a client without a browser's TLS fingerprint). */
  'polaris-html',
  /** The same, told by the ClientHello: JSON to a browser's (GREASE), the app shell to Node's (the HTTPS face only). */
  'polaris-tls',
  /** A stale doc id's `errors` answer says `"status":"fail"`. */
  'stale-status-fail',
  /** `/` sets no csrftoken cookie; the token stands in the page (`"csrf_token":"…"`). */
  'csrf-in-page',
  /** `/` grants no csrftoken at all. */
  'no-csrf',
  /** Answers carry `x-ig-set-www-claim`. */
  'www-claim',
  /** web_profile_info: 400 "Asset … has been deleted" for business accounts, 429 for the others. */
  'profile-info-broken',
] as const;

/**
 * Issue 29, the answers the first pass missed (docs/instagram.md, "The second pass"): one switch per fact, off
 * unless named (`enable2026(...)`) or all turned on with `enable2026(...FACTS_2026_SECOND)`.
 */
export const FACTS_2026_SECOND = [
  /** A stale or refused doc id answers HTTP 400 `{"message":"invalid request","errors":[{"message":"execution error",…}],"status":"fail"}`. */
  'stale-400',
  /** A GraphQL answer without data whose error says the viewer is logged out (wording unverified). */
  'graphql-logged-out',
  /** A private post's long shortcode (> 28 characters): every answer is empty, the page and the embed say nothing. */
  'private-long-code',
  /** The session's media/{pk}/info answers 404 "Media not found" for posts that exist (yt-dlp #17275). */
  'media-info-refused-404',
  /** `/` sets the browser's whole jar (csrftoken, mid, ig_did, datr); GraphQL answers null without mid and ig_did (unverified). */
  'cookie-jar',
  /** The post page carries the older `xdt_api__v1__media__shortcode__web_info` items instead of Polaris. */
  'page-web-info',
  /** The post page's `xig_polaris_media` sits outside any RelayPrefetchedStreamCache entry. */
  'page-polaris-anywhere',
  /** A reel's `/p/` page carries nothing; its `/reel/` page does. */
  'reel-page-only',
  /** Polaris images come as `display_uri` with `original_width`/`original_height`, no `image_versions2`. */
  'polaris-display-uri',
  /** Embed carousels lack a video's `video_url` (cobalt PR #1554). */
  'embed-no-video-url',
  /** `/` carries the LSD token only in `<script id="__eqmc">{"l":…}` (yt-dlp `_real_initialize`, FxEmbed). */
  'lsd-eqmc-only',
] as const;
export type Fact2026 = (typeof FACTS_2026)[number] | (typeof FACTS_2026_SECOND)[number] | (typeof FACTS_2026_POSTS)[number] | ProfileFact;

export type Fault =
  | 'not_found'
  | 'private'
  | 'login_redirect'
  /** The 2026 login walls: a redirect to /challenge/, and to the home page / (also an expired session's). */
  | 'challenge_redirect'
  | 'home_redirect'
  /** 401 "Please wait a few minutes" with require_login: throttling. */
  | 'require_login'
  | 'rate_limited'
  /** HTTP 200 `{"errors":[{"code":1675004,"message":"Rate limit exceeded"}],"data":null}`. */
  | 'throttle_200'
  /** `{"message":"feedback_required","spam":true,"feedback_title":"Try Again Later",…}` (gallery-dl #7202). */
  | 'feedback_required'
  /** Threads' `api_error_code` 368, "temporarily blocked" (cobalt PR #1558). */
  | 'temporarily_blocked'
  /** An age-gated post: empty to the logged out, "Restricted Video" in its ruling, whole to a session. */
  | 'age_restricted'
  /**
   * A post gated by region (or audience): empty to the logged out as an age-gated one is, a ruling that names
   * nothing, and the internal oEmbed's `geoblock_required` (issue 36, fact 8).
   */
  | 'region_restricted'
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
  /** A user's highlight albums and post feed (user-feeds.ts). */
  'highlights-tray',
  'feed-user',
  /** The profile view's 2026 paths (profile-paths.ts): the anonymous username feed and three GraphQL queries. */
  'feed-username',
  'graphql-profile-posts',
  'graphql-stories',
  'graphql-profile-page',
  'share',
  'login',
  'autolink',
  'story-info',
  'post-page',
  'topsearch',
  'profile-page',
  'ruling',
  'static',
  'foreign',
  'home-redirect-session',
  /** A session's REST call sent to a checkpoint (`/auth_platform/`, facts-posts.ts). */
  'session-checkpoint',
  /** The internal oEmbed, `/api/v1/oembed/?url=` (oembed.ts). */
  'oembed',
  /** The Threads face (threads/threads-web.ts). */
  'threads-home',
  'threads-post-page',
  'threads-redirect',
  'threads-graphql',
  'threads-unknown',
  'unknown',
] as const;
export type FakeEndpoint = (typeof ENDPOINTS)[number];

/** Every endpoint that serves a post (one per post strategy: the post page serves `permalink`). */
export const POST_ENDPOINTS = ['graphql-shortcode', 'graphql-web-info', 'polaris-media', 'post-page', 'embed', 'media-info'] as const satisfies readonly FakeEndpoint[];

export class FakeSwitches {
  /** The GraphQL doc ids Instagram accepts now; others get an `errors` answer (rotate() changes them). */
  docIds: Record<keyof typeof DOC_IDS, string> = { ...DOC_IDS };
  /** The BarcelonaPostPageDirectQuery doc id Threads accepts now (rotateThreadsDocId() changes it). */
  threadsDocId: string = THREADS_DOC_ID;
  /** Threads' facts in force. */
  readonly threads = new Set<ThreadsFact>();
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
  /** The 2026 facts in force (none: the 2024 answers). */
  readonly facts = new Set<Fact2026>();
  /** Session ids Instagram no longer accepts: a request carrying one is sent to the home page `/`. */
  readonly expiredSessions = new Set<string>();

  /** Turn 2026 facts on: the ones named, or all of the first pass. */
  enable2026(...facts: Fact2026[]): this {
    const all: readonly Fact2026[] = FACTS_2026;
    for (const fact of facts.length > 0 ? facts : all) if (fact !== 'no-csrf' || facts.includes('no-csrf')) this.facts.add(fact);
    return this;
  }

  is2026(fact: Fact2026): boolean {
    return this.facts.has(fact);
  }

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
    this.docIds = Object.fromEntries(Object.entries(this.docIds).map(([op, id]) => [op, bump(id)])) as Record<keyof typeof DOC_IDS, string>;
    return this;
  }

  /** Threads rotates its doc id: the old one is refused, the bundles export the new one. */
  rotateThreadsDocId(): this {
    this.threadsDocId = String(BigInt(this.threadsDocId) + 1_000_003n);
    return this;
  }

  reset(): void {
    this.docIds = { ...DOC_IDS };
    this.threadsDocId = THREADS_DOC_ID;
    this.threads.clear();
    this.bundles = 'normal';
    this.targets.clear();
    this.endpoints.clear();
    this.mediaInfoNeedsSession = true;
    this.providerKey = 'fake-provider-key';
    this.offsiteLocation = 'https://example.invalid/p/B866lKJgReK/';
    this.facts.clear();
    this.expiredSessions.clear();
  }
}

export class FakeCounts {
  private readonly counts = new Map<string, number>();
  private readonly lastHeaders = new Map<FakeEndpoint, IncomingHttpHeaders>();

  /** The headers of an endpoint's last request (request-shape tests). */
  headersOf(endpoint: FakeEndpoint): IncomingHttpHeaders | undefined {
    return this.lastHeaders.get(endpoint);
  }

  saw(endpoint: FakeEndpoint, headers: IncomingHttpHeaders): void {
    this.lastHeaders.set(endpoint, headers);
  }

  /** When each request to Instagram itself arrived (ms since the epoch; bundles and providers not included). */
  readonly times: number[] = [];

  hit(endpoint: FakeEndpoint, target?: string): void {
    if (endpoint !== 'static' && endpoint !== 'foreign' && !endpoint.startsWith('threads-') && endpoint !== 'autolink' && endpoint !== 'story-info') this.times.push(Date.now());
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

  /** Requests to Threads: its pages, GraphQL and redirects, and its script bundles on the static origin. */
  threads(): number {
    let sum = this.get('static', 'BarcelonaApp') + this.get('static', 'BarcelonaRelay');
    for (const [key, value] of this.counts) if (key.startsWith('threads-') && !key.includes(':')) sum += value;
    return sum;
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  reset(): void {
    this.counts.clear();
    this.lastHeaders.clear();
    this.times.length = 0;
  }
}
