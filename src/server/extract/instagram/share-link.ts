/**
 * Share links (`/share/{id}`, `/share/p/{id}`, `/share/reel/{id}`): one request on the web origin with a
 * plain client user agent and redirects off, then read Location. The target must itself be an Instagram
 * post/reel link; anything else is refused without ever being requested: `share_offsite` when it leaves
 * Instagram, `unsupported` when it is an Instagram page that is not a post.
 */
import { parseLink } from '../../../shared/link.ts';
import { ExtractError } from '../failure.ts';
import type { UpstreamClient } from './client.ts';
import { isLoginWall } from './login-wall.ts';
import { classifyStatus } from './responses.ts';
import type { PostTarget } from './strategy.ts';

const OFF_TARGET = 'This share link does not lead to an Instagram post or reel.';

/** Location → an instagram.com link: relative paths and our configured web origin count as instagram.com. */
function asInstagramLink(location: string, webOrigin: string): string {
  if (location.startsWith('/') && !location.startsWith('//')) return `https://www.instagram.com${location}`;
  if (location === webOrigin || location.startsWith(`${webOrigin}/`)) return `https://www.instagram.com${location.slice(webOrigin.length)}`;
  return location;
}

export async function resolveShareLink(client: UpstreamClient, path: string, signal: AbortSignal): Promise<PostTarget> {
  const res = await client.send({ origin: 'web', path, ua: 'curl', xhr: false, signal });
  if (res.status < 300 || res.status >= 400) {
    const failure = classifyStatus(res, 'share-link');
    if (failure) throw failure;
    throw new ExtractError('changed', `share-link: answered ${res.status} instead of a redirect`);
  }
  const raw = res.headers.location;
  const location = Array.isArray(raw) ? raw[0] : raw;
  if (!location) throw new ExtractError('changed', 'share-link: redirect without Location');
  // A wall (login, challenge, or since 2026 the home page) is not an off-Instagram target.
  if (isLoginWall(location)) throw new ExtractError('login_required', `share-link: redirected to the login wall (${location.slice(0, 120)})`);
  const parsed = parseLink(asInstagramLink(location, client.options.webOrigin));
  // parseLink only accepts instagram.com (and its mirrors): a Location anywhere else fails here, unrequested
  // (`invalid_url` is its word for an address that holds no Instagram link at all).
  if (!parsed.ok && parsed.error === 'invalid_url') throw new ExtractError('share_offsite', `share-link: leads off Instagram to ${location.slice(0, 200)}`);
  if (!parsed.ok || (parsed.link.kind !== 'post' && parsed.link.kind !== 'reel' && parsed.link.kind !== 'igtv')) {
    throw new ExtractError('unsupported', `share-link: refused target ${location.slice(0, 200)}`, { userMessage: OFF_TARGET });
  }
  return { shortcode: parsed.link.shortcode, linkKind: parsed.link.kind };
}
