/**
 * The GraphQL doc ids in use, per operation: configured (IG_DOC_ID_*) or the built-in default at start-up, and
 * replaced by one discovered from Instagram's bundles only after the one in use failed (discovery/). A discovered
 * id is kept in memory and, when Redis is configured, in one shared hash, so every instance uses it: an instance
 * that meets the stale id reads the hash before it reads any bundle.
 */
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';

export type DocIdOperation = keyof Config['instagram']['docIds'];
export type DocIdSource = 'default' | 'configured' | 'discovered';

export interface DocIdEntry {
  id: string;
  source: DocIdSource;
}

/** The relay operation each doc id belongs to: what discovery looks for in the bundles (named beside each strategy too). */
export const DOC_ID_OPERATIONS: Record<DocIdOperation, string> = {
  shortcode: 'PolarisPostActionLoadPostQueryQuery',
  webInfo: 'PolarisPostRootQuery',
  polaris: 'PolarisLoggedOutDesktopWWWPostRootContentQuery',
  // The profile view's queries (issue 36; yt-dlp PR #17081 and instantgram #49 as the issue quotes them, read 2026-11-27).
  profilePosts: 'PolarisProfilePostsTabContentQuery_connection',
  stories: 'PolarisStoriesV3ReelPageGalleryQuery',
  profilePage: 'PolarisProfilePageContentQuery',
};

const OPERATIONS = Object.keys(DOC_ID_OPERATIONS) as DocIdOperation[];

const SHARED_KEY = 'gramsave:doc-ids:v1';

export interface DocIdLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export class DocIdBook {
  private readonly entries: Record<DocIdOperation, DocIdEntry>;

  constructor(
    config: Config['instagram'],
    private readonly redis?: Redis,
    private readonly logger?: DocIdLogger,
  ) {
    const source = (op: DocIdOperation): DocIdSource => (config.docIdSources?.[op] === 'configured' ? 'configured' : 'default');
    this.entries = Object.fromEntries(OPERATIONS.map((op) => [op, { id: config.docIds[op], source: source(op) }])) as Record<DocIdOperation, DocIdEntry>;
  }

  /** The ids strategies read (a live view: a replaced id is seen by the next request). */
  readonly ids: Config['instagram']['docIds'] = Object.defineProperties(
    {} as Config['instagram']['docIds'],
    Object.fromEntries(OPERATIONS.map((op) => [op, { enumerable: true, get: () => this.entries[op].id }])),
  );

  get(op: DocIdOperation): DocIdEntry {
    return { ...this.entries[op] };
  }

  all(): Record<DocIdOperation, DocIdEntry> {
    return Object.fromEntries(OPERATIONS.map((op) => [op, this.get(op)])) as Record<DocIdOperation, DocIdEntry>;
  }

  /** Use a newly found id; returns whether it differs from the one in use. Shared through Redis when set. */
  async adopt(op: DocIdOperation, id: string, how: 'bundles' | 'shared'): Promise<boolean> {
    const old = this.entries[op].id;
    if (old === id) return false;
    this.entries[op] = { id, source: 'discovered' };
    this.logger?.warn({ operation: DOC_ID_OPERATIONS[op], old, new: id, how }, 'GraphQL doc id replaced');
    if (how === 'bundles' && this.redis) await this.redis.hset(SHARED_KEY, op, id).catch(() => undefined);
    return true;
  }

  /** An id another instance discovered, when it differs from ours (undefined without Redis or while it is down). */
  async shared(op: DocIdOperation): Promise<string | undefined> {
    if (!this.redis) return undefined;
    const id = await this.redis.hget(SHARED_KEY, op).catch(() => null);
    return id && id !== this.entries[op].id ? id : undefined;
  }
}
