/**
 * One ZIP across the posts of a batch, end to end: the real app and the fake Instagram. POST /api/v1/batch
 * signs a link; the archive holds one folder per post (author_shortcode), each post's best files (a Full HD
 * reel joined), and MISSING.txt naming the posts that failed, before or now. Past 200 files the answer is a
 * clear 413; bad bodies are clear 4xx; the link follows the other tokens' rules.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../../../test/fake-instagram/fixtures.ts';
import { startResolveRig, type ResolveRig } from '../../../test/fake-instagram/rig.ts';
import { probe } from '../../../test/media-probe.ts';
import type { BatchZip } from '../../shared/api.ts';
import { signMediaToken } from '../media/token.ts';

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const post = (code: string) => `https://www.instagram.com/p/${code}/`;
let rig: ResolveRig;
const dir = mkdtempSync(join(tmpdir(), 'gramsave-batch-'));

beforeAll(async () => {
  rig = await startResolveRig({ env: { DOWNLOAD_SECRET: SECRET } });
  rig.fake.switches.set('E2Egone0001', 'not_found');
  rig.fake.switches.set('E2Eadult001', 'age_restricted');
  rig.fake.switches.set('E2Eregion01', 'region_restricted');
});
afterAll(async () => {
  await rig.close();
  rmSync(dir, { recursive: true, force: true });
});

async function batch(body: unknown, contentType = 'application/json') {
  const res = await fetch(`${rig.app.base}/api/v1/batch`, { method: 'POST', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as BatchZip & { error?: { code: string; message: string } } };
}

async function zipAt(url: string): Promise<{ status: number; file: string; headers: Headers; text: string }> {
  const res = await fetch(rig.app.base + url);
  const bytes = Buffer.from(await res.arrayBuffer());
  const file = join(dir, `batch-${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, bytes);
  return { status: res.status, file, headers: res.headers, text: res.status === 200 ? '' : bytes.toString() };
}

const list = (zip: string) => execFileSync('unzip', ['-Z1', zip]).toString().trim().split('\n');
const read = (zip: string, name: string) => execFileSync('unzip', ['-p', zip, name], { maxBuffer: 64 * 1024 * 1024 });

describe('POST /api/v1/batch and its ZIP', () => {
  it('one folder per post, every post’s files, and MISSING.txt for what failed before and now', async () => {
    const answer = await batch({
      links: [
        { url: post(FIXTURE.v1Carousel), tool: 'photo' },
        { url: `https://www.instagram.com/reel/${FIXTURE.dashReel}/`, tool: 'reels' },
        { url: `${post(FIXTURE.v1Carousel)}?igsh=again` }, // the same post twice: archived once
        { url: post('E2Egone0001') },
        { url: post('E2Eadult001') },
        { url: post('E2Eregion01') },
      ],
      failed: [{ url: 'https://www.instagram.com/p/E2Eprivate99/', reason: 'This account is private.' }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ posts: 2, missing: 4 });
    expect(answer.body.zipUrl).toMatch(/^\/api\/v1\/zip\/[\w-]+\.[\w-]{43}$/);

    const zip = await zipAt(answer.body.zipUrl);
    expect(zip.status).toBe(200);
    // A joined video's size is unknown until it is made: no length is announced for this one.
    expect(zip.headers.get('content-length')).toBeNull();
    expect(zip.headers.get('content-disposition')).toMatch(/^attachment; filename="instagram-batch-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.zip"/);
    const names = list(zip.file);
    const carousel = names.filter((n) => n.includes(`_${FIXTURE.v1Carousel}/`));
    const reel = names.filter((n) => n.includes(`_${FIXTURE.dashReel}/`));
    expect(carousel).toHaveLength(4);
    expect(carousel.every((n) => /^manchesterunited_Cji5EVwNDcC\/manchesterunited-Cji5EVwNDcC-[1-4]-\d{3,4}(p|x\d{3,4})\.(jpg|mp4)$/.test(n))).toBe(true);
    expect(reel).toHaveLength(1);
    expect(answer.body.files).toBe(5);
    expect(names.at(-1)).toBe('MISSING.txt');
    const missing = read(zip.file, 'MISSING.txt').toString();
    expect(missing).toContain('https://www.instagram.com/p/E2Egone0001/');
    expect(missing).toContain('https://www.instagram.com/p/E2Eprivate99/: This account is private.');
    // An age-gated post says why, not "deleted" (issue 29).
    expect(missing).toContain('https://www.instagram.com/p/E2Eadult001/: Instagram shows this post only to logged-in adults');
    // A post gated by region or audience says so too (issue 36: Instagram's oEmbed answers geoblock_required).
    expect(missing).toContain('https://www.instagram.com/p/E2Eregion01/: Instagram limits who can see this post');
    // The reel's best quality is the joined 1080p, made inside the archive.
    const joined = probe(read(zip.file, reel[0]!));
    expect(joined.streams.map((s) => `${s.codec_name}:${s.width ?? ''}`)).toEqual(['h264:1080', 'aac:']);
  });

  it('a French batch: MISSING.txt wholly in French, the page’s reasons by their keys and the server’s own by their codes', async () => {
    const fr = JSON.parse(readFileSync(join(process.cwd(), 'content/locales/fr/common.json'), 'utf8')) as Record<string, Record<string, string>>;
    const answer = await batch({
      lang: 'fr',
      links: [{ url: post(FIXTURE.image) }, { url: post('E2Egone0001') }, { url: post('E2Eadult001') }],
      // A row the page gave up on: its words by key (the English reason is the fallback of an older page).
      failed: [{ url: post('E2Elimited9'), reason: 'Rate limited, try later', key: 'batch.missingLimited' }],
    });
    expect(answer.status).toBe(200);
    const zip = await zipAt(answer.body.zipUrl);
    const missing = read(zip.file, 'MISSING.txt').toString();
    expect(missing).toBe(
      `${fr.profileView!.missingHeading}\n` +
        `${post('E2Elimited9')}: ${fr.batch!.missingLimited}\n` +
        `${post('E2Egone0001')}: ${fr.errors!.notFoundHome}\n` +
        `${post('E2Eadult001')}: ${fr.errors!.ageRestricted}\n`,
    );
    // A language the site does not speak, and a key that is no message, are refused clearly.
    expect((await batch({ lang: 'xx', links: [{ url: post(FIXTURE.image) }] })).status).toBe(400);
    expect((await batch({ links: [{ url: post(FIXTURE.image) }], failed: [{ url: post('E2Elimited9'), reason: 'r', key: '../secret' }] })).status).toBe(400);
    // Without a language, a key is written in English, whatever reason text came with it.
    const en = await batch({ links: [{ url: post(FIXTURE.image) }], failed: [{ url: post('E2Elimited9'), reason: 'Limité', key: 'batch.missingLimited' }] });
    expect(read((await zipAt(en.body.zipUrl)).file, 'MISSING.txt').toString()).toContain(`${post('E2Elimited9')}: Rate limited, try later`);
  });

  it('refuses past 200 files with a clear 413, before any archive', async () => {
    const links = FIXTURE.fullCarousels.slice(0, 11).map((code) => ({ url: post(code) }));
    const answer = await batch({ links });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toMatchObject({ code: 'payload_too_large' });
    expect(answer.body.error!.message).toContain('220 files');
    expect(answer.body.error!.message).toContain('200');
    const ten = await batch({ links: links.slice(0, 10) });
    expect(ten.status).toBe(200);
    expect(ten.body.files).toBe(200);
    // Stored files of known sizes only: the archive's length is announced, and holds.
    const zip = await zipAt(ten.body.zipUrl);
    expect(Number(zip.headers.get('content-length'))).toBe(statSync(zip.file).size);
    expect(list(zip.file)).toHaveLength(200);
    expect(execFileSync('unzip', ['-tq', zip.file]).toString()).toContain('No errors detected');
  });

  it('answers the failure itself when no post could be looked up', async () => {
    const answer = await batch({ links: [{ url: post('E2Egone0001') }] });
    expect(answer.status).toBe(404);
    expect(answer.body.error!.code).toBe('not_found');
    const junk = await batch({ links: [{ url: 'https://example.com/p/x/' }] });
    expect(junk.status).toBe(400);
    expect(junk.body.error!.code).toBe('invalid_url');
  });

  it('gives bad bodies a clear error and stays healthy', async () => {
    for (const body of [{}, { links: [] }, { links: 'x' }, { links: Array.from({ length: 21 }, () => ({ url: post(FIXTURE.image) })) }, '{"links": [', 'null']) {
      const answer = await batch(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await batch('{"links":[]}', 'text/plain')).status).toBe(415);
    expect((await batch({ links: [{ url: post(FIXTURE.image) }], pad: 'x'.repeat(200 * 1024) })).status).toBe(413);
    expect((await fetch(`${rig.app.base}/healthz`)).status).toBe(200);
  });

  it('a batch link follows the tokens’ rules: forged, expired, or of another kind', async () => {
    const answer = await batch({ links: [{ url: post(FIXTURE.image) }] });
    const token = answer.body.zipUrl.split('/').pop()!;
    const [body, signature] = token.split('.');
    expect((await zipAt(`/api/v1/zip/${body}.${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`)).status).toBe(400);
    const expired = signMediaToken(SECRET, { t: 'b', n: 'x.zip', e: Math.floor(Date.now() / 1000) - 10, l: [{ u: post(FIXTURE.image) }] });
    expect((await zipAt(`/api/v1/zip/${expired}`)).status).toBe(410);
    // A batch token is no single file or joined video.
    expect((await fetch(`${rig.app.base}/api/v1/media/${token}`)).status).toBe(400);
    expect((await fetch(`${rig.app.base}/api/v1/mux/${token}`)).status).toBe(400);
  });

  it('an archive whose every post now fails is a JSON error, not an empty ZIP', async () => {
    const token = signMediaToken(SECRET, { t: 'b', n: 'x.zip', e: Math.floor(Date.now() / 1000) + 600, l: [{ u: post('E2Egone0001') }] });
    const zip = await zipAt(`/api/v1/zip/${token}`);
    expect(zip.status).toBe(404);
    expect(JSON.parse(zip.text).error.code).toBe('not_found');
  });
});
