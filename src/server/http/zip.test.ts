import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeFileBytes } from '../../../test/fake-instagram/cdn-bytes.ts';
import { now, startMediaRig, waitFor, type MediaRig } from '../../../test/media-rig.ts';
import type { ZipPayload } from '../media/token.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-zip-'));
let rig: MediaRig;
beforeAll(async () => {
  rig = await startMediaRig();
});
afterAll(async () => {
  await rig.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => rig.cdn.clearFaults());

const ITEMS = [
  ['/scontent.cdninstagram.com/v/t51/carousel_1.jpg', '01-instagram-photo-2024-05-01T10-00-00-000Z.jpg', 'image'],
  ['/scontent.cdninstagram.com/o1/v/t16/carousel_2.mp4', '02-instagram-video-2024-05-01T10-00-00-000Z.mp4', 'video'],
  ['/scontent.cdninstagram.com/v/t51/carousel_3.jpg', '03-instagram-photo-2024-05-01T10-00-00-000Z.jpg', 'image'],
] as const;

function zipPath(items: { u: string; f: string }[], overrides: Partial<ZipPayload> = {}): string {
  return `/api/v1/zip/${rig.sign({ t: 'z', n: 'instagram-natgeo-C8xYz12AbCd.zip', e: now() + 3600, i: items, ...overrides })}`;
}
const carousel = () => ITEMS.map(([p, f]) => ({ u: rig.cdn.urlFor(p), f }));

function save(body: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, body);
  return file;
}
const unzipTest = (file: string) => execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
const names = (file: string) => execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
const extract = (file: string, name: string) => execFileSync('unzip', ['-p', file, name], { maxBuffer: 64 * 1024 * 1024 });

describe('GET /api/v1/zip/{token}', () => {
  it('streams one valid ZIP whose entries are byte-identical to the single downloads', async () => {
    const res = await rig.get(zipPath(carousel()));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    // Every size was known (stored entries): the length is announced, so the browser shows real progress.
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="instagram-natgeo-C8xYz12AbCd.zip"; filename*=UTF-8''instagram-natgeo-C8xYz12AbCd.zip`,
    );
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['content-encoding']).toBeUndefined();
    const file = save(res.body);
    expect(unzipTest(file)).toContain('No errors detected');
    expect(names(file)).toEqual(ITEMS.map(([, f]) => f));
    for (const [cdnPath, name, kind] of ITEMS) {
      const single = await rig.get(`${rig.mediaPath(rig.cdn.urlFor(cdnPath), { k: kind, f: name })}?download=1`);
      expect(single.status).toBe(200);
      const entry = extract(file, name);
      expect(entry.equals(single.body), name).toBe(true);
      expect(entry.equals(fakeFileBytes(cdnPath)), name).toBe(true);
    }
  });

  it('leaves a failing item out and lists it in missing.txt', async () => {
    rig.cdn.setFault(ITEMS[1][0], { kind: 'status', status: 404 });
    const res = await rig.get(zipPath(carousel()));
    expect(res.status).toBe(200);
    const file = save(res.body);
    expect(unzipTest(file)).toContain('No errors detected');
    expect(names(file)).toEqual([ITEMS[0][1], ITEMS[2][1], 'missing.txt']);
    expect(extract(file, 'missing.txt').toString()).toBe(
      `These files could not be added to this archive:\n${ITEMS[1][1]}: This media file no longer exists.\n`,
    );
    expect(extract(file, ITEMS[2][1]).equals(fakeFileBytes(ITEMS[2][0]))).toBe(true);
  });

  it('resumes a body that broke off, and drops an item that keeps breaking', async () => {
    rig.cdn.setFault(ITEMS[1][0], { kind: 'close-mid-stream', afterBytes: 150_000, times: 1 });
    const requestsBefore = rig.cdn.counts.byPath.get(ITEMS[1][0]) ?? 0;
    const resumed = save((await rig.get(zipPath(carousel()))).body);
    // Its size first (HEAD, for the announced length), the break, then one Range request.
    expect(rig.cdn.counts.byPath.get(ITEMS[1][0])).toBe(requestsBefore + 3);
    expect(unzipTest(resumed)).toContain('No errors detected');
    expect(names(resumed)).toEqual(ITEMS.map(([, f]) => f));
    expect(extract(resumed, ITEMS[1][1]).equals(fakeFileBytes(ITEMS[1][0]))).toBe(true);

    // Every request for the item, resumes included, is cut at the same byte.
    rig.cdn.setFault(ITEMS[1][0], { kind: 'close-at-byte', offset: 150_000 });
    const droppedAnswer = await rig.get(zipPath(carousel()));
    const dropped = save(droppedAnswer.body);
    // The length announced before the first byte still holds: the broken item's region is padding, unlisted.
    expect(Number(droppedAnswer.headers['content-length'])).toBe(droppedAnswer.body.length);
    expect(unzipTest(dropped)).toContain('No errors detected');
    expect(names(dropped)).toEqual([ITEMS[0][1], ITEMS[2][1], 'missing.txt']);
    expect(extract(dropped, 'missing.txt').toString()).toContain(`${ITEMS[1][1]}: The download broke off and could not be resumed.`);
  });

  it('stores an item of unknown length (ZIP64 entry) correctly, and announces no length then', async () => {
    rig.cdn.setFault(ITEMS[1][0], { kind: 'no-length' });
    const res = await rig.get(zipPath(carousel()));
    expect(res.headers['content-length']).toBeUndefined();
    const file = save(res.body);
    expect(unzipTest(file)).toContain('No errors detected');
    expect(extract(file, ITEMS[1][1]).equals(fakeFileBytes(ITEMS[1][0]))).toBe(true);
  });

  it('keeps entry names inside the archive and unique', async () => {
    const u = rig.cdn.urlFor(ITEMS[0][0]);
    const res = await rig.get(zipPath([
      { u, f: '../../etc/passwd' },
      { u, f: 'photo.jpg' },
      { u, f: 'PHOTO.jpg' },
      { u, f: 'missing.txt' },
    ]));
    const file = save(res.body);
    expect(unzipTest(file)).toContain('No errors detected');
    expect(names(file)).toEqual(['__.._etc_passwd', 'photo.jpg', 'PHOTO-2.jpg', 'missing.txt']);
  });

  it('answers a JSON error when no item can be fetched', async () => {
    const expired = ITEMS.map(([p, f]) => ({ u: rig.cdn.urlFor(p, { oeSeconds: now() - 5 }), f }));
    const gone = await rig.get(zipPath(expired));
    expect(gone.status).toBe(410);
    expect(gone.headers['content-type']).toMatch(/^application\/json/);
    expect(gone.headers['content-disposition']).toBeUndefined();
    expect(gone.json().error.code).toBe('expired');

    rig.cdn.setFault(ITEMS[0][0], { kind: 'status', status: 404 });
    rig.cdn.setFault(ITEMS[1][0], { kind: 'status', status: 500 });
    rig.cdn.setFault(ITEMS[2][0], { kind: 'status', status: 404 });
    // Mixed causes answer the most actionable one (errors/combined-failure.ts), a 502 only when every cause is one.
    const mixed = await rig.get(zipPath(carousel()));
    expect(mixed.status).toBe(404);
    expect(mixed.json().error.code).toBe('not_found');
    for (const [p] of ITEMS.slice(0, 3)) rig.cdn.setFault(p, { kind: 'status', status: 500 });
    const down = await rig.get(zipPath(carousel()));
    expect([down.status, down.json().error.code]).toEqual([502, 'upstream_unavailable']);
  });

  it('refuses expired, tampered and single-file tokens', async () => {
    const expired = await rig.get(zipPath(carousel(), { e: now() - 1 }));
    expect(expired.status).toBe(410);
    expect(expired.json().error.code).toBe('expired');
    const good = zipPath(carousel());
    const tampered = await rig.get(good.slice(0, 20) + (good[20] === 'a' ? 'b' : 'a') + good.slice(21));
    expect(tampered.status).toBe(400);
    const single = await rig.get(rig.mediaPath(rig.cdn.urlFor(ITEMS[0][0])).replace('/media/', '/zip/'));
    expect(single.status).toBe(400);
    expect(single.json().error.code).toBe('bad_request');
  });

  it('answers HEAD without fetching anything', async () => {
    const before = rig.cdn.counts.requests;
    const res = await rig.get(zipPath(carousel()), {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.body.length).toBe(0);
    expect(rig.cdn.counts.requests).toBe(before);
  });

  it('stops fetching when the client goes away', async () => {
    const local = await startMediaRig();
    const client = new Agent();
    try {
      const big = ['/scontent.cdninstagram.com/big/120000000/a.mp4', '/scontent.cdninstagram.com/big/120000000/b.mp4'];
      const token = local.sign({ t: 'z', n: 'x.zip', e: now() + 600, i: big.map((p, i) => ({ u: local.cdn.urlFor(p), f: `${i}.mp4` })) });
      const res = await request(`${local.base}/api/v1/zip/${token}`, { dispatcher: client });
      expect(res.statusCode).toBe(200);
      for await (const _chunk of res.body) break;
      await waitFor(() => local.cdn.openSockets() === 0, 3000);
      // The second item's size was asked (one HEAD, for the announced length); its body was never fetched.
      expect(local.cdn.counts.byPath.get(big[1]!) ?? 0).toBeLessThanOrEqual(1);
      expect(local.cdn.counts.bodyBytes).toBeLessThan(60_000_000);
    } finally {
      await client.destroy();
      await local.close();
    }
  });
});
