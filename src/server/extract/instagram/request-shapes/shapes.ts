/**
 * The ways a logged-out GraphQL query can be sent, where the peers disagree (issue 36, fact 11; read 2026-11-27):
 * - `page-tokens`: the `lsd` of a fresh `/` page, the guest cookie jar, `X-CSRFToken` when Instagram granted one
 *   (instaloader PR #2706), the web XHR headers and a desktop Chrome user agent (yt-dlp's 2026 shape);
 * - `bare`: a random `lsd` in the form and in `X-FB-LSD`, the bare `Mozilla/5.0` user agent, no cookies and no app
 *   id (OGInstagram `webLoggedOutSpec` @ 5912cbb, 2026-07-12: "a modern-browser UA makes IG return an HTML login
 *   shell instead of JSON here"; InstaFix-Revived the same).
 * Neither is bet on: each is a variant with its own health (shape-health.ts), the refused one demotes itself.
 */
import { randomBytes } from 'node:crypto';
import type { UpstreamRequest } from '../client.ts';
import type { WebTokens } from '../tokens.ts';

export const REQUEST_SHAPES = ['page-tokens', 'bare'] as const;
export type RequestShapeName = (typeof REQUEST_SHAPES)[number];

export interface GraphqlForm {
  path: string;
  docId: string;
  variables: Record<string, unknown>;
  friendlyName: string;
  referer?: string;
}

/** The request of the `page-tokens` shape, with the page's tokens. */
export function pageTokensRequest(query: GraphqlForm, tokens: WebTokens, signal: AbortSignal): UpstreamRequest {
  const csrf: Record<string, string> = tokens.csrftoken ? { 'x-csrftoken': tokens.csrftoken } : {};
  return {
    origin: 'web',
    method: 'POST',
    path: query.path,
    form: {
      lsd: tokens.lsd,
      fb_api_caller_class: 'RelayModern',
      fb_api_req_friendly_name: query.friendlyName,
      server_timestamps: 'true',
      variables: JSON.stringify(query.variables),
      doc_id: query.docId,
    },
    headers: { 'x-fb-lsd': tokens.lsd, ...csrf, 'x-fb-friendly-name': query.friendlyName, ...(query.referer ? { referer: query.referer } : {}) },
    cookies: tokens.csrftoken ? { csrftoken: tokens.csrftoken } : {},
    signal,
  };
}

/** The request of the `bare` shape: no page asked first, a token of its own making, nothing Instagram set before. */
export function bareRequest(query: GraphqlForm, signal: AbortSignal): UpstreamRequest {
  const lsd = randomLsd();
  return {
    origin: 'web',
    method: 'POST',
    path: query.path,
    ua: 'bare',
    xhr: false,
    noJar: true,
    form: { variables: JSON.stringify(query.variables), doc_id: query.docId, server_timestamps: 'true', lsd },
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-fb-friendly-name': query.friendlyName, 'x-fb-lsd': lsd },
    signal,
  };
}

/** 22 letters and digits, as the peers' random tokens are (OGInstagram: 23–27 alphanumerics). */
function randomLsd(): string {
  return randomBytes(24).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 22);
}
