/**
 * Media tokens: stateless, base64url JSON payload + HMAC-SHA256, verified in constant time.
 * Any instance holding the same DOWNLOAD_SECRET accepts any other's tokens.
 * Expiry follows the CDN URL's own `oe` (hex unix seconds) and is capped.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { MAX_BATCH_LINKS } from '../../shared/api.ts';
import { MAX_URL_LENGTH } from '../../shared/api-schemas.ts';
import { MAX_PICKED_ITEMS } from '../../shared/profile-api.ts';
import { TOOL_IDS } from '../../shared/tools.ts';
import { ApiError } from '../errors/api-error.ts';
import { cdnExpiry } from '../extract/cdn-expiry.ts';

export const MAX_TOKEN_LIFETIME_SECONDS = 6 * 60 * 60;
const CLOCK_SKEW_SECONDS = 60;
/** Longest token verify accepts (and the most items a ZIP token holds): present.ts offers no ZIP beyond them. */
export const MAX_TOKEN_LENGTH = 16_384;
export const MAX_ZIP_ITEMS = 50;
/**
 * A payload whose plain body would pass 8 KB (a ZIP of up to 20 CDN URLs of 600+ characters each) is
 * deflated so the URL stays short enough for proxies; such a body starts with this marker (plain JSON
 * bodies always start with `eyJ`). Shorter ones stay plain JSON, readable when debugging.
 */
const DEFLATED = '_';
const PLAIN_BODY_MAX = 8 * 1024;

const fileSchema = z.object({ u: z.string().url().max(4096), f: z.string().min(1).max(200) });
/** A ZIP entry: one file, or (x) a DASH video track joined with the audio track `a` when there is one. */
const entrySchema = fileSchema.extend({ x: z.literal(1).optional(), a: z.string().url().max(4096).optional() });

/** Posts in one batch ZIP (the page's batch takes 20 links), and files in it at most. */
export const MAX_BATCH_POSTS = MAX_BATCH_LINKS;
export const MAX_BATCH_FILES = 200;
const batchLinkSchema = z.object({ u: z.string().min(1).max(MAX_URL_LENGTH), k: z.enum(TOOL_IDS).optional() });

const instagramId = z.string().regex(/^\d{1,30}$/);
const pickList = <T extends z.ZodTypeAny>(item: T) => z.array(item).min(1).max(MAX_PICKED_ITEMS);
/** Ticked items of a profile (shared/profile-api.ts ProfilePicks): at least one, at most MAX_PICKED_ITEMS in all. */
export const profilePicksSchema = z
  .object({
    stories: pickList(instagramId).optional(),
    highlights: z.array(z.object({ album: instagramId, items: pickList(instagramId) }).strict()).min(1).max(MAX_PICKED_ITEMS).optional(),
    posts: pickList(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/)).optional(),
  })
  .strict()
  .refine((p) => {
    const count = (p.stories?.length ?? 0) + (p.posts?.length ?? 0) + (p.highlights ?? []).reduce((sum, h) => sum + h.items.length, 0);
    return count >= 1 && count <= MAX_PICKED_ITEMS;
  }, `between 1 and ${MAX_PICKED_ITEMS} ticked items`);

const payloadSchema = z.discriminatedUnion('t', [
  /** One file. k: what it is (for Content-Type checks and the download toast). */
  z.object({ t: z.literal('m'), k: z.enum(['video', 'image', 'audio']), e: z.number().int(), ...fileSchema.shape }),
  /**
   * A DASH video track (u) joined with its audio track (a, absent when the video has none) into one MP4; or, with
   * k 'audio', the sound of the video file u alone as an M4A (media/mux/audio-only.ts).
   */
  z.object({
    t: z.literal('x'),
    e: z.number().int(),
    a: z.string().url().max(4096).optional(),
    k: z.literal('audio').optional(),
    /** The sound alone in another format (cobalt's audioFormat, made by ffmpeg where there is one) at `b` kb/s. */
    o: z.enum(['mp3', 'opus', 'ogg', 'wav']).optional(),
    b: z.number().int().min(8).max(320).optional(),
    ...fileSchema.shape,
  }),
  /** A ZIP of several files. */
  z.object({ t: z.literal('z'), n: z.string().min(1).max(200), e: z.number().int(), i: z.array(entrySchema).min(1).max(MAX_ZIP_ITEMS) }),
  /**
   * A ZIP across posts (a batch): the posts' Instagram links (l, each with the tool it was looked up with),
   * resolved again when the archive is made (so CDN links are fresh and the token stays short), and the links
   * that had already failed with their reasons (m), listed in the archive's MISSING.txt.
   */
  z.object({
    t: z.literal('b'),
    n: z.string().min(1).max(200),
    e: z.number().int(),
    l: z.array(batchLinkSchema).min(1).max(MAX_BATCH_POSTS),
    m: z.array(z.object({ u: z.string().min(1).max(MAX_URL_LENGTH), r: z.string().min(1).max(300) })).max(MAX_BATCH_POSTS).optional(),
    /** The visitor's language: MISSING.txt is written in it (zip/missing-words.ts; m's reasons are already). */
    g: z.string().regex(/^[a-z]{2}$/).optional(),
  }),
  /** A whole profile (http/users/zip.ts): the username (u), its sections (s) and at most c posts, looked up when the archive is made. */
  z.object({
    t: z.literal('p'),
    n: z.string().min(1).max(200),
    e: z.number().int(),
    u: z.string().regex(/^[a-z0-9._]{1,30}$/),
    s: z.array(z.enum(['stories', 'highlights', 'posts'])).min(1).max(3),
    c: z.number().int().min(0).max(10_000),
    /** The ticked items alone, when the visitor ticked some (http/users/picked.ts). */
    k: profilePicksSchema.optional(),
    /** The visitor's language: MISSING.txt is written in it (zip/missing-words.ts). */
    l: z.string().regex(/^[a-z]{2}$/).optional(),
    /** The client the link is for (http/users/zip-link.ts): the archive is streamed to it alone. */
    b: z.string().min(16).max(43),
  }),
]);

export type MediaTokenPayload = z.infer<typeof payloadSchema>;
export type SingleMediaPayload = Extract<MediaTokenPayload, { t: 'm' }>;
export type ZipPayload = Extract<MediaTokenPayload, { t: 'z' }>;
export type MuxPayload = Extract<MediaTokenPayload, { t: 'x' }>;
export type BatchPayload = Extract<MediaTokenPayload, { t: 'b' }>;
export type ProfileZipPayload = Extract<MediaTokenPayload, { t: 'p' }>;
export type ZipEntry = z.infer<typeof entrySchema>;

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

export function signMediaToken(secret: string, payload: MediaTokenPayload): string {
  const json = Buffer.from(JSON.stringify(payload));
  const plain = json.toString('base64url');
  const body = plain.length > PLAIN_BODY_MAX ? DEFLATED + deflateRawSync(json).toString('base64url') : plain;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** Verify and decode; throws ApiError (400 for malformed or forged tokens, 410 for expired ones). */
export function verifyMediaToken(secret: string, token: string, nowSeconds = Math.floor(Date.now() / 1000)): MediaTokenPayload {
  const invalid = () => new ApiError('bad_request', 'This download link is invalid.');
  if (token.length > MAX_TOKEN_LENGTH) throw invalid();
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) throw invalid();
  const body = token.slice(0, dot);
  const signature = token.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) throw invalid();
  const given = Buffer.from(signature, 'base64url');
  // 43 base64url characters carry 258 bits: the last character's 2 spare bits must be zero, so that a
  // signature has exactly one spelling.
  if (given.toString('base64url') !== signature) throw invalid();
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let json: unknown;
  try {
    const bytes = body.startsWith(DEFLATED)
      ? inflateRawSync(Buffer.from(body.slice(1), 'base64url'), { maxOutputLength: 1024 * 1024 })
      : Buffer.from(body, 'base64url');
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) throw invalid();
  // A signer never sets an expiry further out than the cap (a minute of clock skew between instances allowed).
  if (parsed.data.e > nowSeconds + MAX_TOKEN_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS) throw invalid();
  if (parsed.data.e < nowSeconds) {
    throw new ApiError('expired', 'This download link has expired. Fetch the post again.');
  }
  return parsed.data;
}

/** Token expiry: the earliest CDN expiry among the URLs, capped at MAX_TOKEN_LIFETIME_SECONDS from now. */
export function tokenExpiry(urls: string[], nowSeconds = Math.floor(Date.now() / 1000)): number {
  let expiry = nowSeconds + MAX_TOKEN_LIFETIME_SECONDS;
  for (const url of urls) {
    const oe = cdnExpiry(url);
    if (oe !== undefined) expiry = Math.min(expiry, oe);
  }
  return expiry;
}
