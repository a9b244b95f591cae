/**
 * Strategy `permalink`: GET {web}/p/{code}/, the post's own page, and read the answer the page carries for its
 * Polaris query: a `<script type="application/json" data-sjs>` whose `require` tree holds a
 * `RelayPrefetchedStreamCache` entry → `__bbox.result.data.xig_polaris_media.if_not_gated_logged_out` (v1 shape),
 * or anywhere else in the tree, or the older `xdt_api__v1__media__shortcode__web_info.items` (FxEmbed, read
 * 2026-11-26). yt-dlp and FxEmbed fall back to it when the query itself answers HTML (2026). A reel link whose
 * `/p/` page carries nothing is asked once more as `/reel/`.
 */
import { ExtractError } from '../../failure.ts';
import { dig } from '../graphql.ts';
import { normalizeV1 } from '../../meta/normalize-v1.ts';
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

/** What a page's data-sjs may carry for its post: Polaris (2026) or the older web_info answer (FxEmbed `extractors.ts`). */
export type PageMedia = { polaris: unknown } | { webInfo: unknown };

/**
 * The first `xig_polaris_media` or `xdt_api__v1__media__shortcode__web_info` anywhere in the tree (FxEmbed reads
 * both, wherever they sit; yt-dlp only under RelayPrefetchedStreamCache), or undefined when none is there.
 */
export function pageMedia(sjs: unknown): PageMedia | undefined {
  let visited = 0;
  let found: PageMedia | undefined;
  const walk = (node: unknown, depth: number): boolean => {
    if (++visited > MAX_NODES || depth > MAX_DEPTH || node === null || typeof node !== 'object') return false;
    if (Array.isArray(node)) return node.some((child) => walk(child, depth + 1));
    const record = node as Record<string, unknown>;
    if ('xig_polaris_media' in record) found = { polaris: record.xig_polaris_media };
    else if ('xdt_api__v1__media__shortcode__web_info' in record) found = { webInfo: record.xdt_api__v1__media__shortcode__web_info };
    return found !== undefined || Object.values(record).some((child) => walk(child, depth + 1));
  };
  walk(sjs, 0);
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
    const found = pageMedia(json);
    if (!found) continue;
    if ('webInfo' in found) {
      const items = dig(found.webInfo, 'items');
      if (!Array.isArray(items) || items.length === 0) throw new ExtractError('empty', 'permalink: web_info has no items');
      return normalizeV1(items[0], { linkKind });
    }
    if (found.polaris === null) throw new ExtractError('empty', 'permalink: xig_polaris_media is null');
    const media = dig(found.polaris, 'if_not_gated_logged_out');
    // Instagram answered, and gated it for the logged out (age-gated, private): the other logged-out ways say no more.
    if (media === null) throw new ExtractError('empty', 'permalink: gated for the logged out', { gated: true });
    return normalizeV1(media, { linkKind });
  }
  throw new ExtractError('empty', 'permalink: the page carries no prefetched media');
}

export const permalink: PostStrategy = {
  name: 'permalink',
  async run(deps, target, signal) {
    const read = async (section: 'p' | 'reel') => mediaFromPermalinkHtml(await fetchPage(deps.client, `/${section}/${target.shortcode}/`, 'permalink', 'document', signal), target.linkKind);
    try {
      return await read('p');
    } catch (err) {
      // FxEmbed asks /reel/ when /p/ gives nothing; only for reel links, so a miss costs no more.
      if (target.linkKind !== 'reel' || !(err instanceof ExtractError) || err.kind !== 'empty') throw err;
      return read('reel');
    }
  },
};
