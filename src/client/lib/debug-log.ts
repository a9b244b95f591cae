/**
 * The story page's debug log: time-stamped lines about what a lookup did. It records codes, counts, kinds
 * and timings only; anything that looks like a URL, cookie or token is replaced, so a pasted screenshot
 * of the log never leaks a signed link.
 */
import type { Resolution } from '../../shared/api.ts';
import type { ResolveFailure } from './api-client.ts';

export interface DebugLine {
  /** Milliseconds since the epoch. */
  at: number;
  text: string;
}

/** `HH:MM:SS.mmm` in local time. */
export function timestamp(at: number): string {
  const d = new Date(at);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

const URL_LIKE = /\b[a-z][a-z0-9+.-]*:\/\/\S+|\/api\/v1\/\S+|\b[\w.-]+\.(?:com|net|am)\/\S*/gi;
const SECRET_LIKE = /\b(sessionid|csrftoken|ds_user_id|token|key|signature|oh|oe)=[^\s&;]+/gi;
const LONG_TOKEN = /\b[A-Za-z0-9_-]{32,}(?:\.[A-Za-z0-9_-]+)?\b/g;

export function redact(text: string): string {
  return text.replace(URL_LIKE, '[link]').replace(SECRET_LIKE, '$1=[hidden]').replace(LONG_TOKEN, '[hidden]');
}

export function debugLine(text: string, at = Date.now()): DebugLine {
  return { at, text: redact(text) };
}

export function formatLine(line: DebugLine): string {
  return `[${timestamp(line.at)}] ${line.text}`;
}

export function describeRequest(tool: string | undefined, inputKind: 'link' | 'username'): string {
  return `Lookup started (tool: ${tool ?? 'auto'}, input: ${inputKind})`;
}

export function describeResolution(resolution: Resolution, status: number, ms: number): string {
  const videos = resolution.items.filter((i) => i.type === 'video').length;
  const images = resolution.items.length - videos;
  const extras = [
    resolution.zipUrl ? 'zip' : '',
    resolution.items.some((i) => i.audioUrl) ? 'audio' : '',
    resolution.items.some((i) => (i.qualities?.length ?? 0) > 1) ? 'qualities' : '',
  ].filter(Boolean);
  return (
    `HTTP ${status} in ${ms} ms: kind ${resolution.kind}, ${resolution.items.length} item(s) ` +
    `(${videos} video, ${images} image)${extras.length ? `, with ${extras.join(', ')}` : ''}`
  );
}

export function describeFailure(failure: ResolveFailure, ms: number, messageKey: string): string {
  if (failure.kind === 'network') return `Network failure after ${ms} ms (${messageKey})`;
  if (failure.kind === 'malformed') return `HTTP ${failure.status} in ${ms} ms: unexpected response shape (${messageKey})`;
  return `HTTP ${failure.status} in ${ms} ms: ${failure.code ?? 'no error code'} (${messageKey})`;
}
