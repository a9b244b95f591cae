/**
 * Strategy `embed`: GET {web}/p/{code}/embed/captioned/ and read the media out of the HTML:
 * the `"contextJSON":"…"` string (JSON inside a JSON string) holding gql_data.shortcode_media, or
 * `window.__additionalDataLoaded('…',{…})` holding graphql.shortcode_media or items[0].
 */
import { ExtractError } from '../../failure.ts';
import type { RawResolution } from '../../raw.ts';
import type { NormalizeContext } from '../../meta/media-kind.ts';
import { dig } from '../graphql.ts';
import { normalizeGraphql } from '../normalize-graphql.ts';
import { normalizeV1 } from '../../meta/normalize-v1.ts';
import { fetchPage } from '../page.ts';
import type { PostStrategy } from '../strategy.ts';

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ExtractError('changed', `embed: ${what} is not JSON`, { cause: err });
  }
}

export function mediaFromEmbedHtml(html: string, context: NormalizeContext): RawResolution {
  const contextJson = /"contextJSON"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(html)?.[1];
  if (contextJson) {
    const inner = parseJson(parseJson(contextJson, 'contextJSON string') as string, 'contextJSON');
    const gqlData = dig(inner, 'gql_data');
    if (gqlData === null || gqlData === undefined) throw new ExtractError('empty', 'embed: contextJSON has no gql_data');
    return normalizeGraphql(dig(gqlData, 'shortcode_media'), context);
  }
  const additional = additionalData(html);
  if (additional) {
    const data = parseJson(additional, '__additionalDataLoaded');
    const graphql = dig(data, 'graphql', 'shortcode_media');
    if (graphql !== undefined) return normalizeGraphql(graphql, context);
    const items = dig(data, 'items');
    if (Array.isArray(items)) {
      if (items.length === 0) throw new ExtractError('empty', 'embed: no items');
      return normalizeV1(items[0], context);
    }
    throw new ExtractError('changed', 'embed: __additionalDataLoaded without media');
  }
  if (/EmbedIsBroken|This (post|content) is( no longer)? (un)?available/i.test(html)) {
    throw new ExtractError('not_found', 'embed: the embed page says the post is unavailable', { weak: true });
  }
  throw new ExtractError('changed', 'embed: no media data in the page');
}

export const embed: PostStrategy = {
  name: 'embed',
  async run(deps, target, signal) {
    const html = await fetchPage(deps.client, `/p/${target.shortcode}/embed/captioned/`, 'embed', 'iframe', signal);
    return mediaFromEmbedHtml(html, { linkKind: target.linkKind });
  },
};

/**
 * The object literal of `window.__additionalDataLoaded('…', {…});</script>`, found with indexOf up to the
 * script's end (a lazy regex over the whole page would go quadratic on hostile HTML).
 */
function additionalData(html: string): string | undefined {
  const marker = html.indexOf('window.__additionalDataLoaded(');
  if (marker < 0) return undefined;
  const scriptEnd = html.indexOf('</script>', marker);
  if (scriptEnd < 0) return undefined;
  const call = html.slice(marker, scriptEnd);
  return /^window\.__additionalDataLoaded\(\s*'[^']*'\s*,\s*([\s\S]*?)\);?\s*$/.exec(call)?.[1];
}
