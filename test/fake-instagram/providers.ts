/**
 * The two optional third-party providers of spec §7, faked: POST /v1/social/autolink {url} and
 * GET /get-info-rapidapi?url=. Both require the x-rapidapi-key / x-rapidapi-host headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseLink, type ParsedLink } from '../../src/shared/link.ts';
import { rewriteCdnJson, oeFor } from './cdn-rewrite.ts';
import type { FakeContext } from './context.ts';
import { applyFault, readBody, sendJson } from './respond.ts';
import type { FakeEndpoint } from './switches.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const largest = (list: Json[]) => list.reduce<Json | undefined>((b, c) => (!b || c.width * c.height > b.width * b.height ? c : b), undefined);

export async function handleProviders(ctx: FakeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake');
  const endpoint: FakeEndpoint | undefined =
    req.method === 'POST' && url.pathname === '/v1/social/autolink' ? 'autolink' : req.method === 'GET' && url.pathname === '/get-info-rapidapi' ? 'story-info' : undefined;
  if (!endpoint) {
    ctx.counts.hit('unknown');
    return sendJson(res, 404, { message: "Endpoint '" + url.pathname + "' does not exist" });
  }
  let link: string;
  if (endpoint === 'autolink') {
    try {
      link = String((JSON.parse(await readBody(req)) as { url?: unknown }).url ?? '');
    } catch (err) {
      ctx.counts.hit(endpoint);
      return sendJson(res, 400, { error: true, message: `Invalid JSON: ${(err as Error).message}` });
    }
  } else {
    link = url.searchParams.get('url') ?? '';
  }
  const parsed = parseLink(link);
  const target = !parsed.ok ? undefined : 'shortcode' in parsed.link ? parsed.link.shortcode : 'username' in parsed.link ? parsed.link.username : undefined;
  ctx.counts.hit(endpoint, target);
  if (req.headers['x-rapidapi-key'] !== ctx.switches.providerKey) return sendJson(res, 403, { message: 'You are not subscribed to this API.' });
  if (!req.headers['x-rapidapi-host']) return sendJson(res, 400, { message: 'Missing x-rapidapi-host header' });

  const fault = ctx.switches.faultFor(endpoint, target);
  if (fault === 'provider_error') return sendJson(res, 200, { error: true, message: 'Unable to fetch this media right now' });
  if (fault === 'empty') return sendJson(res, 200, endpoint === 'autolink' ? { error: false, url: link, medias: [] } : { error: false, message: 'ok' });
  const ok = await applyFault(fault, req, res, ctx.webOrigin, {
    notFound: () => sendJson(res, 200, { error: true, message: 'Media not found' }),
    private: () => sendJson(res, 200, { error: true, message: 'This account is private' }),
  });
  if (!ok) return;
  const answer = endpoint === 'autolink' ? autolinkAnswer(ctx, parsed.ok ? parsed.link : undefined, link) : storyAnswer(ctx, parsed.ok ? parsed.link : undefined);
  sendJson(res, 200, rewriteCdnJson(answer, ctx.cdnOrigin, oeFor(ok.expired)));
}

function autolinkAnswer(ctx: FakeContext, link: ParsedLink | undefined, url: string): Json {
  if (link && 'shortcode' in link) {
    const post = ctx.fixtures.posts.get(link.shortcode);
    if (!post) return { error: true, message: 'Media not found' };
    const media = post.graphql;
    const nodes: Json[] = /GraphSidecar$/.test(media.__typename) ? media.edge_sidecar_to_children.edges.map((e: Json) => e.node) : [media];
    return {
      error: false,
      url,
      source: 'instagram',
      author: media.owner?.username,
      title: media.edge_media_to_caption?.edges?.[0]?.node?.text ?? '',
      thumbnail: media.display_url,
      // Videos carry `url`, images only `download_url`: spec §3 reads url, else download_url, else display_url.
      medias: nodes.map((n) => (n.is_video ? { url: n.video_url, type: 'video', thumbnail: n.display_url } : { download_url: n.display_url, type: 'image' })),
    };
  }
  if (link?.kind === 'profile') {
    const profile = ctx.fixtures.profiles.get(link.username);
    if (!profile) return { error: true, message: 'Profile not found' };
    return { error: false, url, author: profile.username, thumbnail: profile.picUrl, medias: [{ url: profile.picUrlHd, type: 'image' }] };
  }
  return { error: true, message: 'Unsupported URL' };
}

function storyAnswer(ctx: FakeContext, link: ParsedLink | undefined): Json {
  let items: Json[] = [];
  if (link?.kind === 'story') {
    const profile = ctx.fixtures.profiles.get(link.username);
    items = (profile && ctx.fixtures.reels.get(profile.id)?.items) || [];
    if (link.storyId) items = items.filter((i) => String(i.pk) === link.storyId);
  } else if (link?.kind === 'highlight') {
    items = ctx.fixtures.reels.get(`highlight:${link.highlightId}`)?.items ?? [];
  }
  const item = items[0];
  if (!item) return { error: true, message: 'Story not found or expired' };
  const video = largest(item.video_versions ?? []);
  const image = largest(item.image_versions2?.candidates ?? []);
  return { error: false, download_url: (video ?? image)?.url, type: video ? 'video' : 'image', thumb: image?.url };
}
