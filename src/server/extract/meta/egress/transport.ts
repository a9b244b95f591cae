/**
 * How bytes reach Instagram: one request, the whole (bounded) answer back. Two kinds: impit, which speaks with
 * Chrome's TLS and HTTP/2 fingerprint (Instagram answers the app shell to clients that are not browsers, FxEmbed
 * PR #2299), and undici, Node's own. Both report a failure as a TransportError, so the client retries and
 * classifies them alike.
 */
export type TransportKind = 'impit' | 'undici';

export interface TransportRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  maxBytes: number;
  /** A browser's request: a browser-grade transport sends its own user agent and client hints, matching its TLS. */
  browser: boolean;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Transport {
  readonly kind: TransportKind;
  send(req: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
}

export type TransportFailure = 'timeout' | 'reset' | 'connect' | 'tls' | 'too_large' | 'other';

export class TransportError extends Error {
  constructor(
    readonly reason: TransportFailure,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'TransportError';
  }
}

export interface TransportOptions {
  /** Outbound proxy URL, when this egress has one. */
  proxy?: string;
  timeoutMs: number;
  /** Test only (IG_TEST_INSECURE_TLS): certificates are not checked. */
  insecureTls: boolean;
}

/** Read a web stream whole, refusing it (and cancelling it) past maxBytes. */
export async function readBounded(stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>, maxBytes: number, cancel: () => void): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      cancel();
      throw new TransportError('too_large', `upstream answer larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
