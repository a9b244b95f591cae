/**
 * A username → the user, three ways in gallery-dl's order: web_profile_info; when that fails without saying the
 * user is gone or private (2026: mostly 429, and 400 "Asset … has been deleted" for live business accounts,
 * cobalt #1579), topsearch's exact match, then the profile page. When all fail, verdict.ts decides the failure.
 */
import { ExtractError } from '../../failure.ts';
import { decideFailure } from '../../verdict.ts';
import type { UpstreamClient } from '../client.ts';
import { fetchWebProfile, userFromWebProfile } from './web-profile-info.ts';
import type { FoundUser, UserLookupWay } from './found-user.ts';
import { userByProfilePage } from './profile-page.ts';
import { userByTopsearch } from './topsearch.ts';

/** Told each way's outcome, for the metrics and the log. */
export type UserLookupStep = (way: UserLookupWay, outcome: 'ok' | ExtractError) => void;

const WAYS: [UserLookupWay, (client: UpstreamClient, username: string, signal: AbortSignal) => Promise<FoundUser>][] = [
  ['web-profile-info', async (client, username, signal) => userFromWebProfile((await fetchWebProfile(client, username, signal)).user)],
  ['topsearch', userByTopsearch],
  ['profile-page', userByProfilePage],
];

export async function lookUpUser(client: UpstreamClient, username: string, signal: AbortSignal, onStep?: UserLookupStep): Promise<FoundUser> {
  const failures: ExtractError[] = [];
  for (const [way, find] of WAYS) {
    try {
      const user = await find(client, username, signal);
      onStep?.(way, 'ok');
      return user;
    } catch (err) {
      if (!(err instanceof ExtractError)) throw err;
      onStep?.(way, err);
      failures.push(err);
      // The user does not exist or is private: the other ways would only say it again.
      if (err.kind === 'not_found' || err.kind === 'private' || err.kind === 'timeout') break;
    }
  }
  throw decideFailure(failures) ?? new ExtractError('unavailable', `user ${username}: nothing to try`);
}
