import { describe, expect, it } from 'vitest';
import { graphqlMediaOf, loadSample, SAMPLE, sampleFiles } from '../../../../test/fake-instagram/samples.ts';
import { ExtractError } from '../failure.ts';
import { normalizeGraphql } from './normalize-graphql.ts';
import { normalizeV1 } from '../meta/normalize-v1.ts';
import { profileResolution } from './profile.ts';
import { parseWebProfile, userFromWebProfile } from './users/web-profile-info.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const v1 = (file: string) => loadSample(file) as Json;
const gql = (file: string) => graphqlMediaOf(loadSample(file)) as Json;
const area = (r: { width?: number; height?: number }) => (r.width ?? 0) * (r.height ?? 0);

function expectFailure(fn: () => unknown, kind: string) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ExtractError);
    expect((err as ExtractError).kind).toBe(kind);
    return;
  }
  throw new Error('expected a failure');
}

describe('every sample file is covered', () => {
  it('knows each file in test/fake-instagram/samples', () => {
    expect(sampleFiles().sort()).toEqual(Object.values(SAMPLE).sort());
  });
});

describe('normalizeGraphql over the samples', () => {
  it('image B866lKJgReK: best of display_resources, smaller preview, every quality', () => {
    const r = normalizeGraphql(gql(SAMPLE.graphqlImage), { linkKind: 'post' });
    expect(r.kind).toBe('post');
    expect(r.shortcode).toBe('B866lKJgReK');
    expect(r.sourceUrl).toBe('https://www.instagram.com/p/B866lKJgReK/');
    expect(r.author.username).toBe('instagram');
    expect(r.author.fullName).toBe('Instagram');
    expect(r.author.avatarUrl).toMatch(/^https:\/\/scontent/);
    expect(r.takenAt).toBe(new Date(1582484864 * 1000).toISOString());
    expect(r.items).toHaveLength(1);
    const [item] = r.items;
    expect(item).toMatchObject({ type: 'image', width: 1080, height: 1350 });
    expect(item!.qualities.map((q) => `${q.width}x${q.height}`)).toEqual(['1080x1350', '750x937', '640x800']);
    expect(item!.url).toBe(item!.qualities[0]!.url);
    expect(item!.previewUrl).toBe(item!.qualities[2]!.url);
  });

  it('carousel CAanWEbg_do keeps order image, video, image; kind from the link when product_type is absent', () => {
    const r = normalizeGraphql(gql(SAMPLE.graphqlCarousel), { linkKind: 'post' });
    expect(r.kind).toBe('post');
    expect(r.items.map((i) => i.type)).toEqual(['image', 'video', 'image']);
    expect(r.items[1]).toMatchObject({ width: 750, height: 750 });
    expect(r.items[1]!.url).toMatch(/\.mp4/);
    expect(r.items[1]!.previewUrl).not.toMatch(/\.mp4/);
    expect(r.caption).toContain('Nathalie Nguyen’s');
    expect(normalizeGraphql(gql(SAMPLE.graphqlCarousel), { linkKind: 'reel' }).kind).toBe('reel');
  });

  it('reel CDmDQNtlRYt is a reel whatever the link, with duration', () => {
    const r = normalizeGraphql(gql(SAMPLE.graphqlReel), { linkKind: 'post' });
    expect(r.kind).toBe('reel');
    expect(r.sourceUrl).toBe('https://www.instagram.com/reel/CDmDQNtlRYt/');
    expect(r.items[0]).toMatchObject({ type: 'video', width: 750, height: 1333, durationSeconds: 14.633 });
    expect(r.items[0]!.audioUrl).toBeUndefined(); // no DASH manifest in this capture
  });

  it('IGTV CAOK1qJgfRM is igtv', () => {
    const r = normalizeGraphql(gql(SAMPLE.graphqlIgtv), { linkKind: 'post' });
    expect(r.kind).toBe('igtv');
    expect(r.sourceUrl).toBe('https://www.instagram.com/tv/CAOK1qJgfRM/');
    expect(r.items[0]!.durationSeconds).toBeCloseTo(261.639);
  });

  it('2025 reel DFp17y5MymE keeps unicode in the caption', () => {
    const r = normalizeGraphql(gql(SAMPLE.graphqlReel2025), { linkKind: 'reel' });
    expect(r).toMatchObject({ kind: 'reel', shortcode: 'DFp17y5MymE', author: { username: 'ones_makau', fullName: 'Ones Makau' } });
    expect(r.caption!.startsWith('Living a Serene Country Life ✨')).toBe(true);
    expect(r.items[0]).toMatchObject({ type: 'video', width: 1080, height: 1919 });
  });

  it('accepts the XDT type names', () => {
    const media = gql(SAMPLE.graphqlCarousel);
    media.__typename = 'XDTGraphSidecar';
    for (const edge of media.edge_sidecar_to_children.edges) edge.node.__typename = 'XDT' + edge.node.__typename;
    expect(normalizeGraphql(media, { linkKind: 'post' }).items).toHaveLength(3);
  });

  it('takes the audio track from dash_info when there is one, none when has_audio is false', () => {
    const media = gql(SAMPLE.graphqlReel2025);
    media.dash_info = { video_dash_manifest: v1(SAMPLE.v1Reel).video_dash_manifest };
    const withAudio = normalizeGraphql(media, { linkKind: 'reel' });
    expect(withAudio.items[0]!.audioUrl).toMatch(/52479175_5525947000852701_4415353265525131971_n\.mp4\?_nc_ht=[^&]+&_nc_cat=1/);
    media.has_audio = false;
    expect(normalizeGraphql(media, { linkKind: 'reel' }).items[0]!.audioUrl).toBeUndefined();
    expect(normalizeGraphql(media, { linkKind: 'reel' }).items[0]!.silent).toBe(true);
    expect(withAudio.items[0]!.silent).toBeUndefined();
  });

  it('derived: shuffled display_resources still give the largest', () => {
    const media = gql(SAMPLE.graphqlImage);
    media.display_resources = [media.display_resources[1], media.display_resources[2], media.display_resources[0]];
    const item = normalizeGraphql(media, { linkKind: 'post' }).items[0]!;
    expect(item).toMatchObject({ width: 1080, height: 1350 });
    expect(item.qualities.map(area)).toEqual([...item.qualities.map(area)].sort((a, b) => b - a));
  });

  it('derived: no caption', () => {
    const media = gql(SAMPLE.graphqlImage);
    media.edge_media_to_caption = { edges: [] };
    expect(normalizeGraphql(media, { linkKind: 'post' }).caption).toBeUndefined();
  });

  it('derived: a 10-item carousel keeps its order', () => {
    const media = gql(SAMPLE.graphqlCarousel);
    const edges = media.edge_sidecar_to_children.edges;
    media.edge_sidecar_to_children.edges = Array.from({ length: 10 }, (_, i) => {
      const node = structuredClone(edges[i % 3].node);
      node.display_resources = node.display_resources.map((d: Json) => ({ ...d, src: `${d.src}&n=${i}` }));
      if (node.video_url) node.video_url = `${node.video_url}&n=${i}`;
      return { node };
    });
    const r = normalizeGraphql(media, { linkKind: 'post' });
    expect(r.items).toHaveLength(10);
    expect(r.items.map((i) => new URL(i.url).searchParams.get('n'))).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('GraphQL null is an empty answer; a broken shape is changed; a video without URL is no media', () => {
    expectFailure(() => normalizeGraphql(null, { linkKind: 'post' }), 'empty');
    expectFailure(() => normalizeGraphql({ foo: 1 }, { linkKind: 'post' }), 'changed');
    const media = gql(SAMPLE.graphqlReel);
    delete media.video_url;
    expectFailure(() => normalizeGraphql(media, { linkKind: 'post' }), 'no_media');
  });
});

describe('normalizeV1 over the samples', () => {
  it('image CjoroLDKakw', () => {
    const r = normalizeV1(v1(SAMPLE.v1Image), { linkKind: 'post' });
    expect(r).toMatchObject({ kind: 'post', shortcode: 'CjoroLDKakw', author: { username: 'manchesterunited' } });
    expect(r.caption!.startsWith('🏟💡')).toBe(true);
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({ type: 'image', width: 1080, height: 1350 });
    expect(r.items[0]!.qualities).toHaveLength(2);
  });

  it('reel CjoJvU1oQuH: best video, distinct qualities, audio track from the DASH manifest', () => {
    const r = normalizeV1(v1(SAMPLE.v1Reel), { linkKind: 'post' });
    expect(r.kind).toBe('reel');
    expect(r.author).toMatchObject({ username: 'realmadrid', fullName: 'Real Madrid C.F.' });
    expect(r.caption).toContain('¡Espíritu de equipo!');
    const item = r.items[0]!;
    expect(item).toMatchObject({ type: 'video', width: 1080, height: 1920, durationSeconds: 76.51 });
    // Every distinct size from both sources, best first: progressive 1080p and 480p, the DASH tracks between.
    expect(item.qualities.map((q) => `${q.width}x${q.height}${q.dash ? ' dash' : ''}`)).toEqual([
      '1080x1920',
      '720x1280 dash',
      '696x1238 dash',
      '506x900 dash',
      '480x854',
      '366x650 dash',
      '260x462 dash',
      '240x426 dash',
    ]);
    expect(item.url).toBe(item.qualities[0]!.url);
    expect(item.previewUrl).toMatch(/\.jpg/);
    expect(item.audioUrl).toContain('52479175_5525947000852701_4415353265525131971_n.mp4');
    expect(item.audioUrl).not.toContain('&amp;');
  });

  it('carousel Cji5EVwNDcC keeps order image, video, video, video', () => {
    const r = normalizeV1(v1(SAMPLE.v1Carousel), { linkKind: 'post' });
    expect(r.kind).toBe('post');
    expect(r.items.map((i) => i.type)).toEqual(['image', 'video', 'video', 'video']);
    expect(r.items[1]).toMatchObject({ width: 720, height: 900 });
    expect(r.items[1]!.audioUrl).toBeDefined();
  });

  it('story items of the reels tray, with the author from the reel', () => {
    const tray = v1(SAMPLE.storiesTray).tray[0];
    const author = { username: tray.user.username, fullName: tray.user.full_name };
    const kinds = tray.items.map((item: Json) => {
      const r = normalizeV1(item, { linkKind: 'story', author, sourceUrl: 'https://www.instagram.com/stories/manchesterunited/' });
      expect(r.kind).toBe('story');
      expect(r.shortcode).toBeUndefined();
      expect(r.author.username).toBe('manchesterunited');
      return r.items[0]!.type;
    });
    expect(kinds).toEqual(['image', 'image', 'image', 'image', 'video', 'video']);
    const video = normalizeV1(tray.items[4], { linkKind: 'highlight', author });
    expect(video.kind).toBe('highlight');
    expect(video.items[0]).toMatchObject({ width: 1080, height: 1920 });
    expect(video.items[0]!.audioUrl).toBeDefined();
  });

  it('derived: shuffled candidates and video_versions still give the largest; ties keep the first', () => {
    const media = v1(SAMPLE.v1Reel);
    media.video_versions = [media.video_versions[2], media.video_versions[0], media.video_versions[1]];
    const item = normalizeV1(media, { linkKind: 'reel' }).items[0]!;
    expect(item).toMatchObject({ width: 1080, height: 1920 });
    // 480x854 appears twice: the first listed of the two is kept.
    expect(item.qualities.find((q) => q.width === 480)!.url).toBe(media.video_versions[0].url);
    const image = v1(SAMPLE.v1Image);
    image.image_versions2.candidates.reverse();
    expect(normalizeV1(image, { linkKind: 'post' }).items[0]).toMatchObject({ width: 1080, height: 1350 });
  });

  it('derived: no caption (null)', () => {
    const media = v1(SAMPLE.v1Image);
    media.caption = null;
    expect(normalizeV1(media, { linkKind: 'post' }).caption).toBeUndefined();
  });

  it('derived: a 10-item carousel keeps its order', () => {
    const media = v1(SAMPLE.v1Carousel);
    const children = media.carousel_media;
    media.carousel_media = Array.from({ length: 10 }, (_, i) => {
      const child = structuredClone(children[i % 4]);
      for (const c of child.image_versions2.candidates) c.url += `&n=${i}`;
      for (const v of child.video_versions ?? []) v.url += `&n=${i}`;
      return child;
    });
    const r = normalizeV1(media, { linkKind: 'post' });
    expect(r.items.map((i) => new URL(i.url).searchParams.get('n'))).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('derived: a DASH track larger than every progressive rendition becomes the best quality; playback stays progressive', () => {
    const media = v1(SAMPLE.v1Reel);
    media.video_versions = media.video_versions.filter((v: Json) => v.width < 1080);
    media.video_dash_manifest = String(media.video_dash_manifest).replace('width="720" height="1280"', 'width="1080" height="1920"');
    const item = normalizeV1(media, { linkKind: 'reel' }).items[0]!;
    expect(item.qualities[0]).toMatchObject({ width: 1080, height: 1920, dash: true });
    expect(item.qualities[0]!.url).not.toContain('&amp;');
    expect(item.url).toBe(media.video_versions[0].url);
    expect(item.audioUrl).toBeDefined();
  });

  it('derived: a video without audio has no audioUrl', () => {
    const media = v1(SAMPLE.v1Reel);
    media.has_audio = false;
    expect(normalizeV1(media, { linkKind: 'reel' }).items[0]!.audioUrl).toBeUndefined();
    expect(normalizeV1(media, { linkKind: 'reel' }).items[0]!.silent).toBe(true);
    const silent = v1(SAMPLE.v1Reel);
    silent.video_dash_manifest = silent.video_dash_manifest.replace(/<AdaptationSet(?:(?!<\/AdaptationSet>)[\s\S])*audio\/mp4[\s\S]*?<\/AdaptationSet>/, '');
    expect(silent.video_dash_manifest).not.toContain('audio/mp4');
    expect(normalizeV1(silent, { linkKind: 'reel' }).items[0]!.audioUrl).toBeUndefined();
    // No audio track in the manifest says nothing of the progressive file's sound.
    expect(normalizeV1(silent, { linkKind: 'reel' }).items[0]!.silent).toBeUndefined();
  });

  it('derived: an absurd taken_at drops the time instead of failing the post', () => {
    for (const takenAt of [1e20, -1e20]) {
      const media = v1(SAMPLE.v1Image);
      media.taken_at = takenAt;
      expect(normalizeV1(media, { linkKind: 'post' }).takenAt).toBeUndefined();
      const graph = gql(SAMPLE.graphqlImage);
      graph.taken_at_timestamp = takenAt;
      expect(normalizeGraphql(graph, { linkKind: 'post' }).takenAt).toBeUndefined();
    }
  });

  it('null is an empty answer (not evidence the post is gone); a broken shape is changed', () => {
    expectFailure(() => normalizeV1(null, { linkKind: 'post' }), 'empty');
    expectFailure(() => normalizeV1({ media_type: 'x' }, { linkKind: 'post' }), 'changed');
    expectFailure(() => normalizeV1({ media_type: 8, carousel_media: [], user: { username: 'a' } }, { linkKind: 'post' }), 'no_media');
  });
});

describe('profile samples', () => {
  it('web_profile_info gives the 320 picture; users/{id}/info adds the full size', () => {
    const web = v1(SAMPLE.webProfileInfo);
    web.data.user.username = 'giovanni';
    web.data.user.id = '1';
    const user = userFromWebProfile(parseWebProfile(web, 'giovanni'));
    const r = profileResolution(user, 'giovanni');
    expect(r.kind).toBe('profile');
    expect(r.author).toMatchObject({ username: 'giovanni', fullName: 'Giovanni Ricardo' });
    expect(r.items[0]!.url).toContain('s320x320');
    const info = v1(SAMPLE.usersInfo);
    const hd = profileResolution(user, 'giovanni', info);
    // hd_profile_pic_url_info is 150×150 in this capture, hd_profile_pic_versions go to 640×640: the largest wins.
    expect(hd.items[0]).toMatchObject({ width: 640, height: 640 });
    expect(hd.items[0]!.qualities.map((q) => q.width)).toEqual([640, 320, 150]);
  });
});
