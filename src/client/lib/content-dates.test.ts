/**
 * Pages dated by their real last change (issue 37 point 13): each blog post's `date` and each legal document's
 * `updated` are no older than the last commit that changed their file (a commit that only moves a post's date
 * line does not count), so a page edited without its date moving fails here. The legal pages show that date in
 * their language. Needs the repository's history: skipped in a shallow clone or without git.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type Language } from '../../shared/language-codes.ts';
import { localizePath } from '../../shared/routes.ts';
import { CONTENT_DIR, localePath } from './content.server.ts';
import { formatDate, parseFrontMatter } from './blog.server.ts';
import type { LegalContent } from './content-types.ts';

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}
const history = git(['rev-parse', '--is-shallow-repository']) === 'false';
/**
 * The day of each file's last commit whose changes to it are more than a front matter's date line: one `git log`
 * for the whole folder (newest first, each commit's day then the files it changed that way).
 */
function lastChanges(folder: string): Map<string, string> {
  const log = git(['log', '--format=@%cs', '--name-only', '-G', '^([^d]|d[^a]|da[^t]|dat[^e]|date[^:])', '--', folder]) ?? '';
  const days = new Map<string, string>();
  let day = '';
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) day = line.slice(1);
    else if (line && !days.has(line)) days.set(line, day);
  }
  return days;
}
const root = git(['rev-parse', '--show-toplevel']) ?? '';
const lastChanged = (changes: Map<string, string>, file: string) => changes.get(path.relative(root, file));

const blogFiles = readdirSync(path.join(CONTENT_DIR, 'blog')).flatMap((slug) =>
  readdirSync(path.join(CONTENT_DIR, 'blog', slug)).map((name) => path.join(CONTENT_DIR, 'blog', slug, name)),
);

describe.runIf(history)('dates against the files’ history', () => {
  it('dates every blog post by its last change', () => {
    const changes = lastChanges(path.join(CONTENT_DIR, 'blog'));
    expect(changes.size).toBeGreaterThan(100);
    const stale = blogFiles
      .map((file) => ({ file: path.relative(CONTENT_DIR, file), date: parseFrontMatter(readFileSync(file, 'utf8')).data.date, changed: lastChanged(changes, file) }))
      .filter(({ date, changed }) => !date || (changed !== undefined && date < changed));
    expect(stale).toEqual([]);
  });

  it('dates every legal document by the last change of its language’s file', () => {
    const changes = lastChanges(path.join(CONTENT_DIR, 'locales'));
    for (const lang of LANGUAGE_CODES) {
      const legal = JSON.parse(readFileSync(localePath(lang, 'legal'), 'utf8')) as LegalContent;
      const changed = lastChanged(changes, localePath(lang, 'legal'));
      const newest = [legal.terms.updated, legal.privacy.updated].sort().at(-1)!;
      if (changed) expect(newest >= changed, `${lang}: updated ${newest}, file changed ${changed}`).toBe(true);
    }
  });
});

describe('the legal pages’ date', () => {
  it('is the document’s own, written in the page’s language', async () => {
    const { loader } = await import('../routes/legal.tsx');
    for (const lang of LANGUAGE_CODES as readonly Language[]) {
      const legal = JSON.parse(readFileSync(localePath(lang, 'legal'), 'utf8')) as LegalContent;
      for (const doc of ['terms', 'privacy'] as const) {
        expect(legal[doc].updated, `${lang} ${doc}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const data = await loader({ request: new Request(`http://x${localizePath(lang, `/${doc}`)}`), params: {}, context: {} } as never);
        expect(data.lastUpdated, `${lang} ${doc}`).toBe(legal[doc].lastUpdated.replace('{{date}}', formatDate(legal[doc].updated, lang)!));
        expect(data.lastUpdated, `${lang} ${doc}`).not.toMatch(/\{\{|2024|2567|১৫ মার্চ/);
      }
    }
  });
});
