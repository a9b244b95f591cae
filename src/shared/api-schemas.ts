/** Request validation for the API (zod). Server-side: kept apart from api.ts so the browser bundle has no zod. */
import { z } from 'zod';
import { TOOL_IDS } from './tools.ts';

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
