/** An Instagram page as a browser navigates to it (no XHR headers, redirects off): its HTML, or the classified failure. */
import { ExtractError } from '../failure.ts';
import type { UpstreamClient } from './client.ts';
import { classifyStatus } from './responses.ts';

export async function fetchPage(client: UpstreamClient, path: string, what: string, dest: 'document' | 'iframe', signal: AbortSignal): Promise<string> {
  const res = await client.send({
    origin: 'web',
    path,
    xhr: false,
    headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': dest, 'sec-fetch-mode': 'navigate', ...(dest === 'document' ? { 'sec-fetch-site': 'none' } : {}) },
    signal,
  });
  const failure = classifyStatus(res, what);
  // A page's own 404 ("Sorry, this page isn't available") is Instagram saying the thing is gone: it decides.
  if (failure?.kind === 'not_found' && res.status === 404 && dest === 'document') throw new ExtractError('not_found', failure.message);
  if (failure) throw failure;
  return res.body;
}
