/**
 * Headers in both directions for the media proxy: which client headers go to the CDN (a single byte
 * range, its If-Range, the conditionals), and what the client gets back (the CDN's validators and
 * lengths, our CORP, caching, type and Content-Disposition).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { contentDisposition, contentTypeOf } from '../filename.ts';
import { header, type UpstreamResponse } from './proxy.ts';
import type { SingleMediaPayload } from '../token.ts';

const SINGLE_RANGE = /^bytes=(\d{1,15}-\d{0,15}|-\d{1,15})$/;

function single(value: string | string[] | undefined, maxLength = 200): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v !== undefined && v.length > 0 && v.length <= maxLength ? v.trim() : undefined;
}

/** Only one byte range is forwarded; anything else is dropped and the whole file is served (RFC 9110 allows it). */
export function forwardedRequestHeaders(incoming: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  const range = single(incoming.range, 64);
  if (range && SINGLE_RANGE.test(range)) {
    out.range = range;
    const ifRange = single(incoming['if-range']);
    if (ifRange) out['if-range'] = ifRange;
  }
  const ifNoneMatch = single(incoming['if-none-match']);
  if (ifNoneMatch) out['if-none-match'] = ifNoneMatch;
  const ifModifiedSince = single(incoming['if-modified-since']);
  if (ifModifiedSince) out['if-modified-since'] = ifModifiedSince;
  return out;
}

const FAMILY: Record<SingleMediaPayload['k'], string> = { image: 'image/', video: 'video/', audio: 'audio/' };

/** The CDN's type when it is of the token's kind; otherwise the type the file name implies. Audio is always audio/mp4. */
export function safeContentType(payload: SingleMediaPayload, upstreamType: string | undefined): string {
  if (payload.k === 'audio') return 'audio/mp4';
  const type = upstreamType?.split(';')[0]?.trim().toLowerCase();
  if (type && type.startsWith(FAMILY[payload.k]) && /^[a-z]+\/[a-z0-9.+-]+$/.test(type)) return type;
  return contentTypeOf(payload.f);
}

/** The file name to save: the token's, with `.m4a` guaranteed for the audio track. */
export function downloadName(payload: SingleMediaPayload): string {
  return payload.k === 'audio' && !payload.f.endsWith('.m4a') ? payload.f.replace(/(\.\w+)?$/, '.m4a') : payload.f;
}

export function mediaResponseHeaders(payload: SingleMediaPayload, upstream: Pick<UpstreamResponse, 'status' | 'headers'>, download: boolean): Record<string, string> {
  const out: Record<string, string> = {
    'content-type': safeContentType(payload, header(upstream.headers, 'content-type')),
    'content-disposition': contentDisposition(downloadName(payload), download ? 'attachment' : 'inline'),
    'cross-origin-resource-policy': 'cross-origin',
    'cache-control': 'private, max-age=3600',
  };
  for (const name of ['content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified']) {
    const value = header(upstream.headers, name);
    if (value !== undefined) out[name] = value;
  }
  if (upstream.status === 304) delete out['content-length'];
  return out;
}
