/**
 * The Threads links `npm run demo` prints (issue 40): one per kind of post the fake's Threads face serves, the
 * link forms people paste, and the failures a Threads link can meet. demo-threads.test.ts resolves each one.
 */
import { THREADS_FIXTURE } from '../test/fake-instagram/threads/threads-fixtures.ts';
import type { DemoRow } from './demo-table.ts';

const thread = (code: string) => `https://www.threads.com/@${THREADS_FIXTURE.user}/post/${code}`;

export const THREADS_LINKS: readonly DemoRow[] = [
  ['Threads photo', thread(THREADS_FIXTURE.photo)],
  ['Threads video', thread(THREADS_FIXTURE.video)],
  ['Threads carousel', thread(THREADS_FIXTURE.carousel)],
  ['Threads GIF (Meta’s copy, saved as .mp4)', thread(THREADS_FIXTURE.gif)],
  ['Threads GIF (GIPHY’s MP4 only)', thread(THREADS_FIXTURE.giphyGif)],
  ['Threads quote post → the quoted photo', thread(THREADS_FIXTURE.quote)],
  ['threads.net short link + tracking', `https://www.threads.net/t/${THREADS_FIXTURE.video}?xmt=demo`],
];

export const THREADS_FAILURES: readonly DemoRow[] = [
  ['Text-only thread', thread(THREADS_FIXTURE.text)],
  ['Threads profile (not yet)', `https://www.threads.com/@${THREADS_FIXTURE.user}`],
  ['Private Threads account', thread(THREADS_FIXTURE.privateLong)],
];
