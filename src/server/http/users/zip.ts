/**
 * A whole profile in one ZIP (issue 30): POST /api/v1/users/{username}/zip {sections, maxPosts?} → {zipUrl} (or
 * {picked} instead of sections: the items the visitor ticked, users-picked.ts), a
 * signed link to GET /api/v1/users/{username}/zip/{token}, which looks the profile up again (the cache answers what
 * the page just showed; further feed pages go through the egress budget like every Instagram request) and streams
 * the archive with the ZIP writer every other archive uses (media/zip.ts), MISSING.txt naming what is not in it.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { profileZipName } from '../../../shared/file-name.ts';
import { MAX_PICKED_ITEMS, PROFILE_SECTIONS, type ProfilePicks, type ProfileSection, type ProfileZip } from '../../../shared/profile-api.ts';
import type { Config } from '../../config.ts';
import type { ProfileView } from '../../extract/instagram/users/profile-view.ts';
import { ApiError } from '../../errors/api-error.ts';
import { BATCH_MISSING_NAME } from '../../media/zip/batch-zip.ts';
import type { MediaUpstream } from '../../media/proxy/proxy.ts';
import { MAX_TOKEN_LIFETIME_SECONDS, profilePicksSchema, signMediaToken, verifyMediaToken, type ProfileZipPayload } from '../../media/token.ts';
import { openZipArchive } from '../../media/zip/zip.ts';
import { clientOf } from '../access/identity.ts';
import { lookupRouteConfig } from '../access/lookup-route.ts';
import { sendArchive } from '../archive-reply.ts';
import type { StreamGuard } from '../stream-guard.ts';
import { profileArchive } from './archive.ts';
import { pickedArchive } from './picked.ts';
import { forClient, forLookup, usernameOf } from './request.ts';
import { bindingOf, checkBinding, LinkDownloads } from './zip-link.ts';

export interface UsersZipRouteOptions {
  config: Config;
  view: ProfileView;
  upstream: MediaUpstream;
  streamGuard: StreamGuard;
}

/** Set when the cap left older posts out: the number of posts the archive holds. */
export const POSTS_CUT_HEADER = 'x-gramsave-posts-cut';

const zipRequestSchema = z.union([
  z.object({ sections: z.array(z.enum(PROFILE_SECTIONS)).min(1).max(3), maxPosts: z.number().int().min(0).optional() }).strict(),
  z.object({ picked: profilePicksSchema }).strict(),
]);

/** What a profile's ZIP holds, in its name: each its own, so a second one is never saved as "(1)" (issue 37). */
function zipContentOf(request: z.infer<typeof zipRequestSchema>): string {
  if ('picked' in request) return 'ticked';
  const sections = PROFILE_SECTIONS.filter((section) => request.sections.includes(section));
  return sections.length === PROFILE_SECTIONS.length ? 'profile' : sections.join('-');
}

/** The sections a pick reaches into (the token names them as a whole profile's does). */
const sectionsOf = (picks: ProfilePicks): ProfileSection[] => PROFILE_SECTIONS.filter((section) => (picks[section]?.length ?? 0) > 0);

export const usersZipRoutes: FastifyPluginAsync<UsersZipRouteOptions> = async (app, { config, view, upstream, streamGuard }) => {
  const cap = config.media.profileZipMaxPosts;
  const downloads = new LinkDownloads();

  app.post<{ Params: { username: string } }>(
    '/api/v1/users/:username/zip',
    { bodyLimit: 16_384, config: lookupRouteConfig(config) },
    async (request, reply): Promise<ProfileZip> => {
      reply.header('Cache-Control', 'no-store');
      const username = usernameOf(request.params.username);
      const body = zipRequestSchema.safeParse(request.body);
      if (!body.success) {
        throw new ApiError(
          'bad_request',
          `Send {"sections": ["stories", "highlights", "posts"]} (any of them), and maxPosts if you want fewer posts; or {"picked": {"stories": [ids], "highlights": [{"album": id, "items": [ids]}], "posts": [codes]}}, ${MAX_PICKED_ITEMS} items at most.`,
        );
      }
      const { data } = body;
      // The user must exist now (404, private or throttled say so here, not in a broken download later).
      const user = await forLookup(request, config.instagram.egress.maxWaitMs, (signal) => view.user(username, signal));
      const payload: ProfileZipPayload = {
        t: 'p',
        n: profileZipName(user.username, zipContentOf(data), new Date()),
        e: Math.floor(Date.now() / 1000) + MAX_TOKEN_LIFETIME_SECONDS,
        u: username,
        b: bindingOf(config.media.secret, clientOf(request)),
        ...('picked' in data ? { s: sectionsOf(data.picked), c: cap, k: data.picked } : { s: [...new Set(data.sections)], c: Math.min(cap, data.maxPosts ?? cap) }),
      };
      return { zipUrl: `/api/v1/users/${username}/zip/${signMediaToken(config.media.secret, payload)}` };
    },
  );

  app.route<{ Params: { username: string; token: string } }>({
    method: ['GET', 'HEAD'],
    url: '/api/v1/users/:username/zip/:token',
    compress: false,
    preHandler: streamGuard,
    config: { rateLimit: { max: config.rateLimits.mediaPerMin, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const payload = verifyMediaToken(config.media.secret, request.params.token);
      if (payload.t !== 'p' || payload.u !== usernameOf(request.params.username)) throw new ApiError('bad_request', 'This download link is invalid.');
      checkBinding(config.media.secret, payload.b, clientOf(request));
      // A HEAD (a size check, a link preview) spends none of the link's downloads.
      if (request.method === 'GET') downloads.spend(request.params.token.slice(request.params.token.lastIndexOf('.') + 1), payload.e);
      return sendArchive(request, reply, payload.n, async (signal) => {
        const { entries, missing, cut } = await forClient(request, () =>
          payload.k ? pickedArchive(view, payload.u, payload.k, payload.c, signal) : profileArchive(view, payload.u, payload.s, payload.c, signal),
        );
        // The page says so beside its progress (MISSING.txt inside says it too).
        if (cut) reply.header(POSTS_CUT_HEADER, String(payload.c));
        return openZipArchive(entries, upstream, signal, { missing, missingName: BATCH_MISSING_NAME });
      });
    },
  });
};
