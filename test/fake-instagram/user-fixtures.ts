/**
 * The profile view's content in the fake (issue 30), derived from the captured samples: the story user's reel made
 * current (its items taken in the last hours, as a live reel is), two highlight albums, 30 feed posts (the captured
 * image, carousel and reel, new codes) and a private account. Kept apart from `fixtures.posts`, which the
 * post-lookup tests walk whole.
 */
import { shortcodeToPk } from '../../src/shared/shortcode.ts';
import { FIXTURE, type Fixtures, type PostFixture, type ProfileFixture } from './fixtures.ts';
import { v1ToGraphql } from './convert.ts';
import { loadSample, SAMPLE } from './samples.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const PROFILE_FIXTURE = {
  /** The demo's profile: current stories, two highlight albums, 30 posts over three pages. */
  user: FIXTURE.storyUser,
  userId: FIXTURE.storyUserId,
  highlights: [
    { id: FIXTURE.highlightId, title: 'Matchday' },
    { id: '17890000000000002', title: 'Training' },
  ],
  postCount: 30,
  /** A feed page's default size (the web app asks for 12). */
  pageSize: 12,
  privateUser: 'closed.doors',
  privateUserId: '5550000001',
  /** Its bio and counts, as web_profile_info gives them (fixtures.ts ProfileFixture.about). */
  about: { biography: 'The official account of the club.\nGlory, glory.', posts: 30, followers: 65_432_100, following: 12 },
} as const;

export interface UserFeedFixtures {
  /** By user id: the feed, newest first. */
  feeds: Map<string, Json[]>;
  /** By user id: the highlight tray. */
  trays: Map<string, Json[]>;
}

/** Feed post codes of the demo profile, newest first. */
export const feedCode = (index: number) => `MUFEED${String(index).padStart(2, '0')}`;

/** Add the profile view's content to the fake's fixtures (reels, profiles, posts by pk) and return the feeds and trays. */
export function installUserFixtures(fixtures: Fixtures, postsByPk: Map<string, PostFixture>, nowMs = Date.now()): UserFeedFixtures {
  const reel = fixtures.reels.get(PROFILE_FIXTURE.userId)!;
  const now = Math.floor(nowMs / 1000);
  // A live reel holds what was posted in the last 24 hours.
  reel.items.forEach((item, index) => {
    item.taken_at = now - (reel.items.length - index) * 1800;
    item.expiring_at = item.taken_at + 24 * 3600;
  });
  const [first, second] = PROFILE_FIXTURE.highlights;
  fixtures.reels.set(`highlight:${second.id}`, { id: `highlight:${second.id}`, user: reel.user, items: reel.items.slice(0, 3) });
  const tray = [first, second].map((album, position) => {
    const items = fixtures.reels.get(`highlight:${album.id}`)!.items;
    const cover = items[0]!.image_versions2.candidates.at(-1);
    return {
      id: `highlight:${album.id}`,
      strong_id__: `highlight:${album.id}`,
      latest_reel_media: items.at(-1)!.taken_at,
      reel_type: 'highlight_reel',
      cover_media: { cropped_image_version: { width: 150, height: 150, url: cover.url, scans_profile: '' }, crop_rect: [0, 0.21, 1, 0.77], media_id: items[0]!.id, full_image_version: null, upload_id: null },
      user: { pk: reel.user.pk, pk_id: String(reel.user.pk), username: reel.user.username, profile_pic_url: reel.user.profile_pic_url },
      ranked_position: position + 1,
      seen_ranked_position: position + 1,
      title: album.title,
      created_at: items[0]!.taken_at,
      media_count: items.length,
      media_ids: items.map((item) => String(item.pk)),
      prefetch_count: 0,
      highlight_type: 'user_highlight',
    };
  });

  const samples = [SAMPLE.v1Image, SAMPLE.v1Carousel, SAMPLE.v1Reel].map((file) => loadSample(file) as Json);
  const feed = Array.from({ length: PROFILE_FIXTURE.postCount }, (_, index) => {
    const post = structuredClone(samples[index % samples.length]!);
    post.code = feedCode(index);
    post.pk = shortcodeToPk(post.code);
    post.id = `${post.pk}_${reel.user.pk}`;
    post.taken_at = now - (index + 1) * 86_400;
    post.user = { ...post.user, pk: reel.user.pk, pk_id: String(reel.user.pk), username: reel.user.username, full_name: reel.user.full_name, profile_pic_url: reel.user.profile_pic_url, is_private: false };
    if (Array.isArray(post.carousel_media)) {
      post.carousel_media = post.carousel_media.map((child: Json, i: number) => ({ ...child, id: `${post.pk}${i}_${reel.user.pk}`, pk: `${post.pk}${i}` }));
    }
    postsByPk.set(String(post.pk), { shortcode: post.code, pk: String(post.pk), native: 'v1', v1: post, graphql: v1ToGraphql(post) });
    return post;
  });

  const profile = fixtures.profiles.get(PROFILE_FIXTURE.user)!;
  profile.about = { ...PROFILE_FIXTURE.about };

  const closed: ProfileFixture = {
    id: PROFILE_FIXTURE.privateUserId,
    username: PROFILE_FIXTURE.privateUser,
    fullName: 'Closed Doors',
    isPrivate: true,
    picUrl: reel.user.profile_pic_url,
    picUrlHd: reel.user.profile_pic_url,
  };
  fixtures.profiles.set(closed.username, closed);
  return { feeds: new Map([[PROFILE_FIXTURE.userId, feed]]), trays: new Map([[PROFILE_FIXTURE.userId, tray]]) };
}
