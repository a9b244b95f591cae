/**
 * Which service a link belongs to, by its host, in cobalt's names: what decides cobalt's link errors and an API
 * key's `allowedServices`. cobalt's rule (api/src/processing/url.js and service-config.js at a636575, read
 * 2026-11-27): a host of no service it knows is `error.api.link.invalid`; a known service the instance does not
 * serve is `error.api.service.disabled`; a served service's link of no known shape is `error.api.link.unsupported`.
 * The hosts are cobalt's (a service's domain, `www.` and its listed subdomains, its other domains and short-link
 * domains), with ours added: instagr.am, m.instagram.com, and Threads (not one of cobalt's services).
 */

/** A registrable domain and the subdomains that are its service's (`*`: any). */
type Domain = readonly [domain: string, subdomains?: readonly string[] | '*'];

const SERVICES: Record<string, readonly Domain[]> = {
  bilibili: [['bilibili.com', ['m']], ['bilibili.tv'], ['b23.tv']],
  bsky: [['bsky.app']],
  dailymotion: [['dailymotion.com'], ['dai.ly']],
  facebook: [['facebook.com', ['web', 'm']], ['fb.watch']],
  instagram: [['instagram.com', ['m']], ['ddinstagram.com', ['d', 'g']], ['instagr.am']],
  loom: [['loom.com']],
  newgrounds: [['newgrounds.com']],
  ok: [['ok.ru']],
  pinterest: [['pinterest.com', '*'], ['pin.it']],
  reddit: [['reddit.com', '*'], ['redd.it', ['v']]],
  rutube: [['rutube.ru']],
  snapchat: [['snapchat.com', ['t', 'story']]],
  soundcloud: [['soundcloud.com', ['on', 'm']]],
  streamable: [['streamable.com']],
  threads: [['threads.net'], ['threads.com']],
  tiktok: [['tiktok.com', ['vt', 'vm', 'm', 't', 'pro']]],
  tumblr: [['tumblr.com', '*']],
  twitch: [['twitch.tv', ['clips', 'm']]],
  twitter: [['twitter.com', ['mobile']], ['x.com'], ['vxtwitter.com'], ['fixvx.com']],
  vimeo: [['vimeo.com', ['player']]],
  vk: [['vk.com', ['m']], ['vkvideo.ru'], ['vk.ru']],
  youtube: [['youtube.com', ['music', 'm']], ['youtu.be']],
};

/** Every service name a key file may list in `allowedServices`: cobalt's, and ours. */
export const SERVICE_NAMES: ReadonlySet<string> = new Set(Object.keys(SERVICES));

/** The apps' own links (`instagram://media?id=`, Threads' `barcelona://media?shortcode=`): their service by scheme. */
const APP_SCHEMES: Record<string, string> = { 'instagram:': 'instagram', 'barcelona:': 'threads' };

function urlOf(link: string): URL | undefined {
  const text = link.trim();
  try {
    // Our own API takes a link without its scheme; so does this.
    return new URL(/^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
}

/** The service a link's host (or app scheme) belongs to (cobalt's name), or undefined when it is no service's. */
export function serviceOfLink(link: string): string | undefined {
  const url = urlOf(link);
  if (!url) return undefined;
  const app = APP_SCHEMES[url.protocol.toLowerCase()];
  if (app) return app;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!host) return undefined;
  for (const [service, domains] of Object.entries(SERVICES)) {
    for (const [domain, subdomains] of domains) {
      if (host === domain || host === `www.${domain}`) return service;
      if (!host.endsWith(`.${domain}`)) continue;
      const sub = host.slice(0, -domain.length - 1);
      if (subdomains === '*' || (subdomains?.includes(sub) ?? false)) return service;
    }
  }
  return undefined;
}
