/**
 * The body of cobalt's `POST /` (cobalt's docs/api.md and api/src/processing/schema.js, read 2026-11-26): every key
 * optional but `url`, strict (an unknown key is refused), at most 1024 bytes. The YouTube, TikTok and Twitter keys
 * are accepted and ignored: cobalt's own clients send them whatever the link.
 */
import { z } from 'zod';
import { MAX_URL_LENGTH } from '../../../shared/api-schemas.ts';

/** cobalt reads at most this much JSON (express.json({ limit: 1024 })). */
export const MAX_COBALT_BODY_BYTES = 1024;

export const VIDEO_QUALITIES = ['max', '4320', '2160', '1440', '1080', '720', '480', '360', '240', '144'] as const;
export const AUDIO_FORMATS = ['best', 'mp3', 'ogg', 'wav', 'opus'] as const;
export const AUDIO_BITRATES = ['320', '256', '128', '96', '64', '8'] as const;
export const DOWNLOAD_MODES = ['auto', 'audio', 'mute'] as const;
export const FILENAME_STYLES = ['classic', 'pretty', 'basic', 'nerdy'] as const;
export const LOCAL_PROCESSING = ['disabled', 'preferred', 'forced'] as const;

const languageCode = z
  .string()
  .min(2)
  .max(8)
  .regex(/^[0-9a-zA-Z-]+$/);

export const cobaltRequestSchema = z
  .object({
    url: z.string().min(1).max(MAX_URL_LENGTH),
    videoQuality: z.enum(VIDEO_QUALITIES).default('1080'),
    audioFormat: z.enum(AUDIO_FORMATS).default('mp3'),
    audioBitrate: z.enum(AUDIO_BITRATES).default('128'),
    downloadMode: z.enum(DOWNLOAD_MODES).default('auto'),
    filenameStyle: z.enum(FILENAME_STYLES).default('basic'),
    // cobalt still takes the boolean of its older clients (true = preferred).
    localProcessing: z
      .union([z.enum(LOCAL_PROCESSING), z.boolean().transform((on) => (on ? 'preferred' : 'disabled'))])
      .default('disabled'),
    disableMetadata: z.boolean().default(false),
    alwaysProxy: z.boolean().default(false),
    subtitleLang: languageCode.optional(),
    // Other services' keys: accepted, validated as cobalt does, ignored.
    youtubeVideoCodec: z.enum(['h264', 'av1', 'vp9']).optional(),
    youtubeVideoContainer: z.enum(['auto', 'mp4', 'webm', 'mkv']).optional(),
    youtubeDubLang: languageCode.optional(),
    youtubeHLS: z.boolean().optional(),
    youtubeBetterAudio: z.boolean().optional(),
    allowH265: z.boolean().optional(),
    tiktokFullAudio: z.boolean().optional(),
    convertGif: z.boolean().optional(),
  })
  .strict();

export type CobaltRequest = z.infer<typeof cobaltRequestSchema>;
export type VideoQuality = CobaltRequest['videoQuality'];
export type DownloadMode = CobaltRequest['downloadMode'];
export type FilenameStyle = CobaltRequest['filenameStyle'];

/** The parsed request, or the cobalt error code that refuses it (`link.missing` before any other check, as cobalt). */
export function parseCobaltRequest(body: unknown): { ok: true; request: CobaltRequest } | { ok: false; code: 'link.missing' | 'invalid_body' } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, code: 'invalid_body' };
  const url = (body as { url?: unknown }).url;
  if (url === undefined || url === null || url === '' || url === false || url === 0) return { ok: false, code: 'link.missing' };
  const parsed = cobaltRequestSchema.safeParse(body);
  return parsed.success ? { ok: true, request: parsed.data } : { ok: false, code: 'invalid_body' };
}
