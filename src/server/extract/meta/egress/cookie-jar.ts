/**
 * The cookies Instagram set, per identity (an egress logged out, or a session), sent back as a browser would:
 * the whole jar of `/` (csrftoken, mid, ig_did, datr, …) merged with every answer's Set-Cookie (yt-dlp's cookie
 * jar; FxEmbed `fetchInstagramSession`/`mergeCookieHeader`, read 2026-11-26). Apart per identity, so one egress's
 * or session's cookies never travel with another's. Bounded: a hostile answer cannot grow a jar without end.
 */
const MAX_COOKIES = 40;
const MAX_VALUE = 4096;

export class CookieJars {
  private readonly jars = new Map<string, Map<string, string>>();

  /** Merge an answer's Set-Cookie headers into the identity's jar (an expired or emptied cookie leaves it). */
  keep(identity: string, setCookie: string | string[] | undefined): void {
    const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    if (lines.length === 0) return;
    let jar = this.jars.get(identity);
    if (!jar) this.jars.set(identity, (jar = new Map()));
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!/^[\w.-]{1,64}$/.test(name) || value.length > MAX_VALUE) continue;
      const gone = value === '' || value === '""' || attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a) || isPast(a));
      if (gone) jar.delete(name);
      else if (jar.has(name) || jar.size < MAX_COOKIES) jar.set(name, value);
    }
  }

  /** The identity's jar, as name → value. */
  of(identity: string): Record<string, string> {
    return Object.fromEntries(this.jars.get(identity) ?? []);
  }
}

function isPast(attribute: string): boolean {
  const match = /^\s*expires\s*=\s*(.+)$/i.exec(attribute);
  if (!match) return false;
  const when = Date.parse(match[1]!);
  return Number.isFinite(when) && when < Date.now();
}
