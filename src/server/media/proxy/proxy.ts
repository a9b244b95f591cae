/**
 * Opens one media file on the CDN, for the media and zip routes. Every hop passes the allow-list;
 * redirects are followed by hand (at most 3), each re-checked; DNS answers are checked inside the
 * connection (see allow-list.ts). The body is returned as a stream, never buffered.
 */
import { Writable } from 'node:stream';
import { Agent, request, stream, type Dispatcher } from 'undici';
import { ApiError } from '../../errors/api-error.ts';
import { createMediaAllowList, MediaUrlRefused, systemResolver, type HostResolver } from './allow-list.ts';
import { classifyUpstreamError, classifyUpstreamStatus, ClientGone, refusedError } from './upstream-errors.ts';

export interface MediaUpstreamOptions {
  /** DNS override (tests). */
  resolveHost?: HostResolver;
  headersTimeoutMs?: number;
  /** Longest silence allowed between body chunks while the client is reading. */
  bodyTimeoutMs?: number;
  connectTimeoutMs?: number;
  maxRedirects?: number;
}

export interface UpstreamRequest {
  method?: 'GET' | 'HEAD';
  /** Client headers to forward (Range, If-Range, conditionals), already vetted by the caller. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface UpstreamResponse {
  status: 200 | 206 | 304;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
  url: URL;
}

export interface MediaUpstream {
  /** Resolves with a 200/206/304 response; throws ApiError or ClientGone otherwise. */
  open(url: string, init?: UpstreamRequest): Promise<UpstreamResponse>;
  close(): Promise<void>;
}

/** The status, headers and final URL of a 200/206/304 answer, before its body. */
export type UpstreamHead = Omit<UpstreamResponse, 'body'>;

export interface RelayingUpstream extends MediaUpstream {
  /**
   * Writes one file's body straight into the writable that `respond` returns for its 200/206/304 answer, with
   * backpressure (issue 41 point 7: no readable stream between the CDN and the client, a third of the proxy's CPU).
   * Rejects with ApiError or ClientGone, before `respond` (nothing sent yet) or after it (the body broke off).
   */
  relay(url: string, init: UpstreamRequest, respond: (head: UpstreamHead) => Writable): Promise<void>;
}

/** A desktop browser loading an image from an instagram.com page. */
export const BROWSER_HEADERS: Record<string, string> = {
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  referer: 'https://www.instagram.com/',
  accept: '*/*',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'identity',
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** The answers whose body is the file (or, for 304, its confirmation). */
const delivered = (status: number): status is UpstreamResponse['status'] => status === 200 || status === 206 || status === 304;

export function createMediaUpstream(media: { hosts: string[]; testOrigins: string[] }, options: MediaUpstreamOptions = {}): RelayingUpstream {
  const allowList = createMediaAllowList(media);
  const headersTimeout = options.headersTimeoutMs ?? 15_000;
  const bodyTimeout = options.bodyTimeoutMs ?? 30_000;
  const maxRedirects = options.maxRedirects ?? 3;
  const agent = new Agent({
    connect: { timeout: options.connectTimeoutMs ?? 10_000, lookup: allowList.lookup(options.resolveHost ?? systemResolver) },
    keepAliveTimeout: 4_000,
    headersTimeout,
    bodyTimeout,
  });

  const requestOptions = (method: 'GET' | 'HEAD', init: UpstreamRequest) => ({
    dispatcher: agent,
    method,
    headers: { ...BROWSER_HEADERS, ...init.headers },
    signal: init.signal,
    headersTimeout,
    bodyTimeout,
  });

  async function open(rawUrl: string, init: UpstreamRequest = {}): Promise<UpstreamResponse> {
    const method = init.method ?? 'GET';
    let url = checked(rawUrl, undefined, 0);
    for (let hop = 0; ; hop++) {
      if (init.signal?.aborted) throw new ClientGone('client closed the connection');
      let res: Dispatcher.ResponseData;
      try {
        res = await request(url, requestOptions(method, init));
      } catch (err) {
        throw classifyUpstreamError(err, hop, init.signal);
      }
      const { statusCode } = res;
      if (delivered(statusCode)) return { status: statusCode, headers: res.headers, body: res.body, url };
      if (REDIRECTS.has(statusCode)) {
        await discard(res.body);
        url = redirectTarget(res.headers, url, hop);
        continue;
      }
      const text = await readSmall(res.body, 1024).catch((err: unknown) => {
        throw classifyUpstreamError(err, hop, init.signal);
      });
      throw classifyUpstreamStatus(statusCode, text, header(res.headers, 'content-range'));
    }
  }

  async function relay(rawUrl: string, init: UpstreamRequest, respond: (head: UpstreamHead) => Writable): Promise<void> {
    const method = init.method ?? 'GET';
    let url = checked(rawUrl, undefined, 0);
    for (let hop = 0; ; hop++) {
      if (init.signal?.aborted) throw new ClientGone('client closed the connection');
      // What came back: a success handed to `respond`, a redirect, or a failure whose first bytes are kept.
      let answer: { status: number; headers: UpstreamResponse['headers']; sink?: Keeper } | undefined;
      try {
        await stream(url, requestOptions(method, init), ({ statusCode, headers }) => {
          answer = { status: statusCode, headers };
          if (delivered(statusCode)) return respond({ status: statusCode, headers, url });
          answer.sink = new Keeper(REDIRECTS.has(statusCode) ? 16 * 1024 : 1024);
          return answer.sink;
        });
      } catch (err) {
        // A failure's body cut short by us once its first bytes were kept is no failure of the exchange.
        if (!answer?.sink?.full || init.signal?.aborted) throw classifyUpstreamError(err, hop, init.signal);
      }
      if (!answer) throw new ApiError('upstream_unavailable', 'The media server could not be reached.');
      if (!answer.sink) return;
      if (REDIRECTS.has(answer.status)) {
        url = redirectTarget(answer.headers, url, hop);
        continue;
      }
      throw classifyUpstreamStatus(answer.status, answer.sink.text(), header(answer.headers, 'content-range'));
    }
  }

  /** Where a redirect of hop `hop` leads, checked against the allow-list as the first address was. */
  function redirectTarget(headers: UpstreamResponse['headers'], from: URL, hop: number): URL {
    const location = header(headers, 'location');
    if (!location) throw new ApiError('upstream_unavailable', 'The media server sent a redirect without a target.');
    if (hop >= maxRedirects) throw new ApiError('upstream_unavailable', 'The media server redirected too many times.');
    return checked(location, from, hop + 1);
  }

  function checked(location: string, base: URL | undefined, hop: number): URL {
    try {
      return allowList.check(location, base);
    } catch (err) {
      if (err instanceof MediaUrlRefused) throw refusedError(err, hop);
      throw err;
    }
  }

  return { open, relay, close: () => agent.close() };
}

/** Keeps the first `limit` bytes of a body nobody downloads (a failure's text, a redirect's page) and cuts it there. */
class Keeper extends Writable {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  full = false;

  constructor(private readonly limit: number) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error) => void): void {
    if (this.size < this.limit) this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size < this.limit) return done();
    this.full = true;
    done(new Error('kept enough of the body'));
  }

  text(): string {
    return Buffer.concat(this.chunks).subarray(0, this.limit).toString('utf8');
  }
}

export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function discard(body: Dispatcher.ResponseData['body']): Promise<void> {
  // dump() reads a little (so the connection can be reused) and destroys the rest.
  await body.dump({ limit: 16 * 1024 }).catch((err: unknown) => {
    throw classifyUpstreamError(err, 0);
  });
}

async function readSmall(body: Dispatcher.ResponseData['body'], limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= limit) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}
