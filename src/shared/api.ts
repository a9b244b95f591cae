/** The HTTP API contract shared by server and client (DESIGN "HTTP API"). */
import { z } from 'zod';
import { TOOL_IDS } from './tools.ts';

export const ERROR_STATUS = {
  invalid_url: 400,
  unsupported: 400,
  bad_request: 400,
  not_found: 404,
  private: 403,
  login_required: 403,
  no_media: 404,
  rate_limited: 429,
  upstream_changed: 502,
  upstream_unavailable: 502,
  expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

export type ResolutionKind = 'post' | 'reel' | 'igtv' | 'story' | 'highlight' | 'profile';

export interface MediaQuality {
  label: string;
  width: number;
  height: number;
  downloadUrl: string;
}

export interface MediaItem {
  type: 'image' | 'video';
  width?: number;
  height?: number;
  durationSeconds?: number;
  /** Proxied, inline: poster or thumbnail. */
  previewUrl: string;
  /** Proxied, inline: full quality for <img>/<video> (Range works). */
  mediaUrl: string;
  /** Proxied, attachment with filename. */
  downloadUrl: string;
  filename: string;
  qualities?: MediaQuality[];
  /** The audio track alone (.m4a), where the source has one. */
  audioUrl?: string;
}

export interface Resolution {
  kind: ResolutionKind;
  shortcode?: string;
  /** Canonical instagram.com link. */
  sourceUrl: string;
  author: { username: string; fullName?: string; avatarUrl?: string };
  caption?: string;
  takenAt?: string;
  items: MediaItem[];
  zipUrl?: string;
}

export const MAX_URL_LENGTH = 2048;
export const MAX_RESOLVE_BODY_BYTES = 8 * 1024;

export const resolveRequestSchema = z.object({
  url: z.string().trim().min(1, 'url is required').max(MAX_URL_LENGTH, 'url is too long'),
  tool: z.enum(TOOL_IDS).optional(),
});
export type ResolveRequest = z.infer<typeof resolveRequestSchema>;

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000, minMessage: 10 } as const;
/** Submissions sent sooner than this after the form opened are treated as bots (answered 201, not stored). */
export const CONTACT_MIN_ELAPSED_MS = 3000;

export const contactRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(CONTACT_LIMITS.name)
    .refine((s) => !/\p{Cc}/u.test(s), 'must not contain control characters'),
  email: z.string().trim().max(CONTACT_LIMITS.email).pipe(z.email()),
  message: z.string().trim().min(CONTACT_LIMITS.minMessage).max(CONTACT_LIMITS.message),
  /** Honeypot: people leave it empty. */
  website: z.string().max(500).optional(),
  /** Milliseconds the form was open before sending (performance.now() differences may be fractional). */
  elapsedMs: z.number().nonnegative().optional(),
  /** The page language; recorded when it is one of ours, ignored otherwise. */
  lang: z.string().max(35).optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** Per-field reasons in a contact 400's `error.fields` (the client shows its translated text per field). */
export type ContactFieldError = 'required' | 'too_short' | 'too_long' | 'invalid';
export type ContactField = 'name' | 'email' | 'message';
export interface ContactCreated {
  ok: true;
  /** Absent when the submission was dropped as a bot's. */
  id?: number;
}
