/**
 * The fake's post page (`/p/{code}/`, `/reel/{code}/`, `/tv/{code}/`) and the 2026 answer shapes of issue 29
 * (switches.ts FACTS_2026_SECOND): the stale-document and logged-out GraphQL answers, the rest of a browser's cookie
 * jar, Polaris's display_uri images and the embed's carousel videos without video_url.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bundleTags } from './bundles.ts';
import { oeFor, rewriteCdnJson } from './cdn-rewrite.ts';
import type { FakeContext } from './context.ts';
import { applyFault, sendHtml } from './respond.ts';

export const NOT_AVAILABLE = '<!DOCTYPE html><html><body>Sorry, this page isn&#39;t available.</body></html>';
/** A stale or refused doc id, 2026 (instaloader #2710, #2695; misiektoja/instagram_monitor #91): HTTP 400. */
export const STALE_400 = { message: 'invalid request', errors: [{ message: 'execution error', severity: 'CRITICAL' }], status: 'fail' };
/** A GraphQL answer to a viewer Instagram sees as logged out (yt-dlp PR #17081; the exact wording is unverified). */
export const LOGGED_OUT = { data: null, errors: [{ message: 'Please log in: the viewer is logged out', severity: 'CRITICAL', code: 1357001 }], status: 'ok' };
/** The rest of a browser's jar that `/` sets (FxEmbed `fetchInstagramSession`; the values are ours). */
export const JAR_COOKIES = ['mid=ZfakeMid0AAE; Path=/; Max-Age=63072000; Secure', 'datr=fakeDatr01; Path=/; Max-Age=63072000; Secure; HttpOnly'];
export const LONG_CODE = 28;

type Json = Record<string, unknown>;

/** 2026 Polaris images as FxEmbed's fixture has them: `display_uri` and the original size, no `image_versions2`. */
export function polarisShape(ctx: FakeContext, v1: unknown): unknown {
  if (!ctx.switches.is2026('polaris-display-uri')) return v1;
  const image = (item: Json): Json => {
    if (item.media_type !== 1) return item;
    const { image_versions2: versions, ...rest } = item as Json & { image_versions2?: { candidates?: { url: string; width: number; height: number }[] } };
    const best = versions?.candidates?.[0];
    return best ? { ...rest, display_uri: best.url, original_width: best.width, original_height: best.height } : item;
  };
  const media = v1 as Json;
  return Array.isArray(media.carousel_media) ? { ...media, carousel_media: (media.carousel_media as Json[]).map(image) } : image(media);
}


/** `<` escaped so JSON can sit inside a <script>. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A post's own page, as a logged-out browser gets it: the app shell, its script bundles, and the answer of its
 * Polaris query prefetched in a `data-sjs` script (RelayPrefetchedStreamCache → __bbox.result.data.xig_polaris_media).
 */
export async function postPage(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, shortcode: string, section = 'p'): Promise<void> {
  ctx.counts.hit('post-page', shortcode);
  ctx.counts.saw('post-page', req.headers);
  const post = ctx.fixtures.posts.get(shortcode);
  const gated = () => sendHtml(res, 200, postPageHtml(ctx, { if_not_gated_logged_out: null }));
  const ok = await applyFault(ctx.switches.faultFor('post-page', shortcode), req, res, ctx.webOrigin, {
    notFound: () => sendHtml(res, 404, NOT_AVAILABLE),
    private: gated,
    gated,
  });
  if (!ok) return;
  if (!post && shortcode.length > LONG_CODE && ctx.switches.is2026('private-long-code')) return gated();
  if (!post) return sendHtml(res, 404, NOT_AVAILABLE);
  // FxEmbed asks /reel/ when /p/ gives nothing: a reel's /p/ page may carry no media.
  const isReel = (post.v1 as { product_type?: string }).product_type === 'clips';
  if (isReel && section === 'p' && ctx.switches.is2026('reel-page-only')) return gated();
  const media = rewriteCdnJson(polarisShape(ctx, post.v1), ctx.cdnOrigin, oeFor(ok.expired));
  sendHtml(res, 200, postPageHtml(ctx, { if_not_gated_logged_out: media }));
}

function postPageHtml(ctx: FakeContext, polarisMedia: { if_not_gated_logged_out: unknown }): string {
  // Older pages carry web_info items (FxEmbed extractors.ts); some put xig_polaris_media outside the stream cache.
  const data = ctx.switches.is2026('page-web-info') ? { xdt_api__v1__media__shortcode__web_info: { items: polarisMedia.if_not_gated_logged_out ? [polarisMedia.if_not_gated_logged_out] : [] } } : { xig_polaris_media: polarisMedia };
  const prefetch = ctx.switches.is2026('page-polaris-anywhere')
    ? { require: [['PolarisPostRoot', 'render', null, [{ props: { routeData: data } }]]] }
    : {
        require: [
          ['ScheduledServerJS', 'handle', null, [{ __bbox: { require: [['RelayPrefetchedStreamCache', 'next', [], ['adp_PolarisPostRootQueryRelayPreloader_1', { __bbox: { complete: true, result: { data, extensions: { is_final: true } }, sequence_number: 0 } }]]] } }]],
        ],
      };
  return `<!DOCTYPE html><html lang="en"><head><title>Instagram</title><link rel="preload" href="${ctx.staticOrigin}/rsrc.php/v3/y4/r/PolarisApp.js" as="script">${bundleTags(ctx)}</head><body><div id="react-root"></div><script type="application/json" data-content-len="120" data-sjs>{"require":[["ServerJS","handle",null,[{"define":[]}]]]}</script><script type="application/json" data-content-len="9000" data-sjs>${scriptJson(prefetch)}</script></body></html>`;
}

/** cobalt PR #1554: an embed carousel's videos may come without `video_url`. */
export function embedShape(ctx: FakeContext, graphql: unknown): unknown {
  const media = graphql as { edge_sidecar_to_children?: { edges: { node: Json }[] } };
  if (!ctx.switches.is2026('embed-no-video-url') || !media.edge_sidecar_to_children) return graphql;
  const edges = media.edge_sidecar_to_children.edges.map(({ node }) => ({ node: node.is_video ? { ...node, video_url: undefined } : node }));
  return { ...media, edge_sidecar_to_children: { edges } };
}
