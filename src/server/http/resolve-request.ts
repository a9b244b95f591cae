/**
 * The resolve route's body, read by resolveRequestSchema's rules (shared/api-schemas.ts): the body nearly every
 * visitor sends ({url}, or {url, tool} with a known tool, the link within its length once trimmed) is checked here by
 * hand, and anything else goes to zod, whose verdict and field messages the API answers with. zod's parse was about
 * 2.5 µs of a cached resolve (issue 41 point 6); this is a few property reads. resolve-request.test.ts holds the two
 * to the same verdict and the same output on every shape it tries.
 */
import type { z } from 'zod';
import { MAX_URL_LENGTH, resolveRequestSchema, type ResolveRequest } from '../../shared/api-schemas.ts';
import { isToolId } from '../../shared/tools.ts';

export type ReadResolveRequest = { success: true; data: ResolveRequest } | { success: false; error: z.ZodError };

export function readResolveRequest(body: unknown): ReadResolveRequest {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const { url, tool } = body as { url?: unknown; tool?: unknown };
    if (typeof url === 'string' && (tool === undefined || isToolId(tool))) {
      const link = url.trim();
      if (link.length >= 1 && link.length <= MAX_URL_LENGTH) return { success: true, data: tool === undefined ? { url: link } : { url: link, tool } };
    }
  }
  return resolveRequestSchema.safeParse(body);
}
