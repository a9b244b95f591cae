/**
 * POST /api/v1/batch {links, failed?} → a signed link to one ZIP across the posts of a batch (DESIGN "HTTP API").
 * The posts are looked up (the cache answers the ones the page just showed) to count their files against the
 * archive's cap; the token lists their canonical links, looked up again when the archive is made
 * (media/zip/batch-zip.ts), and the failed ones with their reasons for MISSING.txt, already in the visitor's
 * language (`lang`; the page's reasons by their message keys, the lookups' by their error codes).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { BatchZip } from '../../shared/api.ts';
import { batchRequestSchema, MAX_BATCH_BODY_BYTES } from '../../shared/api-schemas.ts';
import type { Config } from '../config.ts';
import { batchZipName, lookUpAll } from '../media/zip/batch-zip.ts';
import { BATCH_REASONS, messageText, missingWords } from '../media/zip/missing-words.ts';
import { ZIP_ROUTE } from '../media/present.ts';
import { MAX_BATCH_FILES, MAX_TOKEN_LENGTH, MAX_TOKEN_LIFETIME_SECONDS, signMediaToken, type BatchPayload } from '../media/token.ts';
import { ApiError } from '../errors/api-error.ts';
import { combinedFailure } from '../errors/combined-failure.ts';
import { jsonOnlyNoStore } from './json-only.ts';
import type { LinkResolver } from './link-resolver.ts';
import { clientOf } from './access/identity.ts';
import { lookupRouteConfig } from './access/lookup-route.ts';

export interface BatchRouteOptions {
  config: Config;
  resolveLink: LinkResolver;
}

/** A pasted link kept in MISSING.txt is cut to this length (the token must stay short). */
const MISSING_LINK_CHARS = 200;

const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const batchRoutes: FastifyPluginAsync<BatchRouteOptions> = async (app, { config, resolveLink }) => {
  app.post(
    '/api/v1/batch',
    {
      bodyLimit: MAX_BATCH_BODY_BYTES,
      config: lookupRouteConfig(config),
      onRequest: jsonOnlyNoStore,
    },
    async (request): Promise<BatchZip> => {
      const body = batchRequestSchema.safeParse(request.body);
      if (!body.success) throw new ApiError('bad_request', 'Send {"links": [{"url": "…"}]} with 1 to 20 links to Instagram posts.');
      const { links, failed = [], lang } = body.data;
      const words = missingWords(lang, BATCH_REASONS);
      const results = await lookUpAll(
        links.map((l) => ({ u: l.url, ...(l.tool ? { k: l.tool } : {}) })),
        (link) => resolveLink(link.u, link.k, clientOf(request)),
      );
      const ready: BatchPayload['l'] = [];
      const missing: NonNullable<BatchPayload['m']> = failed.map((f) => ({
        u: short(f.url, MISSING_LINK_CHARS),
        r: short((f.key && messageText(lang, f.key)) || f.reason, 300),
      }));
      let files = 0;
      const errors: ApiError[] = [];
      results.forEach((result, index) => {
        const link = links[index]!;
        if (result.status === 'fulfilled') {
          // The canonical link: short, and the same post whatever was pasted (twice pasted, once archived).
          if (ready.some((r) => r.u === result.value.sourceUrl)) return;
          ready.push({ u: result.value.sourceUrl, ...(link.tool ? { k: link.tool } : {}) });
          files += result.value.items.length;
        } else {
          const error = result.reason instanceof ApiError ? result.reason : new ApiError('upstream_unavailable', 'This post could not be looked up.');
          errors.push(error);
          missing.push({ u: short(link.url, MISSING_LINK_CHARS), r: short(words ? words.reason(error) : error.message, 300) });
        }
      });
      // None ready: the cause the visitor can do most about (this site's own limits: 429 with Retry-After), not a 502.
      if (ready.length === 0) throw combinedFailure(errors, 'None of these posts could be looked up.');
      if (files > MAX_BATCH_FILES) {
        throw new ApiError('payload_too_large', `These posts hold ${files} files; one archive holds at most ${MAX_BATCH_FILES}. Download fewer posts at once.`);
      }
      const now = new Date();
      const payload: BatchPayload = {
        t: 'b',
        n: batchZipName(now),
        e: Math.floor(now.getTime() / 1000) + MAX_TOKEN_LIFETIME_SECONDS,
        l: ready,
        ...(missing.length > 0 ? { m: missing } : {}),
        ...(lang ? { g: lang } : {}),
      };
      const token = signMediaToken(config.media.secret, payload);
      if (token.length > MAX_TOKEN_LENGTH) throw new ApiError('payload_too_large', 'These links are too long to be listed in one download link.');
      return { zipUrl: ZIP_ROUTE + token, posts: ready.length, files, missing: missing.length };
    },
  );
};
