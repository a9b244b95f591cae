/**
 * The BarcelonaPostPageDirectQuery doc id in use: THREADS_DOC_ID_POST or FxEmbed's (constants.ts at 85ba21c, read
 * 2026-11-27; four different ids appear in 2026 code, so it rotates). When Threads refuses it, the bundles `/` links
 * on the static origin are read for `BarcelonaPostPageDirectQuery_threadsRelayOperation` (a few at a time, size
 * capped), as Instagram's are (meta/discovery); one pass at a time, and a pass that finds nothing new waits 10 minutes.
 * With Redis, a discovered id and the cool-down are shared as Instagram's are (instagram/doc-ids.ts): an instance
 * that meets the stale id reads the shared id before any bundle, so a rotation costs the bundles once, not per instance.
 */
import type { Redis } from 'ioredis';
import { bundleUrls } from '../meta/discovery/bundle-urls.ts';
import { findRelayDocIds } from '../meta/discovery/relay-operations.ts';
import type { ThreadsClient } from './client.ts';

const OPERATION = 'BarcelonaPostPageDirectQuery';
const MAX_BUNDLES = 20;
const MAX_BUNDLE_BYTES = 6 * 1024 * 1024;
const COOLDOWN_MS = 10 * 60 * 1000;
const SHARED_KEY = 'gramsave:threads-doc-id:v1';
const COOLDOWN_KEY = 'gramsave:threads-doc-id:cooldown';

export class ThreadsDocIds {
  current: string;
  source: 'default' | 'configured' | 'discovered';
  private inFlight?: Promise<string | undefined>;
  private coolUntil = 0;

  constructor(
    id: string,
    configured: boolean,
    private readonly redis?: Redis,
  ) {
    this.current = id;
    this.source = configured ? 'configured' : 'default';
  }

  /** The id to retry with after `failed` was refused: another instance's find, else one read from the bundles `pageHtml` links. */
  async heal(failed: string, pageHtml: string, client: ThreadsClient, signal: AbortSignal): Promise<string | undefined> {
    if (this.current !== failed) return this.current;
    const shared = await this.redis?.get(SHARED_KEY).catch(() => null);
    if (shared && shared !== failed) return this.adopt(shared);
    if (await this.coolingDown()) return undefined;
    this.inFlight ??= this.discover(pageHtml, client, signal).finally(() => (this.inFlight = undefined));
    const found = await this.inFlight;
    return found && found !== failed ? found : undefined;
  }

  private adopt(id: string): string {
    this.current = id;
    this.source = 'discovered';
    return id;
  }

  private async coolingDown(): Promise<boolean> {
    if (Date.now() < this.coolUntil) return true;
    const shared = await this.redis?.pttl(COOLDOWN_KEY).catch(() => -2);
    return typeof shared === 'number' && shared > 0;
  }

  private async discover(pageHtml: string, client: ThreadsClient, signal: AbortSignal): Promise<string | undefined> {
    const { staticOrigin, webOrigin } = client.options;
    for (const url of bundleUrls(pageHtml, `${webOrigin}/`, staticOrigin, MAX_BUNDLES)) {
      if (signal.aborted) break;
      const bundle = await client.send({ origin: 'static', path: url.slice(staticOrigin.length), signal, maxBytes: MAX_BUNDLE_BYTES }).catch(() => undefined);
      const id = bundle?.status === 200 ? findRelayDocIds(bundle.body, [OPERATION], 'threads').get(OPERATION) : undefined;
      if (id && id !== this.current) {
        await this.redis?.set(SHARED_KEY, id).catch(() => undefined);
        return this.adopt(id);
      }
    }
    this.coolUntil = Date.now() + COOLDOWN_MS;
    await this.redis?.set(COOLDOWN_KEY, '1', 'PX', COOLDOWN_MS).catch(() => undefined);
    return undefined;
  }
}
