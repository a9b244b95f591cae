/** Calls POST /api/v1/batch: a signed link to one ZIP of a batch's ready posts, or the failure classified. */
import type { BatchZip } from '../../shared/api.ts';
import type { ToolId } from '../../shared/tools.ts';
import { errorCodeOf, type ResolveFailure } from './api-client.ts';
import { lookupFetch } from './challenge/lookup-fetch.ts';

export const BATCH_ENDPOINT = '/api/v1/batch';

export interface BatchZipRequest {
  links: { url: string; tool?: ToolId }[];
  /** `key`: the reason's message key, which the server words in `lang` for MISSING.txt (`reason` is its fallback). */
  failed?: { url: string; reason: string; key?: string }[];
  /** The page's language: MISSING.txt is written in it. */
  lang?: string;
}

export type BatchZipOutcome = { ok: true; zip: BatchZip } | { ok: false; failure: ResolveFailure };

export async function requestBatchZip(body: BatchZipRequest, fetchImpl: typeof fetch = lookupFetch): Promise<BatchZipOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(BATCH_ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  } catch {
    return { ok: false, failure: { kind: 'network' } };
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) return { ok: false, failure: { kind: 'http', status: response.status, code: errorCodeOf(json) } };
  const zip = json as Partial<BatchZip> | undefined;
  if (typeof zip?.zipUrl !== 'string' || !zip.zipUrl.startsWith('/api/v1/zip/')) return { ok: false, failure: { kind: 'malformed', status: response.status } };
  return { ok: true, zip: zip as BatchZip };
}
