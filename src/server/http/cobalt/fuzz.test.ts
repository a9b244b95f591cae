/**
 * cobalt's POST / under seeded hostile requests (bodies of every type and size around 1 KB, cobalt's keys with wrong
 * values, odd headers and keys): never a 5xx, always cobalt's JSON (`error.api.*` or a tunnel or picker), and the
 * app healthy afterwards. The native API's own fuzz run is test/fuzz.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../../../../test/fake-instagram/fixtures.ts';
import { startResolveRig, type ResolveRig } from '../../../../test/fake-instagram/rig.ts';
import { seededRng, type Rng } from '../../../../test/fuzz-inputs.ts';
import { AUDIO_BITRATES, AUDIO_FORMATS, DOWNLOAD_MODES, FILENAME_STYLES, LOCAL_PROCESSING, VIDEO_QUALITIES } from './schema.ts';

const CASES = 400;
let rig: ResolveRig;
beforeAll(async () => {
  rig = await startResolveRig({ env: { RATE_LIMIT_RESOLVE_PER_MIN: '1000000' } });
});
afterAll(() => rig?.close());

const int = (rng: Rng, n: number) => Math.floor(rng() * n);
const pick = <T>(rng: Rng, list: readonly T[]): T => list[int(rng, list.length)]!;

const KEYS = ['url', 'videoQuality', 'audioFormat', 'audioBitrate', 'downloadMode', 'filenameStyle', 'localProcessing', 'disableMetadata', 'alwaysProxy', 'subtitleLang', 'youtubeDubLang', 'convertGif', 'constructor', '__proto__', 'tool', ''];
const ENUMS = [...VIDEO_QUALITIES, ...AUDIO_FORMATS, ...AUDIO_BITRATES, ...DOWNLOAD_MODES, ...FILENAME_STYLES, ...LOCAL_PROCESSING];
const LINKS = [
  `https://www.instagram.com/p/${FIXTURE.v1Image}/`,
  `https://www.instagram.com/p/${FIXTURE.v1Carousel}/`,
  'https://www.instagram.com/explore/',
  'https://example.com/',
  'javascript:alert(1)',
  'instagram.com/p/%E0%A4%A/',
  '\u0000\uFFFF',
  '',
];

function value(rng: Rng, depth = 0): unknown {
  switch (int(rng, depth > 1 ? 7 : 9)) {
    case 0: return pick(rng, ENUMS);
    case 1: return pick(rng, LINKS);
    case 2: return int(rng, 3) === 0 ? null : rng() < 0.5;
    case 3: return (rng() - 0.5) * 10 ** int(rng, 20);
    case 4: return 'x'.repeat(int(rng, 1100));
    case 5: return String.fromCharCode(...Array.from({ length: int(rng, 12) }, () => int(rng, 0x3000)));
    case 6: return pick(rng, ENUMS).toUpperCase();
    case 7: return Array.from({ length: int(rng, 4) }, () => value(rng, depth + 1));
    default: return Object.fromEntries(Array.from({ length: int(rng, 4) }, () => [pick(rng, KEYS), value(rng, depth + 1)]));
  }
}

function body(rng: Rng): string {
  const shape = int(rng, 10);
  if (shape === 0) return JSON.stringify(value(rng));
  if (shape === 1) return JSON.stringify({ url: pick(rng, LINKS) }).slice(0, int(rng, 40));
  const object: Record<string, unknown> = rng() < 0.8 ? { url: pick(rng, LINKS) } : {};
  for (let i = int(rng, 6); i > 0; i--) object[pick(rng, KEYS)] = rng() < 0.6 ? pick(rng, ENUMS) : value(rng);
  const text = JSON.stringify(object);
  // Around the 1 KB limit now and then.
  return shape === 2 ? text.replace(/}$/, `,"pad":"${'p'.repeat(Math.max(0, 1000 - text.length + int(rng, 60)))}"}`) : text;
}

function headers(rng: Rng): Record<string, string> {
  if (rng() < 0.6) return { accept: 'application/json', 'content-type': 'application/json' };
  const accept = pick(rng, ['application/json', 'application/json; charset=utf-8', '*/*', 'text/html', 'application/json;q=0', '']);
  const type = pick(rng, ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', '']);
  const auth = pick(rng, ['', 'Api-Key 7b6c8f5e-1234-4abc-9def-0123456789ab', 'Bearer x', 'Api-Key', '\t']);
  return { ...(accept ? { accept } : {}), ...(type ? { 'content-type': type } : {}), ...(auth.trim() ? { authorization: auth } : {}) };
}

describe('fuzzing cobalt’s POST /', () => {
  it(`${CASES} seeded hostile requests: never a 5xx, always cobalt’s JSON`, { timeout: 60_000 }, async () => {
    const rng = seededRng(0xc0ba17);
    const problems: string[] = [];
    const statuses = new Set<string>();
    for (let i = 0; i < CASES; i++) {
      const sent = body(rng);
      const res = await fetch(`${rig.app.base}/`, { method: 'POST', headers: headers(rng), body: sent });
      const text = await res.text();
      let answer: { status?: string; error?: { code?: string } } | undefined;
      try {
        answer = JSON.parse(text);
      } catch {
        answer = undefined;
      }
      const fine =
        res.status < 500 &&
        res.headers.get('access-control-allow-origin') === '*' &&
        (answer?.status === 'error' ? /^error\.api\.[a-z_.]+$/.test(answer.error?.code ?? '') && (res.status === 400 || res.status === 429) : res.status === 200 && ['tunnel', 'picker'].includes(answer?.status ?? ''));
      if (!fine) problems.push(`${res.status} ${text.slice(0, 120)} ← ${sent.slice(0, 120)}`);
      statuses.add(answer?.error?.code ?? answer?.status ?? String(res.status));
    }
    expect(problems.slice(0, 5), `${problems.length} of ${CASES} broke the rules`).toEqual([]);
    // The run reached past the header and body checks to lookups and answers.
    expect(statuses.size).toBeGreaterThanOrEqual(6);
    expect([...statuses]).toEqual(expect.arrayContaining(['tunnel', 'picker', 'error.api.invalid_body', 'error.api.header.accept', 'error.api.link.missing']));
    expect((await fetch(`${rig.app.base}/healthz`)).status).toBe(200);
  });
});
