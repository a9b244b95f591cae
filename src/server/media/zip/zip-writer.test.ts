import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StoredZipWriter, type ZipWriterOptions } from './zip-writer.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'gramsave-zipw-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Entry {
  name: string;
  data: Buffer;
  sizeHint?: number | 'exact';
  abandonAfter?: number;
}

function build(entries: Entry[], options: ZipWriterOptions = {}): string {
  const writer = new StoredZipWriter(options);
  const out: Buffer[] = [];
  for (const entry of entries) {
    out.push(writer.begin(entry.name, entry.sizeHint === 'exact' ? entry.data.length : entry.sizeHint));
    const data = entry.abandonAfter === undefined ? entry.data : entry.data.subarray(0, entry.abandonAfter);
    for (let i = 0; i < data.length; i += 7000) {
      const chunk = data.subarray(i, i + 7000);
      writer.update(chunk);
      out.push(chunk);
    }
    if (entry.abandonAfter === undefined) out.push(writer.end());
    else writer.abandon();
  }
  out.push(writer.finish());
  const archive = Buffer.concat(out);
  expect(writer.bytesWritten).toBe(archive.length);
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, archive);
  return file;
}

function unzipTest(file: string): string {
  return execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
}

function extract(file: string, name: string): Buffer {
  return execFileSync('unzip', ['-p', file, name], { maxBuffer: 64 * 1024 * 1024 });
}

function listing(file: string): string[] {
  return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
}

const random = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed * 17 + (i >> 8)) & 255));

describe('StoredZipWriter', () => {
  it('writes stored entries that unzip verifies, byte for byte, with UTF-8 names', () => {
    const entries: Entry[] = [
      { name: '01-instagram-photo-2024.jpg', data: random(60_123, 1), sizeHint: 'exact' },
      { name: '02-instagram-video-ñ.mp4', data: random(400_001, 2), sizeHint: 'exact' },
      { name: 'empty.txt', data: Buffer.alloc(0), sizeHint: 'exact' },
    ];
    const file = build(entries);
    expect(unzipTest(file)).toContain('No errors detected');
    expect(listing(file)).toEqual(entries.map((e) => e.name));
    for (const entry of entries) expect(extract(file, entry.name).equals(entry.data)).toBe(true);
  });

  it('switches an entry to ZIP64 when its size is unknown', () => {
    const data = random(100_000, 3);
    const file = build([
      { name: 'known.bin', data, sizeHint: 'exact' },
      { name: 'unknown.bin', data },
    ]);
    expect(unzipTest(file)).toContain('No errors detected');
    expect(extract(file, 'unknown.bin').equals(data)).toBe(true);
    expect(execFileSync('zipinfo', ['-v', file], { encoding: 'utf8' })).toMatch(/minimum software version required to extract:\s+4\.5/);
  });

  it('writes valid ZIP64 end records and extra fields when forced', () => {
    const entries: Entry[] = [
      { name: 'a.bin', data: random(70_000, 4), sizeHint: 'exact' },
      { name: 'b.bin', data: random(10, 5), sizeHint: 'exact' },
    ];
    const file = build(entries, { forceZip64: true });
    expect(unzipTest(file)).toContain('No errors detected');
    for (const entry of entries) expect(extract(file, entry.name).equals(entry.data)).toBe(true);
    expect(execFileSync('zipinfo', ['-v', file], { encoding: 'utf8' })).toContain('ID 0x0001 (PKWARE 64-bit sizes)');
    const bytes = readFileSync(file);
    const record = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
    const locator = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]));
    expect(record).toBeGreaterThan(0);
    expect(Number(bytes.readBigUInt64LE(locator + 8))).toBe(record); // the locator points at the ZIP64 end record
    expect(Number(bytes.readBigUInt64LE(record + 24))).toBe(2); // entry count
  });

  it('leaves an abandoned entry out of the directory while the archive stays valid', () => {
    const file = build([
      { name: 'first.jpg', data: random(5000, 6), sizeHint: 'exact' },
      { name: 'broken.mp4', data: random(90_000, 7), sizeHint: 90_000, abandonAfter: 33_333 },
      { name: 'last.jpg', data: random(8000, 8), sizeHint: 'exact' },
    ]);
    expect(unzipTest(file)).toContain('No errors detected');
    expect(listing(file)).toEqual(['first.jpg', 'last.jpg']);
    expect(extract(file, 'last.jpg').equals(random(8000, 8))).toBe(true);
  });

  it('records the given time', () => {
    const file = build([{ name: 'x.txt', data: Buffer.from('x'), sizeHint: 'exact' }], { date: new Date('2024-05-01T10:20:30Z') });
    expect(execFileSync('unzip', ['-l', file], { encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } })).toMatch(/2024-05-01 10:20|05-01-2024 10:20/);
  });

  it('refuses misuse', () => {
    const writer = new StoredZipWriter();
    expect(() => writer.update(Buffer.from('x'))).toThrow();
    writer.begin('a', 1);
    expect(() => writer.begin('b', 1)).toThrow();
    expect(() => writer.finish()).toThrow();
  });
});
