/**
 * A looked-up link (RawResolution) as cobalt's answer: one item → `tunnel`, several → `picker` (cobalt's answer
 * shapes, docs/api.md, read 2026-11-26). Every URL is absolute on PUBLIC_ORIGIN and points at our own signed media
 * routes (the proxy, or the DASH join for a joined or muted video), with a query string: cobalt's web app probes a
 * tunnel with `${url}&p=1`. As cobalt does for Instagram, a photo stays a photo and a carousel stays a picker
 * whatever `downloadMode` says; a muted carousel's videos are muted.
 */
import type { FileQuality } from '../../../shared/file-name.ts';
import type { RawMediaItem, RawRendition, RawResolution } from '../../extract/raw.ts';
import { MEDIA_ROUTE, MUX_ROUTE } from '../../media/present.ts';
import { signMediaToken, tokenExpiry } from '../../media/token.ts';
import type { AudioOutput } from '../../media/transcode/audio-transcode.ts';
import { cobaltError, type CobaltError } from './errors.ts';
import { cobaltFileName, type CobaltFileName } from './filenames.ts';
import { pickRendition } from './rendition.ts';
import type { CobaltRequest } from './schema.ts';

export type CobaltAnswer =
  | { status: 'tunnel'; url: string; filename: string }
  | { status: 'picker'; picker: { type: 'photo' | 'video'; url: string; thumb: string }[] };

export interface CobaltAnswerOptions {
  secret: string;
  /** PUBLIC_ORIGIN: where clients reach this instance. */
  origin: string;
  /** This instance has ffmpeg: audioFormat mp3, opus, ogg and wav are made as asked (else the original .m4a). */
  transcodes?: boolean;
  nowSeconds?: number;
}

type Options = Pick<CobaltRequest, 'videoQuality' | 'downloadMode' | 'filenameStyle'> & Partial<Pick<CobaltRequest, 'audioFormat' | 'audioBitrate'>>;

/** Signs the files of one post as absolute links to our routes. */
function signerFor(raw: RawResolution, request: Options, options: CobaltAnswerOptions) {
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const origin = options.origin.replace(/\/+$/, '');
  const post = { author: raw.author.username, ...(raw.shortcode ? { code: raw.shortcode } : {}), kind: raw.kind, ...(raw.takenAt ? { time: new Date(raw.takenAt) } : {}) };
  const service = raw.service ?? 'instagram';
  const nameOf = (item: { index: number; total: number }, rest: Omit<CobaltFileName, 'service' | 'post' | 'item'>) =>
    cobaltFileName(request.filenameStyle, { service, post, item, ...rest });
  const file = (url: string, filename: string, kind: 'video' | 'image' | 'audio') =>
    `${origin}${MEDIA_ROUTE}${signMediaToken(options.secret, { t: 'm', k: kind, u: url, f: filename, e: tokenExpiry([url], now) })}?download=1`;
  // A DASH track with its audio, or (audio absent) a video track alone: a DASH video-only track as it is, a
  // progressive file remuxed without its sound (media/mux.ts).
  const joined = (video: string, audio: string | undefined, filename: string) =>
    `${origin}${MUX_ROUTE}${signMediaToken(options.secret, { t: 'x', u: video, ...(audio ? { a: audio } : {}), f: filename, e: tokenExpiry(audio ? [video, audio] : [video], now) })}?download=1`;
  // The sound of a video file alone, taken out of it (media/mux/audio-only.ts): for videos without a DASH audio track.
  const soundOf = (video: string, filename: string, format?: { o: AudioOutput; b: number }) =>
    `${origin}${MUX_ROUTE}${signMediaToken(options.secret, { t: 'x', k: 'audio', u: video, ...format, f: filename, e: tokenExpiry([video], now) })}?download=1`;
  const thumb = (url: string, filename: string) =>
    `${origin}${MEDIA_ROUTE}${signMediaToken(options.secret, { t: 'm', k: 'image', u: url, f: filename, e: tokenExpiry([url], now) })}`;
  return { nameOf, file, joined, soundOf, thumb };
}

const qualityOf = (item: RawMediaItem, r: RawRendition): FileQuality | undefined =>
  r.width > 0 && r.height > 0 ? { type: item.type, width: r.width, height: r.height } : undefined;

/** One item's file in the request's mode: the picked rendition, muted where asked. */
function itemFile(item: RawMediaItem, position: { index: number; total: number }, request: Options, sign: ReturnType<typeof signerFor>) {
  const rendition = pickRendition(item, request.videoQuality);
  const quality = qualityOf(item, rendition);
  if (item.type === 'image') {
    const filename = sign.nameOf(position, { ...(quality ? { quality } : {}), extension: 'jpg' });
    return { url: sign.file(rendition.url, filename, 'image'), filename };
  }
  const muted = request.downloadMode === 'mute';
  const filename = sign.nameOf(position, { ...(quality ? { quality } : {}), muted, extension: 'mp4' });
  // Muted: the DASH video-only track as it is (the pick itself, or the progressive pick's twin of its size), else
  // the progressive file remuxed without its sound.
  if (muted) return { url: sign.joined(rendition.videoOnly ?? rendition.url, undefined, filename), filename };
  if (rendition.dash) return { url: sign.joined(rendition.url, item.audioUrl, filename), filename };
  return { url: sign.file(rendition.url, filename, 'video'), filename };
}

export function cobaltAnswer(raw: RawResolution, request: Options, options: CobaltAnswerOptions): CobaltAnswer | CobaltError {
  const sign = signerFor(raw, request, options);
  const total = raw.items.length;
  if (total === 0) return cobaltError('fetch.empty');
  if (total > 1) {
    return {
      status: 'picker',
      picker: raw.items.map((item, index) => {
        const position = { index, total };
        const poster = sign.nameOf(position, { quality: item.type === 'video' ? 'poster' : 'preview', extension: 'jpg' });
        return { type: item.type === 'video' ? ('video' as const) : ('photo' as const), url: itemFile(item, position, request, sign).url, thumb: sign.thumb(item.previewUrl, poster) };
      }),
    };
  }
  const item = raw.items[0]!;
  const position = { index: 0, total: 1 };
  if (request.downloadMode === 'audio' && item.type === 'video') {
    // The original AAC track for `best`, or for every format where there is no ffmpeg (README, "cobalt-compatible endpoint").
    // A video Instagram says is silent has none: cobalt's API has no code of its own for that (its "no audio" is
    // its web app's local processing error), so it is fetch.empty, "no media I could download" (read 2026-11-26).
    if (item.silent) return cobaltError('fetch.empty');
    // mp3, opus, ogg, wav: made by ffmpeg from the sound as it is sent (media/transcode/), where there is ffmpeg.
    const format = request.audioFormat;
    if (options.transcodes && format && format !== 'best') {
      const filename = sign.nameOf(position, { quality: 'audio', extension: format });
      return { status: 'tunnel', url: sign.soundOf(item.audioUrl ?? item.url, filename, { o: format, b: Number(request.audioBitrate ?? '128') }), filename };
    }
    const filename = sign.nameOf(position, { quality: 'audio', extension: 'm4a' });
    // The DASH audio track as it is, else the sound taken out of the progressive file.
    return { status: 'tunnel', url: item.audioUrl ? sign.file(item.audioUrl, filename, 'audio') : sign.soundOf(item.url, filename), filename };
  }
  return { status: 'tunnel', ...itemFile(item, position, request, sign) };
}
