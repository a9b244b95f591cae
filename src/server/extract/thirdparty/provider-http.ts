/** HTTP for the optional third-party providers: JSON in and out, a timeout, the RapidAPI-style key headers. */
import { Agent, request } from 'undici';
import { ExtractError } from '../failure.ts';
import { readBounded, TransportError } from '../meta/egress/transport.ts';
import { classifyStatus, tryJson } from '../instagram/responses.ts';

/** Every upstream answer is bounded: a provider streaming junk must not fill our memory. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface ProviderConfig {
  origin: string;
  key: string;
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  signal: AbortSignal;
}

export class ProviderHttp {
  private readonly agent: Agent;

  constructor(
    readonly name: string,
    private readonly provider: ProviderConfig,
    private readonly timeoutMs: number,
  ) {
    this.agent = new Agent({ connectTimeout: timeoutMs, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  }

  async json(req: ProviderRequest): Promise<Record<string, unknown>> {
    const signal = AbortSignal.any([req.signal, AbortSignal.timeout(this.timeoutMs)]);
    let status: number;
    let headers: Record<string, string | string[] | undefined>;
    let text: string;
    try {
      const res = await request(this.provider.origin + req.path, {
        method: req.method,
        headers: {
          'x-rapidapi-key': this.provider.key,
          'x-rapidapi-host': new URL(this.provider.origin).host,
          accept: 'application/json',
          ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
        signal,
        dispatcher: this.agent,
      });
      status = res.statusCode;
      headers = res.headers;
      // Bounded like every upstream answer: a provider streaming junk must not fill our memory.
      text = await readBounded(res.body, MAX_BODY_BYTES, () => res.body.destroy());
    } catch (err) {
      if (err instanceof ExtractError) throw err;
      if (err instanceof TransportError) throw new ExtractError('changed', `${this.name}: ${err.message}`, { cause: err });
      const name = (err as { name?: string }).name;
      const kind = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unavailable';
      throw new ExtractError(kind, `${this.name}: ${(err as Error).message}`, { cause: err });
    }
    const failure = classifyStatus({ status, headers, body: text }, this.name);
    if (failure) {
      // A refused key is our configuration, not the content: say unavailable, log the detail.
      if (status === 401 || status === 403) throw new ExtractError('unavailable', `${this.name}: key refused (${status})`);
      throw failure;
    }
    const json = tryJson(text);
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw new ExtractError('changed', `${this.name}: answer is not a JSON object`);
    return json as Record<string, unknown>;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
