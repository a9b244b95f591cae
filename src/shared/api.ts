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

export const contactRequestSchema = z.object({
  name: z.string().trim().min(1).max(CONTACT_LIMITS.name),
  email: z.email().max(CONTACT_LIMITS.email),
  message: z.string().trim().min(CONTACT_LIMITS.minMessage).max(CONTACT_LIMITS.message),
  /** Honeypot: people leave it empty. */
  website: z.string().max(500).optional(),
  /** Milliseconds the form was open before sending. */
  elapsedMs: z.number().int().nonnegative().optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
