/**
 * The Threads face's posts. A Threads post is Instagram's v1 media object (cobalt PR #1558, yt-dlp PR #13512,
 * FxEmbed `packages/atmosphere/src/providers/threads/processor.ts` at 85ba21c, all read 2026-11-27), so each one is
 * made from a captured v1 sample with the fields Threads adds: `text_post_app_info` (quotes and reshares), media_type
 * 19 for a text post (a GIF is a text post with `giphy_media_info`), and `video_versions` without sizes, every entry
 * pointing at the same file. Files get Threads paths of their own, so the CDN tells them apart from Instagram's.
 */
import { shortcodeToPk } from '../../../src/shared/shortcode.ts';
import { loadSample, SAMPLE } from '../samples.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const THREADS_FIXTURE = {
  user: 'manchesterunited',
  photo: 'DThPhoto001',
  video: 'DThVideo001',
  carousel: 'DThCarou001',
  /** A GIF with Meta's proxied copy (first_party_cdn_proxied_images) and GIPHY's own. */
  gif: 'DThGifMeta1',
  /** A GIF with GIPHY's files only. */
  giphyGif: 'DThGifGiph1',
  /** Text only: no photo, no video. */
  text: 'DThText0001',
  /** A text post quoting the photo post (share_info.quoted_attachment_post). */
  quote: 'DThQuote001',
  /** A text post carrying the video post inline (linked_inline_media). */
  linked: 'DThLinked01',
  /** A reply in the photo post's thread: on its page, after the post (the page must be read by code). */
  reply: 'DThReply001',
  /** A private account's post: its code is long (28 characters after the media id), every answer empty. */
  privateLong: `DThPriv0001${'x'.repeat(28)}`,
} as const;

/** The GIPHY id of the fixtures' GIF and the sizes of its `fixed_height` rendition (GIPHY states them as strings). */
const GIPHY_ID = 'l0MYt5jPR6QX5pnqM';
const GIF_SIZE = { width: '750', height: '750' };

export interface ThreadsPostFixture {
  code: string;
  pk: string;
  /** The v1 media object with Threads' fields. */
  post: Json;
}

const THREADS_TEXT_APP_INFO = () => ({
  is_post_unavailable: false,
  is_reply: false,
  reply_to_author: null,
  direct_reply_count: 0,
  share_info: { can_repost: true, can_quote_post: true, is_reposted_by_viewer: false, quoted_post: null, reposted_post: null, quoted_attachment_post: null },
  linked_inline_media: null,
  link_preview_attachment: null,
});

/** One Threads account posts them all (the image sample's user). */
const author = () => (loadSample(SAMPLE.v1Image) as Json).user;

function threadsPost(base: Json, code: string, caption: string | null): Json {
  const post = structuredClone(base);
  post.user = author();
  const pk = shortcodeToPk(code);
  post.code = code;
  post.pk = pk;
  post.id = `${pk}_${post.user.pk}`;
  post.caption = caption === null ? null : { text: caption, pk: `${pk}1` };
  post.text_post_app_info = THREADS_TEXT_APP_INFO();
  post.giphy_media_info = null;
  delete post.product_type;
  return threadsMedia(post);
}

/** A file of Threads' own: the same picture or clip under another path (t51.29350-15 is Threads' picture product). */
function threadsPath(url: string): string {
  return url.replace('/t51.2885-15/', '/t51.29350-15/').replace(/_n\.(mp4|jpg|webp)\?/, '_threads_n.$1?');
}

/** Threads' renditions: pictures under a Threads path, videos without sizes, one file for every entry. */
function threadsMedia(media: Json): Json {
  for (const candidate of media.image_versions2?.candidates ?? []) candidate.url = threadsPath(String(candidate.url));
  const videos = media.video_versions as Json[] | undefined;
  if (videos?.length) {
    const url = threadsPath(String(videos[0]!.url));
    media.video_versions = [101, 102, 103].map((type) => ({ type, url }));
    media.video_dash_manifest = null;
  }
  if (Array.isArray(media.carousel_media)) media.carousel_media = media.carousel_media.map((child: Json) => threadsMedia(child));
  return media;
}

function textPost(base: Json, code: string, caption: string): Json {
  const post = threadsPost(base, code, caption);
  post.media_type = 19;
  post.image_versions2 = { candidates: [] };
  post.original_width = 612;
  post.original_height = 612;
  delete post.video_versions;
  delete post.carousel_media;
  delete post.carousel_media_count;
  return post;
}

function giphyRendition(host: string, path: string): Json {
  return { url: `https://${host}${path}.gif`, mp4: `https://${host}${path}.mp4`, webp: `https://${host}${path}.webp`, ...GIF_SIZE };
}

function gifPost(base: Json, code: string, withMetaCopy: boolean): Json {
  const post = textPost(base, code, 'when the build goes green');
  post.giphy_media_info = {
    giphy_id: GIPHY_ID,
    images: { fixed_height: giphyRendition('media1.giphy.com', `/media/${GIPHY_ID}/200`) },
    ...(withMetaCopy
      ? { first_party_cdn_proxied_images: { fixed_height: giphyRendition('scontent.cdninstagram.com', `/v/t39.30808-6/giphy_${code}_n`) } }
      : {}),
  };
  return post;
}

export function buildThreadsFixtures(): Map<string, ThreadsPostFixture> {
  const image = loadSample(SAMPLE.v1Image) as Json;
  const reel = loadSample(SAMPLE.v1Reel) as Json;
  const carousel = loadSample(SAMPLE.v1Carousel) as Json;
  const posts: Json[] = [
    threadsPost(image, THREADS_FIXTURE.photo, 'Matchday at Old Trafford'),
    threadsPost(reel, THREADS_FIXTURE.video, 'Training, today'),
    threadsPost(carousel, THREADS_FIXTURE.carousel, null),
    gifPost(image, THREADS_FIXTURE.gif, true),
    gifPost(image, THREADS_FIXTURE.giphyGif, false),
    textPost(image, THREADS_FIXTURE.text, 'Who is watching tonight?'),
  ];
  const quote = textPost(image, THREADS_FIXTURE.quote, 'This one');
  quote.text_post_app_info.share_info.quoted_attachment_post = posts[0];
  const linked = textPost(image, THREADS_FIXTURE.linked, 'Watch this');
  linked.text_post_app_info.linked_inline_media = posts[1];
  const reply = textPost(image, THREADS_FIXTURE.reply, 'Great photo');
  reply.text_post_app_info.is_reply = true;
  posts.push(quote, linked, reply);
  return new Map(posts.map((post) => [post.code as string, { code: post.code as string, pk: String(post.pk), post }]));
}
