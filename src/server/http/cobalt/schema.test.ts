/** cobalt's request schema: every key, every enum's edges, cobalt's defaults, unknown keys, and what link.missing is. */
import { describe, expect, it } from 'vitest';
import { AUDIO_BITRATES, AUDIO_FORMATS, DOWNLOAD_MODES, FILENAME_STYLES, LOCAL_PROCESSING, parseCobaltRequest, VIDEO_QUALITIES } from './schema.ts';

const url = 'https://www.instagram.com/p/B866lKJgReK/';
const parse = (body: unknown) => parseCobaltRequest(body);

describe('cobalt request schema', () => {
  it('fills cobalt’s defaults', () => {
    expect(parse({ url })).toEqual({
      ok: true,
      request: { url, videoQuality: '1080', audioFormat: 'mp3', audioBitrate: '128', downloadMode: 'auto', filenameStyle: 'basic', localProcessing: 'disabled', disableMetadata: false, alwaysProxy: false },
    });
  });

  it.each([
    ['videoQuality', VIDEO_QUALITIES, ['1081', 1080, 'MAX', '']],
    ['audioFormat', AUDIO_FORMATS, ['flac', 'MP3']],
    ['audioBitrate', AUDIO_BITRATES, ['192', 128]],
    ['downloadMode', DOWNLOAD_MODES, ['video', 'Audio']],
    ['filenameStyle', FILENAME_STYLES, ['fancy']],
    ['localProcessing', LOCAL_PROCESSING, ['always', 1]],
    ['youtubeVideoCodec', ['h264', 'av1', 'vp9'], ['h265']],
    ['youtubeVideoContainer', ['auto', 'mp4', 'webm', 'mkv'], ['avi']],
  ] as const)('%s takes exactly its values', (key, good, bad) => {
    expect(good.length).toBeGreaterThan(0);
    for (const value of good) expect(parse({ url, [key]: value }), `${key}=${value}`).toMatchObject({ ok: true });
    for (const value of bad) expect(parse({ url, [key]: value }), `${key}=${value}`).toEqual({ ok: false, code: 'invalid_body' });
  });

  it('takes the booleans, and the old boolean localProcessing', () => {
    for (const key of ['disableMetadata', 'alwaysProxy', 'youtubeHLS', 'youtubeBetterAudio', 'allowH265', 'tiktokFullAudio', 'convertGif']) {
      expect(parse({ url, [key]: true }), key).toMatchObject({ ok: true });
      expect(parse({ url, [key]: 'true' }), key).toEqual({ ok: false, code: 'invalid_body' });
    }
    expect(parse({ url, localProcessing: true })).toMatchObject({ ok: true, request: { localProcessing: 'preferred' } });
    expect(parse({ url, localProcessing: false })).toMatchObject({ ok: true, request: { localProcessing: 'disabled' } });
  });

  it('language codes: 2 to 8 letters, digits and dashes', () => {
    for (const key of ['subtitleLang', 'youtubeDubLang']) {
      for (const value of ['en', 'pt-BR', 'original', 'none']) expect(parse({ url, [key]: value }), value).toMatchObject({ ok: true });
      for (const value of ['e', 'toolonglang', 'en_US', 'en!', 5]) expect(parse({ url, [key]: value }), String(value)).toEqual({ ok: false, code: 'invalid_body' });
    }
  });

  it('refuses unknown keys and non-objects; a missing or empty url is link.missing first', () => {
    expect(parse({ url, tool: 'photo' })).toEqual({ ok: false, code: 'invalid_body' });
    expect(parse({ url, isAudioOnly: true })).toEqual({ ok: false, code: 'invalid_body' });
    for (const body of [null, [url], 'x', 3]) expect(parse(body)).toEqual({ ok: false, code: 'invalid_body' });
    expect(parse({})).toEqual({ ok: false, code: 'link.missing' });
    expect(parse({ url: '', unknown: 1 })).toEqual({ ok: false, code: 'link.missing' });
    expect(parse({ url: 42 })).toEqual({ ok: false, code: 'invalid_body' });
    expect(parse({ url: 'x'.repeat(2049) })).toEqual({ ok: false, code: 'invalid_body' });
  });
});
