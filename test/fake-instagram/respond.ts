/** HTTP helpers and fault handling shared by the fake's servers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fault } from './switches.ts';

export const WAIT_MESSAGE = 'Please wait a few minutes before you try again.';
/** Throttling in a 200 (2026): GraphQL's code 1675004 (issue 22; no peer read 2026-11-26 confirms it: unverified). */
export const THROTTLE_200 = { errors: [{ message: 'Rate limit exceeded', severity: 'CRITICAL', code: 1675004, summary: 'Rate limit exceeded' }], data: null, status: 'ok' };
/** The spam guard (gallery-dl #7202, captured 2025-03-23). */
export const FEEDBACK_REQUIRED = {
  message: 'feedback_required',
  spam: true,
  feedback_title: 'Try Again Later',
  feedback_message: 'We limit how often you can do certain things on Instagram to protect our community. Tell us if you think we made a mistake.',
  feedback_url: '',
  feedback_action: 'report_problem',
  feedback_appeal_label: 'Let us know',
  restriction_enrollment_data: '',
  status: 'fail',
};

export function send(res: ServerResponse, status: number, body: string, headers: Record<string, string | string[]> = {}): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(status, { 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(value), { 'content-type': 'application/json; charset=utf-8', ...headers });
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string | string[]> = {}): void {
  send(res, status, html, { 'content-type': 'text/html; charset=utf-8', ...headers });
}

export async function readBody(req: IncomingMessage, limit = 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function cookiesOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface FaultResponders {
  notFound(): void;
  private(): void;
  /** An age-gated post as this endpoint shows it to the logged out (default: as if not found). */
  gated?(): void;
}

/**
 * Apply a switch. Returns undefined when the answer was sent (or the socket dropped), else whether the
 * normal answer should carry expired CDN URLs. A delay waits, then answers normally.
 */
export async function applyFault(
  fault: Fault | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  webOrigin: string,
  responders: FaultResponders,
): Promise<{ expired: boolean } | undefined> {
  if (fault === undefined) return { expired: false };
  if (typeof fault === 'object' && 'rateLimitedUntil' in fault) {
    const left = fault.rateLimitedUntil - Date.now();
    if (left <= 0) return { expired: false };
    sendJson(res, 429, { message: WAIT_MESSAGE, status: 'fail' }, { 'retry-after': String(Math.ceil(left / 1000)) });
    return undefined;
  }
  if (typeof fault === 'object') {
    await sleep(fault.delayMs);
    return { expired: false };
  }
  switch (fault) {
    case 'expired':
      return { expired: true };
    case 'not_found':
    case 'null_media':
      responders.notFound();
      return undefined;
    case 'private':
      responders.private();
      return undefined;
    case 'age_restricted':
    case 'region_restricted':
      (responders.gated ?? responders.notFound)();
      return undefined;
    case 'login_redirect':
      send(res, 302, '', { location: `${webOrigin}/accounts/login/?next=${encodeURIComponent(req.url ?? '/')}` });
      return undefined;
    case 'challenge_redirect':
      send(res, 302, '', { location: `${webOrigin}/challenge/?next=${encodeURIComponent(req.url ?? '/')}` });
      return undefined;
    case 'home_redirect':
      send(res, 302, '', { location: `${webOrigin}/` });
      return undefined;
    case 'throttle_200':
      sendJson(res, 200, THROTTLE_200);
      return undefined;
    case 'feedback_required':
      sendJson(res, 400, FEEDBACK_REQUIRED);
      return undefined;
    case 'require_login':
      sendJson(res, 401, { message: WAIT_MESSAGE, require_login: true, status: 'fail' });
      return undefined;
    case 'rate_limited':
      sendJson(res, 429, { message: WAIT_MESSAGE, status: 'fail' }, { 'retry-after': '120' });
      return undefined;
    case 'server_error':
      sendHtml(res, 500, '<!DOCTYPE html><html><body><h1>5xx Server Error</h1></body></html>');
      return undefined;
    case 'reset':
      req.socket.destroy();
      return undefined;
    case 'garbage':
    case 'provider_error':
    case 'empty':
      sendHtml(res, 200, '<!DOCTYPE html><html><head><title>Instagram</title></head><body><div id="react-root">Something changed…</div></body></html>');
      return undefined;
  }
}
