/**
 * The fake Instagram CDN. Serves `${origin}/${originalHost}${originalPath}?${query}` (the scheme the fake
 * web/api endpoints rewrite every CDN URL to) with real media for the fixtures' videos and WebP pictures
 * (media-catalog.ts), files a benchmark registers, and deterministic bytes for every other path, the real CDN's headers
 * (CORP same-origin, ETag, Last-Modified, Accept-Ranges), full single-range support, the expired-signature
 * 403 when `oe` is in the past, and fault switches for the failure paths. Counts requests and sockets.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { cdnContent } from './cdn-content.ts';
import { parseRange } from './cdn-range.ts';
import { buildFixtures } from './fixtures.ts';
import { buildMediaCatalog } from './media-catalog.ts';

export type FakeCdnFault =
  | { kind: 'status'; status: number; body?: string }
  /** Wait before sending headers. */
  | { kind: 'slow-first-byte'; delayMs: number }
  /** Send headers and `afterBytes` of the body, then stall forever (socket stays open). */
  | { kind: 'hang-mid-body'; afterBytes: number }
  /** Send headers and `afterBytes` of the body, then destroy the socket. */
  | { kind: 'close-mid-stream'; afterBytes: number }
  /** Like close-mid-stream, but at a file offset: every request whose range starts at or before it is cut there. */
  | { kind: 'close-at-byte'; offset: number }
  | { kind: 'redirect'; location: string; status?: 301 | 302 | 303 | 307 | 308 }
  /** No Content-Length: the body is sent chunked (size unknown to the client until the end). */
  | { kind: 'no-length' };

/** `times`: how many requests the fault applies to before it clears itself (default: until replaced). */
export type FaultSetting = FakeCdnFault & { times?: number };

export interface FakeCdnCounts {
  /** Requests received, all paths. */
  requests: number;
  /** TCP connections accepted. */
  connections: number;
  /** Requests per path (pathname without query). */
  byPath: Map<string, number>;
  /** Body bytes handed to sockets (grows only as fast as clients read: backpressure). */
  bodyBytes: number;
}

export interface FakeCdn {
  origin: string;
  counts: FakeCdnCounts;
  openSockets(): number;
  /** Responses begun and not yet finished or closed (a download left hanging shows here; idle keep-alive sockets do not). */
  activeResponses(): number;
  /** `'*'` applies to every path; `null` clears. A path-specific fault wins over `'*'`. */
  setFault(pathOrAll: string, fault: FaultSetting | null): void;
  clearFaults(): void;
  /** Serves a file on disk at `path` (large real media for benchmarks). */
  serveFile(path: string, filePath: string): void;
  /** The URL the resolver would produce for a CDN URL: `${origin}/${host}${path}?${query}` with `oe` set. */
  urlFor(path: string, options?: { oeSeconds?: number }): string;
  close(): Promise<void>;
}

export interface FakeCdnOptions {
  /** Clock for the `oe` check (unix seconds). */
  now?: () => number;
  port?: number;
  /** Per-response send rate, like a real link (default: as fast as the socket takes it). */
  bytesPerSecond?: number;
}

const EXPIRED_BODY = 'URL signature expired';

const BODY_FAULTS = new Set<FakeCdnFault['kind']>(['hang-mid-body', 'close-mid-stream', 'close-at-byte']);

export async function startFakeCdn(options: FakeCdnOptions = {}): Promise<FakeCdn> {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const faults = new Map<string, FaultSetting>();
  const counts: FakeCdnCounts = { requests: 0, connections: 0, byPath: new Map(), bodyBytes: 0 };
  const sockets = new Set<Socket>();
  const catalog = buildMediaCatalog(buildFixtures());
  const diskFiles = new Map<string, string>();

  /** The fault for a request; a fault of the body is neither applied to nor used up by a HEAD (which has none). */
  function takeFault(path: string, method: string | undefined): FakeCdnFault | undefined {
    const key = faults.has(path) ? path : faults.has('*') ? '*' : undefined;
    if (key === undefined) return undefined;
    const fault = faults.get(key)!;
    if (method === 'HEAD' && BODY_FAULTS.has(fault.kind)) return undefined;
    if (fault.times !== undefined) {
      if (fault.times <= 1) faults.delete(key);
      else faults.set(key, { ...fault, times: fault.times - 1 });
    }
    return fault;
  }

  let active = 0;
  const server = createServer((req, res) => {
    active++;
    res.once('close', () => active--);
    const url = new URL(req.url ?? '/', 'http://cdn.invalid');
    const path = url.pathname;
    counts.requests++;
    counts.byPath.set(path, (counts.byPath.get(path) ?? 0) + 1);
    const fault = takeFault(path, req.method);
    void handle(req, res, url, fault).catch((err: unknown) => {
      res.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL, fault: FakeCdnFault | undefined) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(res, 405, 'Method not allowed');
    if (fault?.kind === 'slow-first-byte') await sleep(fault.delayMs);
    if (res.destroyed) return;
    if (fault?.kind === 'status') return text(res, fault.status, fault.body ?? `Error ${fault.status}`);
    if (fault?.kind === 'redirect') {
      res.writeHead(fault.status ?? 302, { Location: fault.location, 'Content-Length': '0' });
      return res.end();
    }
    const oe = url.searchParams.get('oe');
    if (oe && /^[0-9a-f]+$/i.test(oe) && parseInt(oe, 16) < now()) return text(res, 403, EXPIRED_BODY);

    const content = await cdnContent(url.pathname, catalog, diskFiles, url.searchParams.get('stp'));
    const { size, etag, lastModified } = content;
    const headers: Record<string, string> = {
      'Content-Type': content.type,
      ETag: etag,
      'Last-Modified': lastModified,
      'Accept-Ranges': 'bytes',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cache-Control': 'max-age=1209600, no-transform',
      'Timing-Allow-Origin': '*',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      return res.end();
    }
    const ifRange = req.headers['if-range'];
    const range = parseRange(req.headers.range, Array.isArray(ifRange) ? ifRange[0] : ifRange, size, etag, lastModified);
    if (range.kind === 'unsatisfiable') {
      res.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}`, 'Content-Type': 'text/plain' });
      return res.end('Range Not Satisfiable');
    }
    const [start, end] = range.kind === 'range' ? [range.start, range.end] : [0, size - 1];
    const length = end - start + 1;
    if (range.kind === 'range') headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    if (fault?.kind !== 'no-length') headers['Content-Length'] = String(length);
    res.writeHead(range.kind === 'range' ? 206 : 200, headers);
    if (req.method === 'HEAD') return res.end();
    streamBody(res, content.chunks.bind(content), start, end + 1, fault);
  }

  function streamBody(
    res: ServerResponse,
    chunksOf: (start: number, endExclusive: number) => Generator<Buffer>,
    start: number,
    endExclusive: number,
    fault: FakeCdnFault | undefined,
  ) {
    const stopAt =
      fault?.kind === 'hang-mid-body' || fault?.kind === 'close-mid-stream'
        ? Math.min(endExclusive, start + fault.afterBytes)
        : fault?.kind === 'close-at-byte' && start <= fault.offset
          ? Math.min(endExclusive, fault.offset)
          : endExclusive;
    const chunks = chunksOf(start, stopAt);
    const rate = options.bytesPerSecond;
    const began = Date.now();
    let sent = 0;
    const body = new Readable({
      highWaterMark: 64 * 1024,
      read() {
        const next = chunks.next();
        if (next.done) {
          // end(), not destroy(): what was written (headers included) is flushed, then the connection closes.
          // setImmediate: the pipe hands the last pushed chunk to the response first, so the cut is after it.
          const cut = fault?.kind === 'close-mid-stream' || (fault?.kind === 'close-at-byte' && start <= fault.offset);
          if (cut) setImmediate(() => res.socket?.end());
          else if (fault?.kind !== 'hang-mid-body') this.push(null);
          // hang-mid-body: push nothing more; the socket stays open until the client or close() ends it.
          return;
        }
        counts.bodyBytes += next.value.length;
        const wait = rate ? began + (sent / rate) * 1000 - Date.now() : 0;
        sent += next.value.length;
        if (wait > 1) setTimeout(() => this.push(next.value), wait);
        else this.push(next.value);
      },
    });
    // return() runs the generator's finally (a disk file's descriptor closes) when the client leaves early.
    res.on('close', () => {
      chunks.return(undefined);
      body.destroy();
    });
    body.pipe(res);
  }

  server.on('connection', (socket: Socket) => {
    counts.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    counts,
    openSockets: () => sockets.size,
    activeResponses: () => active,
    setFault(pathOrAll, fault) {
      if (fault) faults.set(pathOrAll, fault);
      else faults.delete(pathOrAll);
    },
    clearFaults: () => faults.clear(),
    serveFile: (path, filePath) => void diskFiles.set(path, filePath),
    urlFor(path, urlOptions = {}) {
      const oe = (urlOptions.oeSeconds ?? now() + 3 * 24 * 3600).toString(16);
      return `${origin}${path.startsWith('/') ? '' : '/'}${path}?_nc_ht=scontent.cdninstagram.com&oh=00_fake&oe=${oe}`;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

function text(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'Content-Type': 'text/plain', 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
