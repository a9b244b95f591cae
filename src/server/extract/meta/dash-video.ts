/**
 * The video tracks of a DASH manifest: every video Representation with its size, bandwidth, codecs and
 * BaseURL (entities decoded). Instagram's on-demand manifests list video-only tracks up to 1080p (or more)
 * where the progressive `video_versions` often stop at 720p. Scanned with indexOf and bounded attribute
 * reads, so the work stays linear in the manifest's length whatever it holds.
 */
import type { RawRendition } from '../raw.ts';
import { adaptationSets, decodeXmlEntities, rankRenditions } from './renditions.ts';

export interface DashVideoTrack {
  url: string;
  width: number;
  height: number;
  bandwidth: number;
  codecs: string;
}

const OPEN = '<Representation';
const CLOSE = '</Representation>';

/** The value of `name="…"` in one start tag (no regex backtracking across the document). */
function attribute(tag: string, name: string): string | undefined {
  const key = ` ${name}="`;
  const at = tag.indexOf(key);
  if (at < 0) return undefined;
  const start = at + key.length;
  const end = tag.indexOf('"', start);
  return end < 0 ? undefined : tag.slice(start, end);
}

function positive(value: string | undefined): number {
  const n = value && /^\d{1,9}$/.test(value) ? Number(value) : 0;
  return n > 0 ? n : 0;
}

function* representations(set: string): Generator<{ tag: string; body: string }> {
  for (let from = 0; ; ) {
    const start = set.indexOf(OPEN, from);
    if (start < 0) return;
    const tagEnd = set.indexOf('>', start);
    if (tagEnd < 0) return;
    const end = set.indexOf(CLOSE, tagEnd);
    if (end < 0) return;
    yield { tag: set.slice(start, tagEnd + 1), body: set.slice(tagEnd + 1, end) };
    from = end + CLOSE.length;
  }
}

function baseUrl(body: string): string | undefined {
  const open = body.indexOf('<BaseURL');
  if (open < 0) return undefined;
  const start = body.indexOf('>', open);
  const end = body.indexOf('</BaseURL>', start);
  if (start < 0 || end < 0) return undefined;
  const url = decodeXmlEntities(body.slice(start + 1, end).trim());
  return /^https?:\/\//i.test(url) ? url : undefined;
}

/** Every video track of the manifest with a usable size and URL, in manifest order. */
export function dashVideoTracks(manifest: string | null | undefined): DashVideoTrack[] {
  if (!manifest) return [];
  const tracks: DashVideoTrack[] = [];
  for (const set of adaptationSets(manifest)) {
    const setTag = set.slice(0, set.indexOf('>') + 1);
    const setIsVideo = attribute(setTag, 'mimeType')?.startsWith('video/') || attribute(setTag, 'contentType') === 'video';
    for (const { tag, body } of representations(set)) {
      const mime = attribute(tag, 'mimeType');
      if (!(mime ? mime.startsWith('video/') : setIsVideo)) continue;
      const width = positive(attribute(tag, 'width'));
      const height = positive(attribute(tag, 'height'));
      const url = baseUrl(body);
      if (!width || !height || !url) continue;
      tracks.push({ url, width, height, bandwidth: positive(attribute(tag, 'bandwidth')), codecs: attribute(tag, 'codecs') ?? '' });
    }
  }
  return tracks;
}

/** `mediaPresentationDuration="PT1H2M3.5S"` in seconds; 0 when absent or not in that form. */
export function manifestSeconds(manifest: string): number {
  const head = manifest.slice(0, manifest.indexOf('>', manifest.indexOf('<MPD')) + 1);
  const value = attribute(head, 'mediaPresentationDuration');
  const match = value && /^PT(?:(\d{1,4})H)?(?:(\d{1,4})M)?(?:(\d{1,6}(?:\.\d{1,6})?)S)?$/.exec(value);
  if (!match) return 0;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

/** The bandwidth of the first audio Representation, in bits per second; 0 when there is none. */
export function dashAudioBandwidth(manifest: string): number {
  for (const set of adaptationSets(manifest)) {
    const setTag = set.slice(0, set.indexOf('>') + 1);
    const setIsAudio = attribute(setTag, 'mimeType')?.startsWith('audio/') || attribute(setTag, 'contentType') === 'audio';
    for (const { tag } of representations(set)) {
      const mime = attribute(tag, 'mimeType');
      if (mime ? mime.startsWith('audio/') : setIsAudio) return positive(attribute(tag, 'bandwidth'));
    }
  }
  return 0;
}

/**
 * The progressive renditions and the manifest's video tracks as one list, every distinct size once, best
 * first. A progressive rendition wins a tie (it carries its audio, nothing to join; the DASH track's URL stays
 * with it as `videoOnly`); a DASH track is marked `dash` so that its download joins it with the item's audio
 * track. A DASH track's size is estimated from its bitrate (plus the audio's) and the manifest's duration: the
 * only size known before a download.
 */
export function withDashQualities(progressive: RawRendition[], manifest: string | null | undefined): RawRendition[] {
  const tracks = dashVideoTracks(manifest);
  if (!manifest || tracks.length === 0) return progressive;
  const seconds = manifestSeconds(manifest);
  const audio = dashAudioBandwidth(manifest);
  const joined = tracks.map((t): RawRendition => {
    const bytes = Math.round(((t.bandwidth + audio) * seconds) / 8);
    return { url: t.url, width: t.width, height: t.height, dash: true, ...(t.bandwidth && bytes > 0 ? { approxBytes: bytes } : {}) };
  });
  // A progressive rendition that won a tie keeps its twin's URL: a muted download is then the track as it is.
  const twins = new Map(tracks.map((t) => [`${t.width}x${t.height}`, t.url]));
  return rankRenditions([...progressive, ...joined]).map((r) => {
    const twin = r.dash ? undefined : twins.get(`${r.width}x${r.height}`);
    return twin ? { ...r, videoOnly: twin } : r;
  });
}
