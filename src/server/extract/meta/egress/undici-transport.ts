/** Node's own client (undici): for plain clients (share links, script bundles) and where impit cannot load. */
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { readBounded, TransportError, type Transport, type TransportOptions, type TransportRequest, type TransportResponse } from './transport.ts';

export class UndiciTransport implements Transport {
  readonly kind = 'undici' as const;
  private readonly dispatcher: Dispatcher;

  constructor(options: TransportOptions) {
    const timeouts = { connectTimeout: options.timeoutMs, headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs };
    const tls = options.insecureTls ? { rejectUnauthorized: false } : undefined;
    this.dispatcher = options.proxy
      ? new ProxyAgent({ uri: options.proxy, ...timeouts, ...(tls ? { requestTls: tls } : {}) })
      : new Agent({ ...timeouts, connections: 32, ...(tls ? { connect: tls } : {}) });
  }

  async send(req: TransportRequest): Promise<TransportResponse> {
    try {
      const res = await request(req.url, { method: req.method, headers: req.headers, body: req.body, signal: req.signal, dispatcher: this.dispatcher });
      const body = await readBounded(res.body, req.maxBytes, () => res.body.destroy());
      return { status: res.statusCode, headers: res.headers, body };
    } catch (err) {
      throw err instanceof TransportError ? err : new TransportError(failureOf(err), describe(err), { cause: err });
    }
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}

function codeOf(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

function failureOf(err: unknown): TransportError['reason'] {
  const name = (err as { name?: string })?.name;
  const code = codeOf(err);
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_ABORTED') {
    return 'timeout';
  }
  // A handshake that fails: a certificate refused, or something that does not speak TLS at the other end.
  if (code && /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(code)) return 'tls';
  if (/ssl|tls|certificate/i.test(String((err as Error)?.message)) && !/proxy/i.test(String((err as Error)?.message))) return 'tls';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'reset';
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EAI_AGAIN') return 'connect';
  // A proxy that refuses the tunnel.
  if (code === 'UND_ERR_ABORTED' || /proxy/i.test(String((err as Error)?.message))) return 'connect';
  return 'other';
}

function describe(err: unknown): string {
  return codeOf(err) ?? (err as Error)?.message ?? String(err);
}
