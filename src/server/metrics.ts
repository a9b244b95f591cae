/**
 * Prometheus metrics: one shared Registry for the process, so a /metrics route can expose it.
 * Counters live at module level because prom-client refuses a second metric of the same name.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { Counter, Gauge, Registry } from 'prom-client';
import { RouteHistogram } from './route-histogram.ts';

export const metricsRegistry = new Registry();

/** One count per strategy (or provider, or cache) × outcome of every resolve step. */
export const resolveStrategyTotal = new Counter({
  name: 'gramsave_resolve_strategy_total',
  help: 'Resolve steps by strategy and outcome (ok, or the classified failure).',
  labelNames: ['strategy', 'outcome'] as const,
  registers: [metricsRegistry],
});

// --- HTTP, proxy and upstream figures (observability; see http/request-metrics.ts and http/metrics.ts) ---
// Process and Node.js figures (CPU, memory, event-loop lag) are collected under METRICS_PREFIX: process-metrics.ts.

/** Latency per route pattern (never the raw URL: tokens stay out, and cardinality stays bounded). */
export const httpRequestDuration = new RouteHistogram({
  name: 'gramsave_http_request_duration_seconds',
  help: 'Time from request to the end of the response, per route pattern.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
  registers: [metricsRegistry],
});

/**
 * A counter of a hot path, by one label: counted in plain numbers and handed to prom-client when it is read (collect
 * runs before every scrape), since inc() checks and hashes its label object on every call.
 */
function countedOnRead<V extends string>(name: string, help: string, label: string, values: readonly V[]): (value: V) => void {
  const counts = Object.fromEntries(values.map((value) => [value, 0])) as Record<V, number>;
  new Counter({
    name,
    help,
    labelNames: [label],
    registers: [metricsRegistry],
    collect() {
      for (const value of values) {
        if (counts[value] > 0) this.inc({ [label]: value }, counts[value]);
        counts[value] = 0;
      }
    },
  });
  return (value) => {
    counts[value] += 1;
  };
}

/** Resolution cache lookups: the hit ratio is hit / (hit + miss). Once per cached resolve. */
export const countCacheLookup = countedOnRead('gramsave_resolve_cache_total', 'Resolution cache lookups by result (hit or miss).', 'result', ['hit', 'miss'] as const);

/** The resolves the resolve lane read (http/resolve-lane/): answered there, or handed on to the route. */
export const countLaneRead = countedOnRead(
  'gramsave_resolve_lane_total',
  'Resolves the resolve lane read, by way: answered from the cache there, or handed on to the full route.',
  'way',
  ['answered', 'handed_on'] as const,
);

const proxiedBytesTotal = new Counter({
  name: 'gramsave_proxied_bytes_total',
  help: 'Media bytes streamed to clients by the media and zip routes.',
  registers: [metricsRegistry],
});

export function countProxiedBytes(n: number): void {
  if (n > 0) proxiedBytesTotal.inc(n);
}

/**
 * Count a body's bytes as they are piped to the client. The listener is attached only once the
 * consumer resumes the stream, so it never switches the stream to flowing before the pipe exists.
 */
export function meterProxiedBytes(body: Readable): void {
  body.once('resume', () => body.on('data', (chunk: Buffer | string) => countProxiedBytes(chunk.length)));
}

/** Count the bytes written into a response: the media proxy writes the CDN's body straight into it, with no stream to listen to. */
export function meterProxiedWrites(response: ServerResponse): void {
  const write = response.write as (this: ServerResponse, ...args: unknown[]) => boolean;
  response.write = function (this: ServerResponse, ...args: unknown[]) {
    const chunk = args[0] as { length?: unknown } | undefined;
    if (typeof chunk?.length === 'number') countProxiedBytes(chunk.length);
    return write.apply(this, args);
  } as ServerResponse['write'];
}

const muxedDownloadsTotal = new Counter({
  name: 'gramsave_muxed_downloads_total',
  help: 'Joined DASH downloads by outcome (complete, or cut: the client left or a track failed mid-stream) and whether an audio track was joined.',
  labelNames: ['outcome', 'audio'] as const,
  registers: [metricsRegistry],
});

/** Counts one joined download when its stream ends, complete or cut. */
export function meterMuxedDownload(body: Readable, withAudio: boolean): void {
  let done = false;
  body.once('end', () => (done = true));
  body.once('close', () => muxedDownloadsTotal.inc({ outcome: done ? 'complete' : 'cut', audio: withAudio ? 'yes' : 'no' }));
}

const fileSizeHeadsTotal = new Counter({
  name: 'gramsave_file_size_heads_total',
  help: "HEADs of a post's files when it is looked up, for the sizes the page shows: known, no_length (answered without a Content-Length), failed (an error answer or refused), timed_out.",
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export function countFileSizeHead(outcome: 'known' | 'no_length' | 'failed' | 'timed_out'): void {
  fileSizeHeadsTotal.inc({ outcome });
}

let openUpstreamSockets = 0;
/** Every undici connection (Instagram and its CDN) from connect to close. */
subscribe('undici:client:connected', (message) => {
  const socket = (message as { socket?: Socket }).socket;
  if (!socket) return;
  openUpstreamSockets++;
  socket.once('close', () => openUpstreamSockets--);
});

new Gauge({
  name: 'gramsave_upstream_open_sockets',
  help: 'Open outbound connections to Instagram and its CDN.',
  registers: [metricsRegistry],
  collect() {
    this.set(openUpstreamSockets);
  },
});

export function upstreamSocketCount(): number {
  return openUpstreamSockets;
}

/** Downloads ended because their client took no byte for MEDIA_STALL_TIMEOUT_MS, per route pattern. */
const streamStallsTotal = new Counter({
  name: 'gramsave_stream_stalls_total',
  help: 'Downloads ended because the client stopped reading (stall timeout), per route.',
  labelNames: ['route'] as const,
  registers: [metricsRegistry],
});

/**
 * Downloads refused with 429, per route pattern and cap: `client` (the IP had MEDIA_MAX_STREAMS_PER_IP open) or
 * `instance` (MEDIA_MAX_STREAMS were open in all: the streams' ceiling).
 */
const streamRefusalsTotal = new Counter({
  name: 'gramsave_stream_refusals_total',
  help: 'Downloads refused with 429 because the client (cap="client") or all clients together (cap="instance") had the most open at once, per route.',
  labelNames: ['route', 'cap'] as const,
  registers: [metricsRegistry],
});

export function countStreamStall(route: string): void {
  streamStallsTotal.inc({ route });
}

export function countStreamRefusal(route: string, cap: 'client' | 'instance'): void {
  streamRefusalsTotal.inc({ route, cap });
}

/** Doc-id discovery outcomes: rotated (a new id found in the bundles), shared (taken from another instance),
 * nothing_new (a pass found no new id; a cool-down starts), cooling_down (a pass skipped). */
const docIdDiscoveryTotal = new Counter({
  name: 'gramsave_doc_id_discovery_total',
  help: 'GraphQL doc-id discovery after a refused id, by result.',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export function countDocIdDiscovery(result: 'rotated' | 'shared' | 'nothing_new' | 'cooling_down'): void {
  docIdDiscoveryTotal.inc({ result });
}

const sessionExpiredTotal = new Counter({
  name: 'gramsave_instagram_session_expired_total',
  help: 'Instagram sessions (IG_SESSIONID) set aside because Instagram walled them off (login, challenge or home redirect).',
  registers: [metricsRegistry],
});

export function countSessionExpired(): void {
  sessionExpiredTotal.inc();
}

const egressTotal = new Counter({
  name: 'gramsave_egress_total',
  help: 'Upstream requests per egress (direct or a proxy, by host): sent (request), made to wait for the budget, refused (429); its transport failures (connect_failure, timeout, reset, tls_failure) and Instagram\'s 429s (throttled).',
  labelNames: ['egress', 'event'] as const,
  registers: [metricsRegistry],
});

export function countEgress(egress: string, event: 'request' | 'wait' | 'refusal' | 'connect_failure' | 'timeout' | 'reset' | 'tls_failure' | 'throttled'): void {
  egressTotal.inc({ egress, event });
}

/** What the strategy gauges read at scrape time: the app's resolver (set once it exists). */
export interface ExtractionStatusSource {
  strategies: Record<string, { successRatio: number; lastSuccessAt?: string; demoted: boolean; docId?: { id: string; source: string } }>;
  docIds: Record<string, { id: string; source: string }>;
  egress?: { egresses: { egress: string; down: boolean; sessions: string[] }[] };
}
let extractionStatus: (() => ExtractionStatusSource) | undefined;

export function reportExtractionStatus(source: () => ExtractionStatusSource): void {
  extractionStatus = source;
}

new Gauge({
  name: 'gramsave_strategy_success_ratio',
  help: 'Successes ÷ counted outcomes over each post strategy’s recent window (per-post failures not counted).',
  labelNames: ['strategy'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [strategy, s] of Object.entries(extractionStatus?.().strategies ?? {})) this.set({ strategy }, s.successRatio);
  },
});

new Gauge({
  name: 'gramsave_strategy_last_success_timestamp_seconds',
  help: 'Unix time of each post strategy’s last success (absent until it has one).',
  labelNames: ['strategy'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [strategy, s] of Object.entries(extractionStatus?.().strategies ?? {})) {
      if (s.lastSuccessAt) this.set({ strategy }, Date.parse(s.lastSuccessAt) / 1000);
    }
  },
});

new Gauge({
  name: 'gramsave_strategy_demoted',
  help: '1 while a post strategy is moved to the end of the chain (it failed on several posts in a row).',
  labelNames: ['strategy'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [strategy, s] of Object.entries(extractionStatus?.().strategies ?? {})) this.set({ strategy }, s.demoted ? 1 : 0);
  },
});

new Gauge({
  name: 'gramsave_doc_id_info',
  help: 'The GraphQL doc id in use per operation and where it came from (default, configured, discovered); always 1.',
  labelNames: ['operation', 'doc_id', 'source'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [operation, entry] of Object.entries(extractionStatus?.().docIds ?? {})) this.set({ operation, doc_id: entry.id, source: entry.source }, 1);
  },
});

new Gauge({
  name: 'gramsave_egress_down',
  help: '1 while an egress (a proxy, by host) is set aside after transport failures (timeouts, refused or reset connections, TLS): no request starts on it, its sessions are skipped.',
  labelNames: ['egress'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const e of extractionStatus?.().egress?.egresses ?? []) this.set({ egress: e.egress }, e.down ? 1 : 0);
  },
});

new Gauge({
  name: 'gramsave_egress_sessions',
  help: 'Live Instagram sessions pinned to each egress (the n-th session of IG_SESSIONID to the n-th proxy of IG_PROXY).',
  labelNames: ['egress'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const e of extractionStatus?.().egress?.egresses ?? []) this.set({ egress: e.egress }, e.sessions.length);
  },
});

let readiness: (() => Promise<boolean>) | undefined;

/** What the readiness gauge reads at scrape time: the judgement /readyz answers with (http/readiness.ts). */
export function reportReadiness(source: () => Promise<boolean>): void {
  readiness = source;
}

new Gauge({
  name: 'gramsave_ready',
  help: '1 while /readyz answers ready (the build is present and a configured Redis answers), else 0.',
  registers: [metricsRegistry],
  async collect() {
    if (readiness) this.set((await readiness()) ? 1 : 0);
  },
});
