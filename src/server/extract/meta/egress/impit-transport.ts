/**
 * impit (Apify; Rust, prebuilt for Linux gnu/musl, macOS and Windows through npm optional packages) with Chrome's
 * TLS and HTTP/2 fingerprint, redirects off. One instance per egress: its proxy is set per instance. A named recent
 * Chrome: impit 0.14's plain 'chrome' profile sends no GREASE, which no real Chrome omits (measured with the fake's
 * TLS face).
 */
import { createRequire } from 'node:module';
import { readBounded, TransportError, type Transport, type TransportOptions, type TransportRequest, type TransportResponse } from './transport.ts';

interface ImpitResponseLike {
  status: number;
  headers: Iterable<[string, string]>;
  body: ReadableStream<Uint8Array>;
  abort(): void;
}
interface ImpitLike {
  fetch(url: string, init: { method: string; headers: [string, string][]; body?: Uint8Array; signal: AbortSignal }): Promise<ImpitResponseLike>;
}
export type ImpitConstructor = new (options: Record<string, unknown>) => ImpitLike;

/** The impit class, or the reason it cannot load on this platform (then undici stands in: browser-client.ts). */
export function loadImpit(): { Impit: ImpitConstructor } | { error: string } {
  try {
    const mod = createRequire(import.meta.url)('impit') as { Impit?: ImpitConstructor };
    if (typeof mod.Impit !== 'function') return { error: 'impit has no Impit class' };
    return { Impit: mod.Impit };
  } catch (err) {
    return { error: err instanceof Error ? err.message.split('\n')[0]! : String(err) };
  }
}

const encoder = new TextEncoder();

export class ImpitTransport implements Transport {
  readonly kind = 'impit' as const;
  private readonly impit: ImpitLike;

  constructor(Impit: ImpitConstructor, options: TransportOptions) {
    this.impit = new Impit({
      browser: 'chrome151',
      followRedirects: false,
      timeout: options.timeoutMs,
      ...(options.proxy ? { proxyUrl: options.proxy } : {}),
      ...(options.insecureTls ? { ignoreTlsErrors: true } : {}),
    });
  }

  async send(req: TransportRequest): Promise<TransportResponse> {
    // impit's own Chrome user agent and client hints match its TLS; ours would contradict them.
    const headers = Object.entries(req.headers).filter(([name]) => !(req.browser && name === 'user-agent'));
    // impit's wrapper keeps an abort listener on the signal it is given until the body is read its own way (we read a
    // bounded stream): it gets a signal of its own, which goes with this request, and ours is let go when it ends.
    const own = new AbortController();
    const onAbort = () => own.abort(req.signal.reason);
    if (req.signal.aborted) onAbort();
    else req.signal.addEventListener('abort', onAbort, { once: true });
    try {
      return await this.exchange(req, headers, own.signal);
    } finally {
      req.signal.removeEventListener('abort', onAbort);
    }
  }

  private async exchange(req: TransportRequest, headers: [string, string][], signal: AbortSignal): Promise<TransportResponse> {
    let res: ImpitResponseLike;
    try {
      res = await this.impit.fetch(req.url, { method: req.method, headers, ...(req.body !== undefined ? { body: encoder.encode(req.body) } : {}), signal });
    } catch (err) {
      throw new TransportError(failureOf(err, req.signal), (err as Error)?.message ?? String(err), { cause: err });
    }
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of res.headers) {
      const key = name.toLowerCase();
      const seen = out[key];
      out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    }
    try {
      const body = await readBounded(res.body, req.maxBytes, () => res.abort());
      return { status: res.status, headers: out, body };
    } catch (err) {
      throw err instanceof TransportError ? err : new TransportError(failureOf(err, req.signal), (err as Error)?.message ?? String(err), { cause: err });
    }
  }

  async close(): Promise<void> {
    // impit's connection pool goes with the instance.
  }
}

function failureOf(err: unknown, signal: AbortSignal): TransportError['reason'] {
  if (signal.aborted) return 'timeout';
  const name = (err as { name?: string; constructor?: { name?: string } })?.constructor?.name ?? (err as { name?: string })?.name ?? '';
  if (/Timeout/.test(name) || (err as { name?: string })?.name === 'AbortError') return 'timeout';
  if (/ConnectError|ProxyError|ProxyTunnelError/.test(name)) return 'connect';
  if (/ReadError|CloseError|WriteError|RemoteProtocolError/.test(name)) return 'reset';
  const message = String((err as Error)?.message ?? '');
  if (/tls|ssl|certificate|handshake/i.test(message)) return 'tls';
  if (/connection refused|connect|dns|tunnel/i.test(message)) return 'connect';
  if (/reset|closed|broken pipe/i.test(message)) return 'reset';
  return 'other';
}
