/**
 * Instagram's internal oEmbed, `GET /api/v1/oembed/?url=<post>` (issue 36, fact 8): for a live post its media id,
 * author, caption and thumbnail (OGInstagram `parseOembedPost`'s fixture, read 2026-11-27); for every kind of gate
 * (region, age, limited audience) `{status: "fail", message: "geoblock_required", …}` (InstaFix-Revived
 * `scrapeRestriction`, OGInstagram `oembedFallback`). Both peers read the body whatever the status, so the statuses
 * here (403 for a gate, 404 for a post that is gone) and the words of the fail answers are ours: unverified.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendMediaJson, sendUseragentMismatch, xhrHeadersOk, type FakeContext } from './context.ts';
import { applyFault, sendJson } from './respond.ts';

export const GEOBLOCK_REQUIRED = {
  status: 'fail',
  message: 'geoblock_required',
  title: "This post isn't available",
  description: "The owner of this post has limited who can see it, or it isn't available in your country.",
  blocks_logging_data: 'oembed_gated',
};
const GONE = { status: 'fail', message: 'The link may be broken, or the post may have been removed.', title: "Post isn't available" };

export async function oembed(ctx: FakeContext, req: IncomingMessage, res: ServerResponse, postUrl: string): Promise<void> {
  const shortcode = /\/(?:p|reel|tv)\/([A-Za-z0-9_-]+)/.exec(postUrl)?.[1] ?? '';
  ctx.counts.hit('oembed', shortcode);
  ctx.counts.saw('oembed', req.headers);
  if (!xhrHeadersOk(req)) return sendUseragentMismatch(res);
  const gate = () => sendJson(res, 403, GEOBLOCK_REQUIRED);
  const ok = await applyFault(ctx.switches.faultFor('oembed', shortcode), req, res, ctx.webOrigin, {
    notFound: () => sendJson(res, 404, GONE),
    private: gate,
    gated: gate,
  });
  if (!ok) return;
  const post = ctx.fixtures.posts.get(shortcode);
  if (!post) return sendJson(res, 404, GONE);
  const v1 = post.v1 as { pk?: unknown; user?: { pk?: unknown; username?: string }; caption?: { text?: string } | null; image_versions2?: { candidates?: { url: string; width: number; height: number }[] }; carousel_media?: { image_versions2?: { candidates?: { url: string; width: number; height: number }[] } }[] };
  const thumb = v1.image_versions2?.candidates?.[0] ?? v1.carousel_media?.[0]?.image_versions2?.candidates?.[0];
  const owner = String(v1.user?.pk ?? '');
  sendMediaJson(
    ctx,
    res,
    {
      version: '1.0',
      title: v1.caption?.text ?? '',
      author_name: v1.user?.username ?? '',
      author_url: `https://www.instagram.com/${v1.user?.username ?? ''}`,
      author_id: Number(owner) || owner,
      media_id: `${post.pk}_${owner}`,
      provider_name: 'Instagram',
      provider_url: 'https://www.instagram.com',
      type: 'rich',
      width: 658,
      html: `<blockquote class="instagram-media"><a href="https://www.instagram.com/p/${shortcode}/">A post shared by @${v1.user?.username ?? ''}</a></blockquote>`,
      thumbnail_url: thumb?.url ?? '',
      thumbnail_width: thumb?.width ?? 0,
      thumbnail_height: thumb?.height ?? 0,
    },
    ok.expired,
  );
}
