/** `npm run check-live` against the fake Instagram: the table, the doc ids and their sources, the exit code. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, startFakeInstagram, THREADS_FIXTURE, type FakeInstagram } from '../test/fake-instagram/index.ts';
import { POST_ENDPOINTS } from '../test/fake-instagram/switches.ts';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-live.ts');
let fake: FakeInstagram;
beforeAll(async () => {
  fake = await startFakeInstagram();
});
afterAll(() => fake?.close());
afterEach(() => fake.reset());

function checkLive(links: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', SCRIPT, '--', ...links],
      {
        env: {
          PATH: process.env.PATH ?? '',
          IG_WEB_ORIGIN: fake.webOrigin,
          IG_STATIC_ORIGIN: fake.staticOrigin,
          MEDIA_TEST_ORIGINS: fake.cdnOrigin,
          IG_EGRESS_PER_MIN: '1000000',
          THREADS_WEB_ORIGIN: fake.threadsOrigin,
          THREADS_EGRESS_PER_MIN: '1000000',
          ...env,
        },
        timeout: 60_000,
      },
      (err, stdout) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout }),
    );
  });
}

const LINKS = [`https://www.instagram.com/p/${FIXTURE.image}/`, `https://www.instagram.com/reel/${FIXTURE.reel}/`];

describe('npm run check-live', () => {
  it('prints strategy × link with milliseconds and the doc ids in use; exits 0 when every strategy works somewhere', async () => {
    const { code, stdout } = await checkLive(LINKS);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`strategy\\s+\\| ${FIXTURE.image}\\s+\\| ${FIXTURE.reel}`));
    for (const name of ['graphql-shortcode', 'graphql-web-info', 'polaris-media', 'embed']) expect(stdout).toMatch(new RegExp(`${name}\\s+\\| ok \\d+ ms\\s+\\| ok \\d+ ms`));
    // media-info needs a session: login_required, which is not "broken" without one.
    expect(stdout).toMatch(/media-info\s+\| login_required \d+ ms/);
    expect(stdout).toContain('shortcode 8845758582119845 (default)');
    expect(stdout).toContain('every strategy works for at least one link');
    expect(stdout).toMatch(new RegExp(`${FIXTURE.image}\\s+nothing restricted`));
    expect(stdout).toContain('stale document (an unknown doc id): read as a stale document, heals');
  });

  it('reports each request shape of each GraphQL query (issue 36): where Instagram wants the bare shape, that one answers', async () => {
    fake.switches.enable2026('bare-shape');
    const { stdout } = await checkLive(LINKS);
    for (const name of ['graphql-web-info', 'polaris-media']) {
      expect(stdout).toMatch(new RegExp(`${name} page-tokens\\s+changed \\d+ ms \\| changed \\d+ ms`));
      expect(stdout).toMatch(new RegExp(`${name} bare\\s+ok \\d+ ms \\| ok \\d+ ms`));
    }
  });

  it('reports the ruling on an age-gated post and the 2026 stale-document answer (HTTP 400)', async () => {
    fake.switches.enable2026('stale-400').set(FIXTURE.image, 'age_restricted');
    const { stdout } = await checkLive(LINKS);
    expect(stdout).toMatch(new RegExp(`${FIXTURE.image}\\s+age_restricted: ruling on ${FIXTURE.image}: Restricted Video`));
    expect(stdout).toMatch(/stale document \(an unknown doc id\): read as a stale document, heals — unknown doc id: 400 invalid request execution error/);
  });

  it('exits 1 and names a strategy broken for every link', async () => {
    fake.switches.break('embed', 'garbage');
    const { code, stdout } = await checkLive(LINKS);
    expect(code).toBe(1);
    expect(stdout).toMatch(/embed\s+\| changed \d+ ms\s+\| changed \d+ ms/);
    expect(stdout).toContain('BROKEN for every link: embed');
  });

  it('counts empty answers, walls and throttling per strategy, and names a query empty for every link (retired)', async () => {
    fake.switches.enable2026('shortcode-retired');
    fake.switches.set(FIXTURE.reel, 'rate_limited');
    const { code, stdout } = await checkLive(LINKS);
    expect(code).toBe(1);
    expect(stdout).toMatch(/graphql-shortcode\s+\| empty \d+ ms\s+\| empty \d+ ms/);
    expect(stdout).toMatch(/graphql-shortcode\s+empty 2 · login wall 0 · throttled 0 \(of 2\)/);
    expect(stdout).toMatch(/graphql-web-info\s+empty 0 · login wall 0 · throttled 1 \(of 2\)/);
    expect(stdout).toMatch(/media-info\s+empty 0 · login wall 2 · throttled 0 \(of 2\)/);
    expect(stdout).toContain('EMPTY for every link (a retired query? take it out of IG_STRATEGIES): graphql-shortcode');
    expect(stdout).toContain('every strategy works for at least one link');
  });

  it('shows a doc id discovered after a rotation, and where it came from', async () => {
    fake.switches.rotateDocIds();
    const { code, stdout } = await checkLive(LINKS.slice(0, 1), { IG_DOC_ID_POLARIS: '27130156389949648' });
    expect(code).toBe(0);
    expect(stdout).toContain(`shortcode ${fake.switches.docIds.shortcode} (discovered)`);
    expect(stdout).toContain(`polaris   ${fake.switches.docIds.polaris} (discovered)`);
  });

  it('Threads links (issue 40): each Threads strategy alone, the doc id in use; the gating shell breaks the page, a rotation heals', async () => {
    const thread = (code: string) => `https://www.threads.com/@${THREADS_FIXTURE.user}/post/${code}`;
    const links = [thread(THREADS_FIXTURE.photo), `https://www.threads.net/t/${THREADS_FIXTURE.carousel}`];
    const { code, stdout } = await checkLive(links);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`Threads strategy\\s+\\| ${THREADS_FIXTURE.photo}\\s+\\| ${THREADS_FIXTURE.carousel}`));
    for (const name of ['threads-page', 'threads-graphql']) expect(stdout).toMatch(new RegExp(`${name}\\s+\\| ok \\d+ ms\\s+\\| ok \\d+ ms`));
    expect(stdout).toMatch(/Threads doc id in use: \d+ \(default\)/);
    expect(stdout).toContain('every Threads strategy works for at least one link');
    // Only Threads links: Instagram is not asked at all.
    expect(stdout).not.toContain('doc ids in use:');
    for (const endpoint of POST_ENDPOINTS) expect(fake.counts.get(endpoint), endpoint).toBe(0);
    fake.switches.threads.add('gating-shell');
    fake.switches.rotateThreadsDocId();
    const walled = await checkLive(links);
    expect(walled.code).toBe(1);
    expect(walled.stdout).toMatch(/threads-page\s+\| login_required \d+ ms\s+\| login_required \d+ ms/);
    expect(walled.stdout).toMatch(/threads-graphql\s+\| ok \d+ ms\s+\| ok \d+ ms/);
    expect(walled.stdout).toContain(`Threads doc id in use: ${fake.switches.threadsDocId} (discovered)`);
    expect(walled.stdout).toContain('BROKEN for every Threads link: threads-page');
    // Two runs of the script, each starting tsx: room for a loaded machine.
  }, 60_000);

  it('refuses what is not a post link, with usage', async () => {
    expect((await checkLive(['https://www.instagram.com/instagram/'])).code).toBe(2);
  });

  it('--user: the profile view, section by section; exit 1 when the user cannot be looked up', async () => {
    const { code, stdout } = await checkLive(['--user', '@manchesterunited'], { IG_SESSIONID: 'live' });
    expect(code).toBe(0);
    expect(stdout).toMatch(/stories\s+6 current/);
    expect(stdout).toMatch(/highlights\s+2 albums/);
    expect(stdout).toMatch(/posts\s+12 on the first page, more to load/);
    // Each way to ask, alone (issue 36): the REST feed, the username feed, the GraphQL timeline, the stories query.
    expect(stdout).toMatch(/REST feed\s+12 posts/);
    expect(stdout).toMatch(/username feed\s+12 posts, picture 1080 px/);
    expect(stdout).toMatch(/GraphQL timeline\s+12 posts/);
    expect(stdout).toMatch(/reels_media\s+6 stories/);
    expect(stdout).toMatch(/stories query\s+6 stories/);
    expect(stdout).toMatch(/profile page query\s+picture 1080 px/);
    const none = await checkLive(['--user', 'no.such.user.here']);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('not_found');
  });
});
