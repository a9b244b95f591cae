/**
 * A username's profile view (issue 30): GET /api/v1/users/{username} (user, stories, highlights, first page of
 * posts), /highlights/{id} (one album's items), /posts?after= (the next pages), and the whole profile's ZIP
 * (users-zip.ts). Answers carry signed links made per answer: never cached by browsers or proxies.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { HighlightItems, ProfilePostsPage, ProfileView as ProfileViewAnswer, UnavailableSection } from '../../../shared/profile-api.ts';
import type { Config } from '../../config.ts';
import { decodeCursor, isUnavailable, ProfileView } from '../../extract/instagram/users/profile-view.ts';
import { ViewCache } from '../../extract/instagram/users/view-cache.ts';
import { cacheTtlMs, type Resolver } from '../../extract/resolver.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { MediaUpstream } from '../../media/proxy/proxy.ts';
import type { StreamGuard } from '../stream-guard.ts';
import { lookupRouteConfig } from '../access/lookup-route.ts';
import { presentAlbum, presentPosts, presentProfileView } from './present.ts';
import { forLookup, usernameOf } from './request.ts';
import { usersZipRoutes } from './zip.ts';

export interface UsersRouteOptions {
  config: Config;
  resolver: Resolver;
  upstream: MediaUpstream;
  streamGuard: StreamGuard;
}

function noStore(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header('Cache-Control', 'no-store');
  done();
}

export const usersRoutes: FastifyPluginAsync<UsersRouteOptions> = async (app, { config, resolver, upstream, streamGuard }) => {
  const view = new ProfileView(resolver.client, new ViewCache(resolver.cache), cacheTtlMs, resolver.userQueries);
  const secret = config.media.secret;
  // A lookup like resolve's: the access gate (keys, the anonymous allowance) and the key-aware limit.
  const lookup = lookupRouteConfig(config);
  const maxWaitMs = config.instagram.egress.maxWaitMs;

  app.get<{ Params: { username: string } }>('/api/v1/users/:username', { config: lookup, onRequest: noStore }, async (request): Promise<ProfileViewAnswer> => {
    const username = usernameOf(request.params.username);
    return presentProfileView(await forLookup(request, maxWaitMs, (signal) => view.view(username, signal)), secret);
  });

  app.get<{ Params: { username: string; id: string } }>(
    '/api/v1/users/:username/highlights/:id',
    { config: lookup, onRequest: noStore },
    async (request): Promise<HighlightItems | UnavailableSection> => {
      const username = usernameOf(request.params.username);
      const id = request.params.id.replace(/^highlight:/, '');
      if (!/^\d{1,30}$/.test(id)) throw new ApiError('bad_request', 'A highlight id is its digits.');
      // An album Instagram failed to give right now (reels_media's 500s, gallery-dl #9765) says so as a section does.
      const answer = await forLookup(request, maxWaitMs, async (signal) => view.albumOrUnavailable(await view.user(username, signal), id, signal));
      return isUnavailable(answer) ? answer : presentAlbum(answer.album.title, answer.reel, secret);
    },
  );

  app.get<{ Params: { username: string }; Querystring: { after?: string } }>(
    '/api/v1/users/:username/posts',
    { config: lookup, onRequest: noStore },
    async (request): Promise<ProfilePostsPage> => {
      const username = usernameOf(request.params.username);
      const after = request.query.after;
      const maxId = after ? decodeCursor(after) : undefined;
      if (after && !maxId) throw new ApiError('bad_request', 'This page cursor is not one of ours: use the `next` of the previous page.');
      const page = await forLookup(request, maxWaitMs, async (signal) => view.posts(await view.user(username, signal), maxId, signal));
      return presentPosts(page, secret);
    },
  );

  await app.register(usersZipRoutes, { config, view, upstream, streamGuard });
};
