/** Environment → typed configuration. Invalid configuration stops start-up with one clear line. */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { ADS_CLIENT_PATTERN } from '../shared/ads-client.ts';
import { findFfmpeg } from './media/transcode/ffmpeg-path.ts';

/** Every post strategy there is; `graphql-shortcode` stays available but left the default chain (retired June 2026). */
export const STRATEGY_NAMES = ['graphql-shortcode', 'graphql-web-info', 'polaris-media', 'permalink', 'embed', 'media-info'] as const;
export type StrategyName = (typeof STRATEGY_NAMES)[number];
/** The 2026 chain (docs/instagram.md): instaloader's and yt-dlp's queries, the post page, then embed and media-info. */
const DEFAULT_STRATEGIES: readonly StrategyName[] = ['graphql-web-info', 'polaris-media', 'permalink', 'embed', 'media-info'];

const origin = z
  .string()
  .url()
  .transform((s) => s.replace(/\/+$/, ''))
  .refine((s) => /^https?:\/\//.test(s), 'must be an http(s) origin');

const list = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean);
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const positiveInt = z.coerce.number().int().positive();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_ORIGIN: origin.default('http://localhost:8080'),
  IG_WEB_ORIGIN: origin.default('https://www.instagram.com'),
  IG_STATIC_ORIGIN: origin.default('https://static.cdninstagram.com'),
  /** Threads' web origin (issue 40): its post pages and GraphQL. */
  THREADS_WEB_ORIGIN: origin.default('https://www.threads.com'),
  THREADS_DOC_ID_POST: z.string().regex(/^\d+$/).default('35009275178687016'),
  /** Requests to Threads per minute per egress: a budget of its own beside Instagram's. */
  THREADS_EGRESS_PER_MIN: positiveInt.default(60),
  MEDIA_HOSTS: z.string().default('*.cdninstagram.com,*.fbcdn.net,*.giphy.com').transform(list),
  MEDIA_TEST_ORIGINS: z.string().default('').transform(list).pipe(z.array(origin)),
  /** One session id or several, comma-separated: lookups that need a session take turns over the live ones. */
  IG_SESSIONID: z.string().default('').transform(list),
  /** One proxy URL or several, comma-separated. */
  IG_PROXY: z.string().default('').transform(list).pipe(z.array(origin)),
  /** Upstream requests per minute per egress (an address or proxy, with its session). */
  IG_EGRESS_PER_MIN: positiveInt.default(60),
  /** How long a lookup may wait for its egress's budget before it answers 429. */
  IG_EGRESS_MAX_WAIT_MS: z.coerce.number().int().min(0).default(3000),
  /** The client for Instagram's pages and APIs: impit (Chrome's TLS and HTTP/2) or undici (Node's own). */
  IG_CLIENT: z.enum(['impit', 'undici']).default('impit'),
  /** Test only: accept any TLS certificate from Instagram's origins (the fake's HTTPS face uses one made in the test). */
  IG_TEST_INSECURE_TLS: bool.default(false),
  IG_STRATEGIES: z
    .string()
    .default(DEFAULT_STRATEGIES.join(','))
    .transform(list)
    .pipe(z.array(z.enum(STRATEGY_NAMES)).min(1)),
  IG_DOC_ID_SHORTCODE: z.string().regex(/^\d+$/).default('8845758582119845'),
  IG_DOC_ID_WEB_INFO: z.string().regex(/^\d+$/).default('27128499623469141'),
  IG_DOC_ID_POLARIS: z.string().regex(/^\d+$/).default('27130156389949648'),
  /** The profile view's GraphQL queries (issue 36): the posts timeline, the stories reel, the profile page (its picture). */
  IG_DOC_ID_PROFILE_POSTS: z.string().regex(/^\d+$/).default('27839684308962379'),
  IG_DOC_ID_STORIES: z.string().regex(/^\d+$/).default('27172656412386142'),
  IG_DOC_ID_PROFILE_PAGE: z.string().regex(/^\d+$/).default('28036671149327607'),
  IG_APP_ID: z.string().regex(/^\d+$/).default('936619743392459'),
  AUTOLINK_API_KEY: z.string().optional(),
  AUTOLINK_ORIGIN: origin.optional(),
  STORY_API_KEY: z.string().optional(),
  STORY_API_ORIGIN: origin.optional(),
  DOWNLOAD_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  /** The most posts one profile ZIP holds (POST /api/v1/users/{username}/zip); the rest are named in its MISSING.txt. */
  PROFILE_ZIP_MAX_POSTS: positiveInt.default(300),
  DATA_DIR: z.string().min(1).default('./data'),
  RATE_LIMIT_RESOLVE_PER_MIN: positiveInt.default(30),
  RATE_LIMIT_MEDIA_PER_MIN: positiveInt.default(600),
  RATE_LIMIT_CONTACT_PER_HOUR: positiveInt.default(5),
  MEDIA_STALL_TIMEOUT_MS: positiveInt.default(30_000),
  /** How long SIGTERM waits for in-flight requests (downloads) before it cuts them and exits 0. */
  SHUTDOWN_DEADLINE_MS: positiveInt.default(25_000),
  MEDIA_MAX_STREAMS_PER_IP: positiveInt.default(16),
  MEDIA_MAX_STREAMS: positiveInt.default(256),
  FFMPEG_PATH: z.string().optional(),
  TRANSCODES_MAX: positiveInt.default(2),
  TRUST_PROXY: bool.default(false),
  ADS_CLIENT: z.string().regex(ADS_CLIENT_PATTERN, 'must be an ad client id such as ca-pub-1234567890123456').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// URL').optional(),
  CONTACT_TO: z.string().email().optional(),
  /** cobalt's key file (file:// or https://): { "<uuid>": { name?, limit?, ips?, userAgents?, allowedServices? } }. */
  API_KEY_URL: z
    .string()
    .url()
    .refine((s) => /^(file|https):\/\//.test(s), 'must be a file:// or https:// URL')
    .optional(),
  /** Lookups need an API key (or, with the challenge, a token earned by solving it). */
  API_AUTH_REQUIRED: bool.default(false),
  /** Lookups a minute an address makes without a key or token before it must solve the challenge. */
  CHALLENGE_FREE_PER_MIN: z.coerce.number().int().min(0).optional(),
  /** The challenge's base cost: puzzles of `bits` zero bits each, about puzzles × 2^bits hashes to solve. */
  CHALLENGE_PUZZLES: z.coerce.number().int().min(1).max(64).default(12),
  CHALLENGE_BITS: z.coerce.number().int().min(1).max(32).default(10),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PREFIX: z.string().regex(/^([a-zA-Z_:][a-zA-Z0-9_:]*)?$/, 'must be a Prometheus name prefix (letters, digits, _ and :) or empty').default('gramsave_'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BUILD_DIR: z.string().min(1).default('./build/client'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicOrigin: string;
  instagram: {
    webOrigin: string;
    appId: string;
    /** Session ids (IG_SESSIONID); empty without one. */
    sessionIds: string[];
    /** Outbound proxies (IG_PROXY); empty to go direct. */
    proxies: string[];
    egress: { perMinute: number; maxWaitMs: number };
    client: 'impit' | 'undici';
    /** Test only: TLS certificates of Instagram's origins are not checked. */
    insecureTls: boolean;
    strategies: StrategyName[];
    docIds: { shortcode: string; webInfo: string; polaris: string; profilePosts: string; stories: string; profilePage: string };
    /** Which doc ids came from the environment (the rest are the built-in defaults). */
    docIdSources?: Partial<Record<'shortcode' | 'webInfo' | 'polaris' | 'profilePosts' | 'stories' | 'profilePage', 'configured'>>;
    /** Where Instagram's script bundles come from: the only origin doc-id discovery reads. */
    staticOrigin: string;
  };
  threads: {
    webOrigin: string;
    /** BarcelonaPostPageDirectQuery's doc id, and whether THREADS_DOC_ID_POST set it. */
    docId: string;
    docIdConfigured: boolean;
    egress: { perMinute: number };
  };
  media: {
    hosts: string[];
    testOrigins: string[];
    secret: string;
    secretGenerated: boolean;
    /** A download whose client took no byte for this long is ended on both sides. */
    stallTimeoutMs: number;
    /** Concurrent media, ZIP and muxed downloads per client IP. */
    maxStreamsPerClient: number;
    /** Concurrent downloads of all clients together (MEDIA_MAX_STREAMS): what the process and its CDN sockets bear. */
    maxStreams: number;
    /** The most posts in one profile ZIP (PROFILE_ZIP_MAX_POSTS). */
    profileZipMaxPosts: number;
    /** ffmpeg, when there is one (FFMPEG_PATH, else PATH; `off`: none): cobalt's mp3, opus, ogg and wav. */
    ffmpeg?: string | undefined;
    /** Audio transcodes running at once on this instance (TRANSCODES_MAX). */
    transcodesMax: number;
  };
  providers: {
    autolink?: { origin: string; key: string };
    storyInfo?: { origin: string; key: string };
  };
  redisUrl?: string;
  dataDir: string;
  buildDir: string;
  rateLimits: { resolvePerMin: number; mediaPerMin: number; contactPerHour: number };
  trustProxy: boolean;
  /** SIGTERM's drain deadline (graceful-shutdown.ts). */
  shutdownDeadlineMs: number;
  adsClient?: string;
  smtp?: { url: string; to: string };
  logLevel: string;
  /** Who may look up (http/access/): API keys and whether a key is required. */
  access: { keyUrl?: string; authRequired: boolean; challengeFreePerMin: number; challengeCost: { puzzles: number; bits: number }; floodChallenge: boolean };
  /** /metrics is served on its own listener only (http/metrics-server.ts); prefix names the process and Node.js
   * default metrics only (process-metrics.ts), ours are gramsave_* whatever it is. */
  metrics: { port: number; host: string; token?: string; prefix: string };
}

export class ConfigError extends Error {}

/** Parse the environment; throws ConfigError with a one-line message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.DOWNLOAD_SECRET) {
    throw new ConfigError('Invalid configuration: DOWNLOAD_SECRET is required in production (32+ characters)');
  }
  if (Boolean(e.AUTOLINK_API_KEY) !== Boolean(e.AUTOLINK_ORIGIN)) {
    throw new ConfigError('Invalid configuration: AUTOLINK_API_KEY and AUTOLINK_ORIGIN must be set together');
  }
  if (Boolean(e.STORY_API_KEY) !== Boolean(e.STORY_API_ORIGIN)) {
    throw new ConfigError('Invalid configuration: STORY_API_KEY and STORY_API_ORIGIN must be set together');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicOrigin: e.PUBLIC_ORIGIN,
    instagram: {
      webOrigin: e.IG_WEB_ORIGIN,
      appId: e.IG_APP_ID,
      sessionIds: [...new Set(e.IG_SESSIONID)],
      proxies: [...new Set(e.IG_PROXY)],
      egress: { perMinute: e.IG_EGRESS_PER_MIN, maxWaitMs: e.IG_EGRESS_MAX_WAIT_MS },
      client: e.IG_CLIENT,
      insecureTls: e.IG_TEST_INSECURE_TLS,
      strategies: [...new Set(e.IG_STRATEGIES)],
      docIds: {
        shortcode: e.IG_DOC_ID_SHORTCODE,
        webInfo: e.IG_DOC_ID_WEB_INFO,
        polaris: e.IG_DOC_ID_POLARIS,
        profilePosts: e.IG_DOC_ID_PROFILE_POSTS,
        stories: e.IG_DOC_ID_STORIES,
        profilePage: e.IG_DOC_ID_PROFILE_PAGE,
      },
      docIdSources: {
        ...(clean.IG_DOC_ID_SHORTCODE ? { shortcode: 'configured' as const } : {}),
        ...(clean.IG_DOC_ID_WEB_INFO ? { webInfo: 'configured' as const } : {}),
        ...(clean.IG_DOC_ID_POLARIS ? { polaris: 'configured' as const } : {}),
        ...(clean.IG_DOC_ID_PROFILE_POSTS ? { profilePosts: 'configured' as const } : {}),
        ...(clean.IG_DOC_ID_STORIES ? { stories: 'configured' as const } : {}),
        ...(clean.IG_DOC_ID_PROFILE_PAGE ? { profilePage: 'configured' as const } : {}),
      },
      staticOrigin: e.IG_STATIC_ORIGIN,
    },
    threads: {
      webOrigin: e.THREADS_WEB_ORIGIN,
      docId: e.THREADS_DOC_ID_POST,
      docIdConfigured: Boolean(clean.THREADS_DOC_ID_POST),
      egress: { perMinute: e.THREADS_EGRESS_PER_MIN },
    },
    media: {
      hosts: e.MEDIA_HOSTS,
      testOrigins: e.MEDIA_TEST_ORIGINS,
      secret: e.DOWNLOAD_SECRET ?? randomBytes(32).toString('base64url'),
      secretGenerated: !e.DOWNLOAD_SECRET,
      stallTimeoutMs: e.MEDIA_STALL_TIMEOUT_MS,
      maxStreamsPerClient: e.MEDIA_MAX_STREAMS_PER_IP,
      maxStreams: e.MEDIA_MAX_STREAMS,
      profileZipMaxPosts: e.PROFILE_ZIP_MAX_POSTS,
      ffmpeg: findFfmpeg(e.FFMPEG_PATH),
      transcodesMax: e.TRANSCODES_MAX,
    },
    providers: {
      autolink: e.AUTOLINK_API_KEY && e.AUTOLINK_ORIGIN ? { origin: e.AUTOLINK_ORIGIN, key: e.AUTOLINK_API_KEY } : undefined,
      storyInfo: e.STORY_API_KEY && e.STORY_API_ORIGIN ? { origin: e.STORY_API_ORIGIN, key: e.STORY_API_KEY } : undefined,
    },
    redisUrl: e.REDIS_URL,
    dataDir: path.resolve(e.DATA_DIR),
    buildDir: path.resolve(e.BUILD_DIR),
    rateLimits: {
      resolvePerMin: e.RATE_LIMIT_RESOLVE_PER_MIN,
      mediaPerMin: e.RATE_LIMIT_MEDIA_PER_MIN,
      contactPerHour: e.RATE_LIMIT_CONTACT_PER_HOUR,
    },
    trustProxy: e.TRUST_PROXY,
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_MS,
    adsClient: e.ADS_CLIENT,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, to: e.CONTACT_TO ?? 'contact@localhost' } : undefined,
    logLevel: e.LOG_LEVEL,
    access: {
      keyUrl: e.API_KEY_URL,
      authRequired: e.API_AUTH_REQUIRED,
      // Tests look up far more than a visitor from one loopback address: the challenge is tested with it set.
      challengeFreePerMin: e.CHALLENGE_FREE_PER_MIN ?? (e.NODE_ENV === 'test' ? 1_000_000 : 10),
      challengeCost: { puzzles: e.CHALLENGE_PUZZLES, bits: e.CHALLENGE_BITS },
      // Under flood the allowance is none and the challenge costs more (issue 38); tests that leave the allowance
      // unlimited leave this off too, as they leave the challenge.
      floodChallenge: e.CHALLENGE_FREE_PER_MIN !== undefined || e.NODE_ENV !== 'test',
    },
    // Tests run many apps at once: each gets an ephemeral metrics port unless one is asked for. An empty
    // METRICS_PREFIX means none (empty values elsewhere mean unset).
    metrics: { port: e.METRICS_PORT ?? (e.NODE_ENV === 'test' ? 0 : 9464), host: e.METRICS_HOST, token: e.METRICS_TOKEN, prefix: env.METRICS_PREFIX === '' ? '' : e.METRICS_PREFIX },
  };
}
