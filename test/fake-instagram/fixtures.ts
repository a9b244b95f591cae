/**
 * The fake's content, built from the real samples at start: posts (each in both shapes), profiles,
 * story reels and a highlight, share links. Extra fixtures are derived from the samples, never invented shapes.
 */
import { shortcodeToPk } from '../../src/shared/shortcode.ts';
import { graphqlToV1, v1ToGraphql } from './convert.ts';
import { graphqlMediaOf, loadSample, SAMPLE } from './samples.ts';
import { buildThreadsFixtures, type ThreadsPostFixture } from './threads/threads-fixtures.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface PostFixture {
  shortcode: string;
  pk: string;
  /** The shape the sample was captured in; the other one is derived. */
  native: 'graphql' | 'v1';
  graphql: Json;
  v1: Json;
}

export interface ProfileFixture {
  id: string;
  username: string;
  fullName: string;
  isPrivate: boolean;
  picUrl: string;
  picUrlHd: string;
  /** A live business account: web_profile_info breaks for these in 2026 (cobalt #1579). */
  business?: boolean;
  /**
   * Its bio and counts as web_profile_info states them: `biography`, `edge_owner_to_timeline_media.count`,
   * `edge_followed_by.count`, `edge_follow.count`. The captured answer has the first two only (its scraper kept
   * those); the follower counts are in the real answer as instaloader's Profile reads it (structures.py, read 2026-11-27).
   * Without it a profile answers the captured biography and post count, and no follower counts.
   */
  about?: { biography: string; posts: number; followers: number; following: number };
}

export interface ReelFixture {
  id: string;
  user: Json;
  items: Json[];
}

export interface Fixtures {
  posts: Map<string, PostFixture>;
  profiles: Map<string, ProfileFixture>;
  /** By reel id: a user id, or `highlight:{id}`. */
  reels: Map<string, ReelFixture>;
  /** share id → Location path on instagram.com (absolute or relative). */
  shares: Map<string, string>;
  /** Threads posts by code (threads/threads-fixtures.ts). */
  threads: Map<string, ThreadsPostFixture>;
  webProfileTemplate: Json;
  usersInfoTemplate: Json;
}

export const FIXTURE = {
  image: 'B866lKJgReK',
  reel: 'CDmDQNtlRYt',
  igtv: 'CAOK1qJgfRM',
  carousel: 'CAanWEbg_do',
  reel2025: 'DFp17y5MymE',
  v1Image: 'CjoroLDKakw',
  v1Reel: 'CjoJvU1oQuH',
  v1Carousel: 'Cji5EVwNDcC',
  /** A reel as Instagram served them in 2025–2026: progressive capped at 720p, DASH up to 1080p. */
  dashReel: 'DQfullHD108',
  /** An older reel without sound (`has_audio: false`): one progressive file with no audio stream, no DASH manifest. */
  silentReel: 'CSilentReel',
  storyUser: 'manchesterunited',
  storyUserId: '491527077',
  storyItemId: '2947392586949530039',
  highlightId: '17890000000000001',
  profile: 'instagram',
  profileFromSample: 'giovanni.ricardo',
  /** A business account made from the captured profile (its picture and template). */
  businessProfile: 'hold.out_studio',
  shareToPost: 'BAMpost0001',
  shareToReel: 'BAMreel0001',
  shareOffsite: 'BAMoffsite01',
  /** A collab post: its owner and two co-authors in `coauthor_producers`. */
  collab: 'DCollab0001',
  /** Twelve 20-item carousels (Instagram's most): together more files than one batch archive holds. */
  fullCarousels: Array.from({ length: 12 }, (_, i) => `FULLcarou${String(i).padStart(2, '0')}`),
} as const;

export function buildFixtures(): Fixtures {
  const posts = new Map<string, PostFixture>();
  for (const file of [SAMPLE.graphqlImage, SAMPLE.graphqlReel, SAMPLE.graphqlIgtv, SAMPLE.graphqlCarousel, SAMPLE.graphqlReel2025]) {
    const graphql = graphqlMediaOf(loadSample(file)) as Json;
    posts.set(graphql.shortcode, { shortcode: graphql.shortcode, pk: String(graphql.id), native: 'graphql', graphql, v1: graphqlToV1(graphql) });
  }
  for (const file of [SAMPLE.v1Image, SAMPLE.v1Reel, SAMPLE.v1Carousel]) {
    const v1 = loadSample(file) as Json;
    posts.set(v1.code, { shortcode: v1.code, pk: String(v1.pk), native: 'v1', graphql: v1ToGraphql(v1), v1 });
  }

  const dashReel = fullHdDashReel(loadSample(SAMPLE.v1Reel) as Json);
  posts.set(dashReel.code, { shortcode: dashReel.code, pk: String(dashReel.pk), native: 'v1', graphql: v1ToGraphql(dashReel), v1: dashReel });

  const silent = silentReel(graphqlMediaOf(loadSample(SAMPLE.graphqlReel)) as Json);
  posts.set(silent.shortcode, { shortcode: silent.shortcode, pk: String(silent.id), native: 'graphql', graphql: silent, v1: graphqlToV1(silent) });

  // A collab post (issue 36, fact 9): the owner's image with two co-authors, in both shapes.
  const collab = collabPost(loadSample(SAMPLE.v1Image) as Json, FIXTURE.collab);
  posts.set(collab.v1.code, { shortcode: collab.v1.code, pk: String(collab.v1.pk), native: 'v1', graphql: collab.graphql, v1: collab.v1 });

  for (const code of FIXTURE.fullCarousels) {
    const full = twentyItemCarousel(loadSample(SAMPLE.v1Carousel) as Json, code);
    posts.set(code, { shortcode: code, pk: String(full.pk), native: 'v1', graphql: v1ToGraphql(full), v1: full });
  }

  const web = loadSample(SAMPLE.webProfileInfo) as Json;
  const profiles = new Map<string, ProfileFixture>();
  const addProfile = (p: ProfileFixture) => profiles.set(p.username.toLowerCase(), p);
  addProfile({
    id: '6198223012',
    username: FIXTURE.profileFromSample,
    fullName: web.data.user.full_name,
    isPrivate: false,
    picUrl: web.data.user.profile_pic_url,
    picUrlHd: web.data.user.profile_pic_url_hd,
  });
  addProfile({
    id: '6198223099',
    username: FIXTURE.businessProfile,
    fullName: 'Hold Out Studio',
    isPrivate: false,
    picUrl: web.data.user.profile_pic_url,
    picUrlHd: web.data.user.profile_pic_url_hd,
    business: true,
  });
  for (const post of posts.values()) {
    const owner = post.graphql.owner;
    if (!owner?.username || profiles.has(owner.username)) continue;
    addProfile({ id: String(owner.id), username: owner.username, fullName: owner.full_name ?? '', isPrivate: Boolean(owner.is_private), picUrl: owner.profile_pic_url, picUrlHd: owner.profile_pic_url });
  }

  const tray = loadSample(SAMPLE.storiesTray) as Json;
  const reels = new Map<string, ReelFixture>();
  for (const reel of tray.tray as Json[]) {
    const user = reel.user;
    addProfile({ id: String(user.pk), username: user.username, fullName: user.full_name, isPrivate: user.is_private, picUrl: user.profile_pic_url, picUrlHd: user.profile_pic_url });
    reels.set(String(user.pk), { id: String(user.pk), user, items: reel.items ?? [] });
  }
  const storyReel = reels.get(FIXTURE.storyUserId)!;
  // A highlight: three of the story items, kept as the captured story items (product_type story).
  reels.set(`highlight:${FIXTURE.highlightId}`, { id: `highlight:${FIXTURE.highlightId}`, user: storyReel.user, items: storyReel.items.slice(3) });

  const shares = new Map<string, string>([
    [FIXTURE.shareToPost, `https://www.instagram.com/p/${FIXTURE.carousel}/?igsh=MWQ1ZGUxMzBkMA%3D%3D`],
    [FIXTURE.shareToReel, `/reel/${FIXTURE.v1Reel}/?igsh=NTc4MTIwNjQ2YQ%3D%3D`],
  ]);
  return { posts, profiles, reels, shares, threads: buildThreadsFixtures(), webProfileTemplate: web, usersInfoTemplate: loadSample(SAMPLE.usersInfo) as Json };
}

/**
 * The captured v1 reel made into a 2025–2026 one: its progressive renditions stop at 720×1280 while its DASH
 * manifest gains a 1080×1920 video track (a copy of the 720p Representation with its size, label and file changed).
 */
function fullHdDashReel(sample: Json): Json {
  const reel = structuredClone(sample);
  reel.code = FIXTURE.dashReel;
  reel.pk = shortcodeToPk(FIXTURE.dashReel);
  reel.id = `${reel.pk}_${reel.user.pk}`;
  const [best, ...rest] = reel.video_versions as Json[];
  reel.video_versions = [{ ...best, width: 720, height: 1280, url: String(best!.url).replace('_n.mp4', '_p720_n.mp4') }, ...rest];
  const manifest = String(reel.video_dash_manifest);
  const start = manifest.indexOf('<Representation');
  const end = manifest.indexOf('</Representation>', start) + '</Representation>'.length;
  const fullHd = manifest
    .slice(start, end)
    .replace(/id="\d+vd?"/, 'id="1080000000000001v"')
    .replace('width="720" height="1280"', 'width="1080" height="1920"')
    .replace(/bandwidth="\d+"/, 'bandwidth="2801410"')
    .replace('FBQualityLabel="720w"', 'FBQualityLabel="1080w"')
    .replace('_n.mp4?', '_d1080_n.mp4?');
  reel.video_dash_manifest = manifest.slice(0, start) + fullHd + manifest.slice(start);
  return reel;
}

/** The captured GraphQL reel without its sound: `has_audio` false, its file at a path of its own (the catalog's silent clip). */
function silentReel(sample: Json): Json {
  const reel = structuredClone(sample);
  reel.shortcode = FIXTURE.silentReel;
  reel.id = shortcodeToPk(FIXTURE.silentReel);
  reel.has_audio = false;
  reel.video_url = String(reel.video_url).replace('_n.mp4', '_silent_n.mp4');
  return reel;
}

/** The captured v1 carousel grown to 20 items (its own three, repeated with new ids). */
/** Instagram's collab co-authors as the v1 answers carry them (`coauthor_producers`, instagrapi #629); the names are ours. */
export const COLLAB_COAUTHORS = ['gramsave.partner', 'second.partner'] as const;

function collabPost(sample: Json, code: string): { v1: Json; graphql: Json } {
  const v1 = structuredClone(sample);
  v1.code = code;
  v1.pk = shortcodeToPk(code);
  v1.id = `${v1.pk}_${v1.user.pk}`;
  const producers = COLLAB_COAUTHORS.map((username, i) => ({ pk: `7700000000${i}`, username, full_name: `Partner ${i + 1}`, is_private: false, is_verified: false, profile_pic_url: v1.user.profile_pic_url }));
  // The owner may stand in the list too: it is never its own co-author.
  v1.coauthor_producers = [...producers, { pk: String(v1.user.pk), username: v1.user.username, full_name: v1.user.full_name }];
  const graphql = v1ToGraphql(v1);
  graphql.coauthor_producers = producers.map((p) => ({ id: p.pk, username: p.username, is_verified: false, profile_pic_url: p.profile_pic_url }));
  return { v1, graphql };
}

function twentyItemCarousel(sample: Json, code: string): Json {
  const post = structuredClone(sample);
  post.code = code;
  post.pk = shortcodeToPk(code);
  post.id = `${post.pk}_${post.user.pk}`;
  const items = post.carousel_media as Json[];
  post.carousel_media = Array.from({ length: 20 }, (_, i) => ({ ...structuredClone(items[i % items.length]), id: `${post.pk}${i}_${post.user.pk}`, pk: `${post.pk}${i}` }));
  post.carousel_media_count = 20;
  return post;
}

/** web_profile_info for one profile: the captured answer with this profile's fields. */
export function webProfileAnswer(fixtures: Fixtures, profile: ProfileFixture, isPrivate: boolean): Json {
  const answer = structuredClone(fixtures.webProfileTemplate);
  Object.assign(answer.data.user, {
    id: profile.id,
    username: profile.username,
    full_name: profile.fullName,
    is_private: isPrivate,
    profile_pic_url: profile.picUrl,
    profile_pic_url_hd: profile.picUrlHd,
  });
  if (profile.about) {
    const { biography, posts, followers, following } = profile.about;
    Object.assign(answer.data.user, {
      biography,
      biography_with_entities: { raw_text: biography, entities: [] },
      edge_followed_by: { count: followers },
      edge_follow: { count: following },
    });
    answer.data.user.edge_owner_to_timeline_media.count = posts;
  }
  answer.status = 'ok';
  return answer;
}

/**
 * users/{id}/info for one profile: the captured answer (the anonymous picture, whose sizes share one URL) with this
 * profile's fields, and its own picture at each size the answer states, as Instagram sends a real one: one path,
 * the size in `stp` (s320x320, s640x640).
 */
export function usersInfoAnswer(fixtures: Fixtures, profile: ProfileFixture): Json {
  const answer = structuredClone(fixtures.usersInfoTemplate);
  Object.assign(answer.user, { pk: Number(profile.id), username: profile.username, full_name: profile.fullName });
  const sized = (picture: Json) => {
    const url = new URL(profile.picUrlHd);
    url.searchParams.set('stp', `dst-jpg_s${picture.width}x${picture.height}_tt6`);
    return { ...picture, url: url.href };
  };
  if (answer.user.hd_profile_pic_url_info) answer.user.hd_profile_pic_url_info = sized(answer.user.hd_profile_pic_url_info);
  answer.user.hd_profile_pic_versions = (answer.user.hd_profile_pic_versions ?? []).map(sized);
  return answer;
}
