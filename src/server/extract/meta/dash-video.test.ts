import { describe, expect, it } from 'vitest';
import { loadSample, SAMPLE } from '../../../../test/fake-instagram/samples.ts';
import { dashAudioBandwidth, dashVideoTracks, manifestSeconds, withDashQualities } from './dash-video.ts';

const manifest = (loadSample(SAMPLE.v1Reel) as { video_dash_manifest: string }).video_dash_manifest;

describe('dashVideoTracks', () => {
  it('reads every video Representation of a captured manifest: size, bandwidth, codecs, decoded BaseURL', () => {
    const tracks = dashVideoTracks(manifest);
    expect(tracks.map((t) => `${t.width}x${t.height}`)).toEqual(['720x1280', '240x426', '260x462', '366x650', '506x900', '696x1238']);
    expect(tracks[0]).toMatchObject({ bandwidth: 1401410, codecs: 'avc1.64001F' });
    expect(tracks[0]!.url).toMatch(/^https:\/\/scontent-mrs2-2\.cdninstagram\.com\/v\/t50\.2886-16\/10000000_193593173077617_3040203049497434187_n\.mp4\?_nc_ht=[^&]+&_nc_cat=1&/);
    expect(tracks.some((t) => t.url.includes('&amp;'))).toBe(false);
  });

  it('leaves out the audio track, and Representations without a size or an http(s) BaseURL', () => {
    const odd = [
      '<MPD><AdaptationSet mimeType="video/mp4">',
      '<Representation width="1080" height="1920"><BaseURL>https://a/ok.mp4</BaseURL></Representation>',
      '<Representation height="1920"><BaseURL>https://a/no-width.mp4</BaseURL></Representation>',
      '<Representation width="0" height="1920"><BaseURL>https://a/zero.mp4</BaseURL></Representation>',
      '<Representation width="720" height="1280"><BaseURL>javascript:alert(1)</BaseURL></Representation>',
      '<Representation width="720" height="1280"></Representation>',
      '</AdaptationSet><AdaptationSet><Representation mimeType="audio/mp4"><BaseURL>https://a/a.mp4</BaseURL></Representation></AdaptationSet></MPD>',
    ].join('');
    expect(dashVideoTracks(odd).map((t) => t.url)).toEqual(['https://a/ok.mp4']);
    expect(dashVideoTracks(null)).toEqual([]);
    expect(dashVideoTracks('not xml at all')).toEqual([]);
  });

  it('stays linear on hostile input: unclosed tags and attribute floods finish in one pass', () => {
    // Quadratic scanning of 200 000 open tags would take minutes; the test's own timeout is the guard.
    const unclosed = `<MPD><AdaptationSet mimeType="video/mp4">${'<Representation width="1" height="1" '.repeat(200_000)}</AdaptationSet>`;
    expect(dashVideoTracks(unclosed)).toEqual([]);
    const flood = `<MPD><AdaptationSet>${'<Representation mimeType="video/mp4" width="9" height="9"><BaseURL>https://a/x.mp4</BaseURL></Representation>'.repeat(20_000)}</AdaptationSet></MPD>`;
    expect(dashVideoTracks(flood)).toHaveLength(20_000);
  });
});

describe('withDashQualities', () => {
  it('keeps a progressive rendition over a DASH track of the same size, and marks DASH tracks', () => {
    const merged = withDashQualities([{ url: 'https://p/720.mp4', width: 720, height: 1280 }], manifest);
    // …with the DASH track of its size as its picture alone.
    expect(merged[0]).toEqual({ url: 'https://p/720.mp4', width: 720, height: 1280, videoOnly: dashVideoTracks(manifest)[0]!.url });
    expect(merged.slice(1).some((q) => 'videoOnly' in q)).toBe(false);
    expect(merged.slice(1).every((q) => q.dash === true)).toBe(true);
    expect(withDashQualities([{ url: 'https://p/1.mp4', width: 1, height: 1 }], undefined)).toEqual([{ url: 'https://p/1.mp4', width: 1, height: 1 }]);
  });
});

describe('the estimated size of a joined download', () => {
  it('is (video + audio bitrate) × the manifest duration, from the captured manifest', () => {
    expect(manifestSeconds(manifest)).toBeCloseTo(76.46, 3);
    expect(dashAudioBandwidth(manifest)).toBe(53547);
    const merged = withDashQualities([{ url: 'https://p/720.mp4', width: 720, height: 1280 }], manifest);
    // 240×426: (131 522 + 53 547) bit/s × 76.46 s ÷ 8.
    expect(merged.find((q) => q.width === 240)!.approxBytes).toBe(Math.round(((131522 + 53547) * 76.46) / 8));
    // A progressive rendition states no size: none is made up.
    expect(merged[0]!.approxBytes).toBeUndefined();
  });

  it('is left out when the manifest states no duration or no bitrate', () => {
    const noDuration = '<MPD><AdaptationSet><Representation mimeType="video/mp4" width="9" height="9" bandwidth="1000"><BaseURL>https://a/x.mp4</BaseURL></Representation></AdaptationSet></MPD>';
    expect(withDashQualities([], noDuration)[0]!.approxBytes).toBeUndefined();
    const noBandwidth = '<MPD mediaPresentationDuration="PT10S"><AdaptationSet><Representation mimeType="video/mp4" width="9" height="9"><BaseURL>https://a/x.mp4</BaseURL></Representation></AdaptationSet></MPD>';
    expect(withDashQualities([], noBandwidth)[0]!.approxBytes).toBeUndefined();
  });

  it('reads durations in hours, minutes and seconds, and refuses other forms', () => {
    expect(manifestSeconds('<MPD mediaPresentationDuration="PT1H2M3.5S">')).toBe(3723.5);
    expect(manifestSeconds('<MPD mediaPresentationDuration="PT0H0M10.539S">')).toBeCloseTo(10.539, 6);
    expect(manifestSeconds('<MPD mediaPresentationDuration="P1D">')).toBe(0);
    expect(manifestSeconds('<MPD mediaPresentationDuration="PT-5S">')).toBe(0);
    expect(manifestSeconds('no manifest')).toBe(0);
  });
});
