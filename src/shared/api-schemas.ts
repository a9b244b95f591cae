/** Request validation for the API (zod). Server-side: kept apart from api.ts so the browser bundle has no zod. */
import { z } from 'zod';
import { MAX_BATCH_LINKS } from './api.ts';
import { LANGUAGE_CODES } from './language-codes.ts';
import { TOOL_IDS } from './tools.ts';

export const MAX_URL_LENGTH = 2048;
export const MAX_RESOLVE_BODY_BYTES = 8 * 1024;

export const resolveRequestSchema = z.object({
  url: z.string().trim().min(1, 'url is required').max(MAX_URL_LENGTH, 'url is too long'),
  tool: z.enum(TOOL_IDS).optional(),
});
export type ResolveRequest = z.infer<typeof resolveRequestSchema>;

/** A batch's ZIP: the posts that were ready (links as pasted, with their tool) and those that failed, with why. */
export const MAX_BATCH_BODY_BYTES = 128 * 1024;
export const batchRequestSchema = z.object({
  links: z.array(resolveRequestSchema).min(1, 'at least one link').max(MAX_BATCH_LINKS, `at most ${MAX_BATCH_LINKS} links`),
  failed: z
    .array(
      z.object({
        url: z.string().trim().min(1).max(MAX_URL_LENGTH),
        reason: z.string().trim().min(1).max(300),
        /** The reason's message key (`batch.skipped`, `errors.notFoundHome`…): MISSING.txt words it in `lang`. */
        key: z.string().regex(/^(errors|batch)\.[A-Za-z]{1,40}$/).optional(),
      }),
    )
    .max(MAX_BATCH_LINKS)
    .optional(),
  /** The visitor's language: MISSING.txt is written in it (English without). */
  lang: z.enum(LANGUAGE_CODES).optional(),
});
export type BatchRequest = z.infer<typeof batchRequestSchema>;

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000, minMessage: 10 } as const;
/** Submissions sent sooner than this after the form opened are treated as bots (answered 201, not stored). */
export const CONTACT_MIN_ELAPSED_MS = 3000;

/**
 * What a stored message may not hold: control characters (ESC, CR, NUL… could rewrite the operator's terminal
 * in `npm run contact:list`) and, in one-line fields, the bidirectional overrides and isolates that reorder
 * a listing line. A message keeps its newlines and tabs.
 */
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /[^\P{Cc}\n\t]/u;
const BIDI_CONTROL = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export const contactRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(CONTACT_LIMITS.name)
    .refine((s) => !CONTROL.test(s) && !BIDI_CONTROL.test(s), 'must not contain control characters'),
  email: z.string().trim().max(CONTACT_LIMITS.email).pipe(z.email()),
  message: z
    .string()
    // Line ends as some clients send them (CRLF) are kept as newlines; any other CR is refused below.
    .transform((s) => s.replace(/\r\n/g, '\n'))
    .pipe(
      z
        .string()
        .trim()
        .min(CONTACT_LIMITS.minMessage)
        .max(CONTACT_LIMITS.message)
        .refine((s) => !CONTROL_BUT_LINES.test(s), 'must not contain control characters other than newlines and tabs'),
    ),
  /** Honeypot: people leave it empty. */
  website: z.string().max(500).optional(),
  /** Milliseconds the form was open before sending (performance.now() differences may be fractional). */
  elapsedMs: z.number().nonnegative().optional(),
  /** The page language; recorded when it is one of ours, ignored otherwise. */
  lang: z.string().max(35).optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
