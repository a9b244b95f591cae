/**
 * Where the keys come from (API_KEY_URL): a `file://` path, read again when the file changes (polled every half
 * second: editors and `kubectl` replace the file rather than write into it, which a rename-blind watch would miss),
 * or an `https://` address, read again every minute. Rotating a key is editing the file. A reload that fails keeps
 * the keys in use and says why in the log (never a key); the first load must succeed, or the app does not start.
 */
import { readFile } from 'node:fs/promises';
import { unwatchFile, watchFile } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseKeyFile, type KeyTable } from './api-keys.ts';

export interface KeySourceOptions {
  url: string;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How often an https:// file is read again (a test shortens it). */
  refreshMs?: number;
  /** How often a file:// file's modification time is looked at. */
  pollMs?: number;
}

export interface KeySource {
  current(): KeyTable;
  close(): void;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function loadKeySource(options: KeySourceOptions): Promise<KeySource> {
  const url = new URL(options.url);
  const read = url.protocol === 'file:' ? () => readFile(fileURLToPath(url), 'utf8') : () => fetchText(url);
  let keys = parseKeyFile(await read());
  options.logger.info({ keys: keys.size }, 'API keys loaded');
  const reload = async () => {
    try {
      keys = parseKeyFile(await read());
      options.logger.info({ keys: keys.size }, 'API keys reloaded');
    } catch (err) {
      options.logger.warn({ reason: reasonOf(err) }, 'API keys could not be reloaded: the keys in use stay');
    }
  };
  if (url.protocol === 'file:') {
    const path = fileURLToPath(url);
    watchFile(path, { interval: options.pollMs ?? 500, persistent: false }, (now, before) => {
      if (now.mtimeMs !== before.mtimeMs || now.size !== before.size) void reload();
    });
    return { current: () => keys, close: () => unwatchFile(path) };
  }
  const timer = setInterval(() => void reload(), options.refreshMs ?? 60_000);
  timer.unref();
  return { current: () => keys, close: () => clearInterval(timer) };
}

async function fetchText(url: URL): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  if (!res.ok) throw new Error(`the key file's address answered ${res.status}`);
  return res.text();
}
