/** What the fake's handlers share: fixtures, switches, counters, issued tokens and the origins. */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rewriteCdnJson, oeFor } from './cdn-rewrite.ts';
import type { Fixtures, PostFixture } from './fixtures.ts';
import { sendJson } from './respond.ts';
import type { FakeCounts, FakeSwitches } from './switches.ts';
import type { UserFeedFixtures } from './user-fixtures.ts';

export const APP_ID = '936619743392459';
export const DOC_IDS = {
  shortcode: '8845758582119845',
  webInfo: '27128499623469141',
  polaris: '27130156389949648',
  // The profile view's queries (issue 36): yt-dlp PR #17081's two, and the profile page's id seen in unattributed code.
  profilePosts: '27839684308962379',
  stories: '27172656412386142',
  profilePage: '28036671149327607',
} as const;

export class TokenBook {
  readonly lsd = new Set<string>();
  readonly csrf = new Set<string>();

  issue(): { lsd: string; csrf: string } {
    const lsd = randomBytes(8).toString('base64url');
    const csrf = randomBytes(16).toString('hex');
    this.lsd.add(lsd);
    this.csrf.add(csrf);
    return { lsd, csrf };
  }

  /** Every token issued so far stops working, as when Instagram rotates them. */
  rotate(): void {
    this.lsd.clear();
    this.csrf.clear();
  }
}

export interface FakeContext {
  fixtures: Fixtures;
  postsByPk: Map<string, PostFixture>;
  switches: FakeSwitches;
  counts: FakeCounts;
  tokens: TokenBook;
  webOrigin: string;
  /** The Threads face (threads/threads-web.ts): THREADS_WEB_ORIGIN. */
  threadsOrigin: string;
  cdnOrigin: string;
  /** Where the pages' script bundles live (IG_STATIC_ORIGIN), and a foreign host a hostile page may name. */
  staticOrigin: string;
  foreignOrigin: string;
  /** The HTTPS face's reading of each client's ClientHello, by the client's port (absent: plain HTTP, not a browser). */
  browserByPort: Map<number, boolean>;
  /** The profile view's feeds and trays (user-fixtures.ts), for the paths that read them. */
  userFeeds?: UserFeedFixtures;
}

/** A JSON answer with CDN URLs pointed at the fake CDN. */
export function sendMediaJson(ctx: FakeContext, res: ServerResponse, value: unknown, expired: boolean): void {
  sendJson(res, 200, rewriteCdnJson(value, ctx.cdnOrigin, oeFor(expired)));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The fake's own pk → shortcode (so switches set by shortcode apply to pk-addressed endpoints too). */
export function shortcodeOfPk(pk: string): string | undefined {
  if (!/^\d{1,80}$/.test(pk)) return undefined;
  let value = BigInt(pk);
  let code = '';
  while (value > 0n) {
    code = ALPHABET[Number(value % 64n)] + code;
    value /= 64n;
  }
  return code || 'A';
}

/** The XHR header set real Instagram insists on: the web app id with a browser UA (the consistent pair). */
export function xhrHeadersOk(req: IncomingMessage): boolean {
  const agent = req.headers['user-agent'] ?? '';
  return req.headers['x-ig-app-id'] === APP_ID && agent.includes('Mozilla/5.0');
}

export function sendUseragentMismatch(res: ServerResponse): void {
  sendJson(res, 400, { message: 'useragent mismatch', status: 'fail' });
}
