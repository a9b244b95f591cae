/**
 * What keeps a profile ZIP link from being a free download for anyone (issue 38 point 7): a download costs Instagram's
 * CDN one request per item (146 for a whole profile in the probe), so the link is bound to the client that asked for
 * it (its clientOf identity: an API key, else its address or IPv6 /64) and downloads a few times only. A HEAD spends
 * nothing. Whoever mints a profile ZIP link (the POST, or a signed GET link minted from it) puts `bindingOf` in the
 * token's `b`; the archive route checks it with `checkBinding` and counts the GET with `LinkDownloads`.
 */
import { createHmac } from 'node:crypto';
import { ApiError } from '../../errors/api-error.ts';

/** A download, and two more after a broken one; then the page asks for a new link (a lookup, under its limits). */
export const DOWNLOADS_PER_LINK = 3;

/** The client's tag in the token: keyed, so that the link shows no address to whoever it is passed to. */
export function bindingOf(secret: string, client: string): string {
  return createHmac('sha256', secret).update(`profile-zip\n${client}`).digest('base64url').slice(0, 22);
}

export function checkBinding(secret: string, binding: string, client: string): void {
  if (bindingOf(secret, client) !== binding) {
    throw new ApiError('forbidden', 'This download link was made for another connection. Ask for the ZIP again on the profile page.');
  }
}

/** GETs per link, in this instance's memory until the link expires (each instance counts its own). */
export class LinkDownloads {
  private readonly spent = new Map<string, { count: number; expiresAt: number }>();

  /** Spends one download of `link` (its token's signature); throws 410 when they are spent. */
  spend(link: string, expiresAtSeconds: number, now = Date.now()): void {
    if (this.spent.size > 10_000) this.sweep(now);
    const entry = this.spent.get(link) ?? { count: 0, expiresAt: expiresAtSeconds * 1000 };
    if (entry.count >= DOWNLOADS_PER_LINK) {
      throw new ApiError('expired', `This download link was used ${DOWNLOADS_PER_LINK} times. Ask for the ZIP again on the profile page.`);
    }
    entry.count += 1;
    this.spent.set(link, entry);
  }

  private sweep(now: number): void {
    for (const [link, entry] of this.spent) if (entry.expiresAt <= now) this.spent.delete(link);
  }
}
