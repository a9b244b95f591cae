/**
 * The ZIP of a batch: every post's files (each item's best quality, as the post's own ZIP holds them) in one
 * folder per post named `author_shortcode`. The posts are looked up again when the archive is made, a few at a
 * time (the cache answers most); a post that fails, one that had failed already, and files past the cap are
 * listed in MISSING.txt rather than silently left out.
 */
import type { RawResolution } from '../../extract/raw.ts';
import { ApiError } from '../../errors/api-error.ts';
import { zipEntriesOf } from '../present.ts';
import { MAX_BATCH_FILES, type BatchPayload } from '../token.ts';
import type { ArchiveEntry, ZipFailure } from './entries.ts';

export type BatchLink = BatchPayload['l'][number];
/** A link → its post, or an ApiError saying why not. */
export type PostLookup = (link: BatchLink) => Promise<RawResolution>;

export const BATCH_MISSING_NAME = 'MISSING.txt';
/** Lookups at once while an archive is prepared (the same few a page's queue runs). */
const LOOKUPS_AT_ONCE = 3;

/** author_shortcode (author_story, author_profile… where there is no shortcode), safe as a folder name. */
export function postFolder(raw: RawResolution): string {
  return `${raw.author.username}_${raw.shortcode ?? raw.kind}`.replace(/[^A-Za-z0-9._-]/g, '_');
}

export function batchZipName(now: Date): string {
  return `instagram-batch-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.zip`;
}

/** Every link looked up, LOOKUPS_AT_ONCE at a time; results in the links' order. */
export async function lookUpAll(links: BatchLink[], lookUp: PostLookup): Promise<PromiseSettledResult<RawResolution>[]> {
  const results: PromiseSettledResult<RawResolution>[] = new Array(links.length);
  let next = 0;
  const worker = async () => {
    while (next < links.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await lookUp(links[index]!) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, links.length) }, worker));
  return results;
}

const reasonOf = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError('upstream_unavailable', 'This post could not be looked up.', { cause: error });

/** The archive's entries and what is missing, from the posts as they are now. */
export async function batchArchive(payload: BatchPayload, lookUp: PostLookup): Promise<{ entries: ArchiveEntry[]; missing: ZipFailure[] }> {
  const entries: ArchiveEntry[] = [];
  // The reasons known when the link was signed are in the visitor's words already (http/batch.ts).
  const missing: ZipFailure[] = (payload.m ?? []).map((m) => ({ name: m.u, error: new ApiError('upstream_unavailable', m.r), reason: m.r }));
  const results = await lookUpAll(payload.l, lookUp);
  results.forEach((result, index) => {
    const link = payload.l[index]!.u;
    if (result.status === 'rejected') {
      missing.push({ name: link, error: reasonOf(result.reason) });
      return;
    }
    const folder = postFolder(result.value);
    for (const entry of zipEntriesOf(result.value)) {
      if (entries.length < MAX_BATCH_FILES) entries.push({ ...entry, folder });
      else missing.push({ name: `${folder}/${entry.f}`, error: new ApiError('payload_too_large', `One archive holds at most ${MAX_BATCH_FILES} files.`) });
    }
  });
  return { entries, missing };
}
