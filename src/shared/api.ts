/** The HTTP API contract shared by server and client (DESIGN "HTTP API"). No runtime dependencies: the browser loads it. */

export const ERROR_STATUS = {
  invalid_url: 400,
  unsupported: 400,
  /** A share link that leads somewhere other than Instagram. */
  share_offsite: 400,
  bad_request: 400,
  /** An API key that is unknown or malformed (issue 32). */
  unauthorized: 401,
  /** An API key used from an address or user agent it does not allow. */
  forbidden: 403,
  not_found: 404,
  private: 403,
  login_required: 403,
  /** Instagram shows the post only to logged-in adults (its ruling says "Restricted Video"). */
  age_restricted: 403,
  /** Instagram limits who sees the post (region, age or audience: its oEmbed says `geoblock_required`). */
  restricted: 403,
  no_media: 404,
  rate_limited: 429,
  /** Past the anonymous allowance: solve the proof of work (GET /api/v1/challenge, POST /api/v1/session). */
  challenge_required: 429,
  upstream_changed: 502,
  upstream_unavailable: 502,
  expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Who asks a `rate_limited` visitor to wait: Instagram or Threads throttled us, or this instance's own limits or egress queue. */
export type ErrorSource = 'instagram' | 'threads' | 'instance';

export interface ApiErrorBody {
  /** `service`: 'threads' when the link was a Threads one (a text-only thread, a Threads profile word their own message). */
  error: { code: ErrorCode; message: string; fields?: Record<string, string>; source?: ErrorSource; service?: 'threads' };
}

export type ResolutionKind = 'post' | 'reel' | 'igtv' | 'story' | 'highlight' | 'profile';

export interface MediaQuality {
  label: string;
  width: number;
  height: number;
  /** Proxied, inline: this quality for a player or a new tab. */
  mediaUrl: string;
  downloadUrl: string;
  /** A DASH video track joined with the audio track on the fly (no Range, no exact size in advance). */
  muxed?: true;
  /** The saved file's name (shared/file-name.ts): author, post code, item number and this quality. */
  filename: string;
  /** The download's exact size in bytes, as the media server states it (progressive files). */
  bytes?: number;
  /** A joined download's size in bytes, estimated from its tracks' sizes (or the manifest's bitrate × duration). */
  approxBytes?: number;
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
  /** The default download's exact size in bytes, where the media server states it. */
  bytes?: number;
  /** The default download's estimated size, when it is a joined one. */
  approxBytes?: number;
  qualities?: MediaQuality[];
  /** The audio track alone (.m4a), where the source has one. */
  audioUrl?: string;
  audioFilename?: string;
  /** A video Instagram says has no sound: none of its files has any. */
  silent?: true;
}

/** Links in one batch: the page's queue, POST /api/v1/batch and its ZIP token. */
export const MAX_BATCH_LINKS = 20;

/** POST /api/v1/batch: one ZIP across the posts of a batch (one folder per post). */
export interface BatchZip {
  zipUrl: string;
  posts: number;
  files: number;
  /** Posts that failed (now or before), listed in the archive's MISSING.txt. */
  missing: number;
}

export interface Resolution {
  kind: ResolutionKind;
  /** Whose link it was: Instagram's, or Threads' (issue 40). */
  service: 'instagram' | 'threads';
  shortcode?: string;
  /** Canonical instagram.com link, or threads.com's `https://www.threads.com/@user/post/{code}`. */
  sourceUrl: string;
  /** The post's owner; a collab post's other accounts in `coauthors` (file names stay under the owner). */
  author: { username: string; fullName?: string; avatarUrl?: string; coauthors?: { username: string }[] };
  caption?: string;
  takenAt?: string;
  items: MediaItem[];
  zipUrl?: string;
}


/** Per-field reasons in a contact 400's `error.fields` (the client shows its translated text per field). */
export type ContactFieldError = 'required' | 'too_short' | 'too_long' | 'invalid';
export type ContactField = 'name' | 'email' | 'message';
export interface ContactCreated {
  ok: true;
  /** Absent when the submission was dropped as a bot's. */
  id?: number;
}
