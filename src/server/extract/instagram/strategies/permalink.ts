/**
 * Strategy `permalink`: GET {web}/p/{code}/, the post's own page, and read the answer the page carries for its
 * Polaris query: a `<script type="application/json" data-sjs>` whose `require` tree holds a
 * `RelayPrefetchedStreamCache` entry → `__bbox.result.data.xig_polaris_media.if_not_gated_logged_out` (v1 shape).
 * yt-dlp and FxEmbed fall back to it when the query itself answers HTML (2026).
 */
import { ExtractError } from '../../failure.ts';
import { dig } from '../graphql.ts';
import { normalizeV1 } from '../normalize-v1.ts';
import { fetchPage } from '../page.ts';
import type { PostStrategy } from '../strategy.ts';

/** Bounds for hostile pages: scripts read, JSON nodes visited per script, and nesting followed (the real tree is ~12 deep). */
const MAX_SCRIPTS = 200;
const MAX_NODES = 200_000;
const MAX_DEPTH = 64;

/** The JSON text of every `<script … data-sjs>` in the page, found with indexOf (no backtracking regex over a page). */
export function sjsScripts(html: string): string[] {
  const out: string[] = [];
  let from = 0;
  while (out.length < MAX_SCRIPTS) {
    const open = html.indexOf('<script', from);
    if (open < 0) break;
    const tagEnd = html.indexOf('>', open);
    if (tagEnd < 0) break;
    const close = html.indexOf('</script>', tagEnd);
    if (close < 0) break;
    if (/\sdata-sjs(?=[\s>=])/.test(html.slice(open, tagEnd + 1))) out.push(html.slice(tagEnd + 1, close));
    from = close + 9;
  }
  return out;
}

/**
 * The `xig_polaris_media` of the first `RelayPrefetchedStreamCache` entry that has one: the object, null when the
 * page says null, or undefined when no entry carries it.
 */
export function prefetchedPolarisMedia(sjs: unknown): unknown {
  let visited = 0;
  let found: unknown = undefined;
  const walk = (node: unknown, inCache: boolean, depth: number): boolean => {
    if (++visited > MAX_NODES || depth > MAX_DEPTH || node === null || typeof node !== 'object') return false;
    if (Array.isArray(node)) {
      const cache = inCache || node[0] === 'RelayPrefetchedStreamCache';
      return node.some((child) => walk(child, cache, depth + 1));
    }
    if (inCache) {
      const data = dig(node, '__bbox', 'result', 'data');
      if (data && typeof data === 'object' && 'xig_polaris_media' in data) {
        found = (data as Record<string, unknown>).xig_polaris_media;
        return true;
      }
    }
    return Object.values(node).some((child) => walk(child, inCache, depth + 1));
  };
  walk(sjs, false, 0);
  return found;
}

export function mediaFromPermalinkHtml(html: string, linkKind: 'post' | 'reel' | 'igtv'): ReturnType<typeof normalizeV1> {
  const scripts = sjsScripts(html);
  if (scripts.length === 0) throw new ExtractError('changed', 'permalink: no data-sjs script in the page');
  for (const text of scripts) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      continue; // One unreadable script is not the page's answer; the others may carry it.
    }
    const media = prefetchedPolarisMedia(json);
    if (media === undefined) continue;
    if (media === null) throw new ExtractError('empty', 'permalink: xig_polaris_media is null');
    return normalizeV1(dig(media, 'if_not_gated_logged_out'), { linkKind });
  }
  throw new ExtractError('empty', 'permalink: the page carries no prefetched media');
}

export const permalink: PostStrategy = {
  name: 'permalink',
  async run(deps, target, signal) {
    return mediaFromPermalinkHtml(await fetchPage(deps.client, `/p/${target.shortcode}/`, 'permalink', 'document', signal), target.linkKind);
  },
};
