/**
 * POST /api/v1/contact: a contact message is validated, committed to SQLite and only then answered
 * 201 `{ ok, id }`; the email forward (when SMTP_URL is set) runs after the answer. Bots (a filled
 * honeypot, or a form sent within 3 s of opening) get the same-looking 201 and nothing is stored.
 * Rate-limited per client IP (RATE_LIMIT_CONTACT_PER_HOUR). JSON bodies only, 32 KB at most. The page sends an
 * `Idempotency-Key` per message: a retry after an answer that never arrived (a killed process, a dropped connection)
 * is answered with the message already stored, not stored twice, and is not counted against the hourly limit. The key
 * holds only with the same message (store/contact-message-hash.ts): another message under it is a new message.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { ContactCreated, ContactField, ContactFieldError } from '../../shared/api.ts';
import { CONTACT_MIN_ELAPSED_MS, contactRequestSchema } from '../../shared/api-schemas.ts';
import { isLanguage } from '../../shared/language-codes.ts';
import type { Config } from '../config.ts';
import { createContactForwarder } from '../mail/forward-contact.ts';
import { createContactStore } from '../store/contact-messages.ts';
import { openDatabase } from '../store/database.ts';
import { ApiError } from '../errors/api-error.ts';

export const CONTACT_PATH = '/api/v1/contact';
/** 5,000 characters of CJK or Devanagari are ~15 KB of UTF-8; 32 KB leaves room for the rest. */
export const CONTACT_BODY_LIMIT = 32 * 1024;
const FIELDS: readonly ContactField[] = ['name', 'email', 'message'];
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** The request's Idempotency-Key when it is well formed. */
function idempotencyKeyOf(headers: Record<string, unknown>): string | undefined {
  const key = headers['idempotency-key'];
  return typeof key === 'string' && IDEMPOTENCY_KEY.test(key) ? key : undefined;
}

export type BotReason = 'honeypot' | 'too_fast';

/** Bots fill the hidden `website` field or send faster than a person can type. */
export function botReason(body: unknown): BotReason | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { website, elapsedMs } = body as Record<string, unknown>;
  if (website !== undefined && website !== null && !(typeof website === 'string' && website.trim() === '')) {
    return 'honeypot';
  }
  if (typeof elapsedMs === 'number' && elapsedMs < CONTACT_MIN_ELAPSED_MS) return 'too_fast';
  return undefined;
}

/** One reason per invalid visible field; `required` when the field is missing or blank. */
export function contactFieldErrors(body: unknown, issues: z.ZodError['issues']) {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const fields: Partial<Record<ContactField, ContactFieldError>> = {};
  for (const issue of issues) {
    const field = FIELDS.find((f) => f === issue.path[0]);
    if (!field || fields[field]) continue;
    const value = raw[field];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      fields[field] = 'required';
    } else if (issue.code === 'too_small') {
      fields[field] = 'too_short';
    } else if (issue.code === 'too_big') {
      fields[field] = 'too_long';
    } else {
      fields[field] = 'invalid';
    }
  }
  return fields;
}

export const contactRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const db = openDatabase(config.dataDir);
  const store = createContactStore(db);
  const forwarder = config.smtp
    ? createContactForwarder({ smtpUrl: config.smtp.url, to: config.smtp.to, store, log: app.log })
    : undefined;

  // JSON only: without a text/plain parser (encapsulated to this plugin) other bodies get a 415.
  app.removeContentTypeParser('text/plain');

  app.addHook('onReady', async () => {
    forwarder?.retryUnforwarded();
  });
  app.addHook('onClose', async () => {
    await forwarder?.close();
    db.close();
  });

  app.post(
    CONTACT_PATH,
    {
      bodyLimit: CONTACT_BODY_LIMIT,
      config: {
        rateLimit: {
          max: config.rateLimits.contactPerHour,
          timeWindow: '1 hour',
          // Counted once the body is read, so that a retry of a message already stored (same key, same message) is
          // answered without spending the hour's allowance: the visitor sent it once.
          hook: 'preHandler',
          allowList: (request) => {
            const key = idempotencyKeyOf(request.headers);
            const parsed = key === undefined ? undefined : contactRequestSchema.safeParse(request.body);
            return parsed?.success === true && store.storedUnder(key!, parsed.data) !== undefined;
          },
        },
      },
    },
    async (request, reply) => {
      const bot = botReason(request.body);
      if (bot) {
        request.log.info({ reason: bot }, 'contact submission dropped as a bot');
        return reply.code(201).send({ ok: true } satisfies ContactCreated);
      }

      const parsed = contactRequestSchema.safeParse(request.body);
      if (!parsed.success) {
        const fields = contactFieldErrors(request.body, parsed.error.issues);
        const names = Object.keys(fields);
        throw new ApiError(
          'bad_request',
          names.length > 0 ? `Please check: ${names.join(', ')}.` : 'The request body is not a valid contact message.',
          names.length > 0 ? { fields } : {},
        );
      }

      const idempotencyKey = request.headers['idempotency-key'];
      if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey))) {
        throw new ApiError('bad_request', 'Idempotency-Key must be 16 to 64 letters, digits, _ or -.');
      }
      const { name, email, message, lang } = parsed.data;
      let saved: { id: number; created: boolean };
      try {
        const language = isLanguage(lang) ? lang : undefined;
        saved = store.saveOnce({ name, email, message, language, ip: request.ip, userAgent: request.headers['user-agent'] }, idempotencyKey);
      } catch (err) {
        request.log.error({ err }, 'contact message could not be stored');
        throw new ApiError('internal', 'Your message could not be saved. Please try again.', { cause: err });
      }
      reply.code(201).send({ ok: true, id: saved.id } satisfies ContactCreated);
      // send() has written the answer; the forward runs on a later tick, even if the visitor hung up.
      if (saved.created) forwarder?.enqueue(saved.id);
      return reply;
    },
  );
};
