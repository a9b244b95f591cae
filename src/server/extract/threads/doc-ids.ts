/**
 * The BarcelonaPostPageDirectQuery doc id in use: THREADS_DOC_ID_POST or FxEmbed's (constants.ts at 85ba21c, read
 * 2026-11-27; four different ids appear in 2026 code, so it rotates). When Threads refuses it, the bundles `/` links
 * on the static origin are read for `BarcelonaPostPageDirectQuery_threadsRelayOperation` (a few at a time, size
 * capped), as Instagram's are (meta/discovery); one pass at a time, and a pass that finds nothing new waits 10 minutes.
 */
import { bundleUrls } from '../meta/discovery/bundle-urls.ts';
import { findRelayDocIds } from '../meta/discovery/relay-operations.ts';
import type { ThreadsClient } from './client.ts';

const OPERATION = 'BarcelonaPostPageDirectQuery';
const MAX_BUNDLES = 20;
const MAX_BUNDLE_BYTES = 6 * 1024 * 1024;
const COOLDOWN_MS = 10 * 60 * 1000;

export class ThreadsDocIds {
  current: string;
  source: 'default' | 'configured' | 'discovered';
  private inFlight?: Promise<string | undefined>;
  private coolUntil = 0;

  constructor(id: string, configured: boolean) {
    this.current = id;
    this.source = configured ? 'configured' : 'default';
  }

  /** The id to retry with after `failed` was refused, read from the bundles `pageHtml` links. */
  async heal(failed: string, pageHtml: string, client: ThreadsClient, signal: AbortSignal): Promise<string | undefined> {
    if (this.current !== failed) return this.current;
    if (Date.now() < this.coolUntil) return undefined;
    this.inFlight ??= this.discover(pageHtml, client, signal).finally(() => (this.inFlight = undefined));
    const found = await this.inFlight;
    return found && found !== failed ? found : undefined;
  }

  private async discover(pageHtml: string, client: ThreadsClient, signal: AbortSignal): Promise<string | undefined> {
    const { staticOrigin, webOrigin } = client.options;
    for (const url of bundleUrls(pageHtml, `${webOrigin}/`, staticOrigin, MAX_BUNDLES)) {
      if (signal.aborted) break;
      const bundle = await client.send({ origin: 'static', path: url.slice(staticOrigin.length), signal, maxBytes: MAX_BUNDLE_BYTES }).catch(() => undefined);
      const id = bundle?.status === 200 ? findRelayDocIds(bundle.body, [OPERATION], 'threads').get(OPERATION) : undefined;
      if (id && id !== this.current) {
        this.current = id;
        this.source = 'discovered';
        return id;
      }
    }
    this.coolUntil = Date.now() + COOLDOWN_MS;
    return undefined;
  }
}
