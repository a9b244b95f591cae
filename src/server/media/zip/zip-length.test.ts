import { describe, expect, it } from 'vitest';
import { missingLine, MAX_REASON_CHARS, planSizedArchive } from './zip-length.ts';
import { StoredZipWriter } from './zip-writer.ts';

describe('planSizedArchive', () => {
  it('adds up to what the writer emits for the same entries', () => {
    const entries = [
      { name: '01-a.jpg', size: 1000 },
      { name: 'folder/02-b.mp4', size: 123_456 },
    ];
    const plan = planSizedArchive(entries, 'MISSING.txt', [])!;
    // Write it for real: every entry whole, no missing list (its region padded), the comment filling the rest.
    const writer = new StoredZipWriter();
    let total = 0;
    entries.forEach((e, i) => {
      const start = writer.bytesWritten;
      total += writer.begin(e.name, e.size).length;
      writer.update(Buffer.alloc(e.size));
      total += e.size + writer.end().length;
      expect(writer.bytesWritten - start).toBe(plan.regions[i]);
    });
    total += writer.pad(plan.missingRegion).length;
    total += writer.finish(plan.fullCentral - writer.centralDirectoryLength).length;
    expect(total).toBe(plan.total);
    expect(writer.bytesWritten).toBe(plan.total);
  });

  it('reserves room for every entry to fail with the longest reason', () => {
    const names = Array.from({ length: 50 }, (_, i) => ({ name: `${String(i).padStart(2, '0')}-instagram-photo-2024-03-15T10-20-30-000Z-${i}.jpg`, size: 10 }));
    const plan = planSizedArchive(names, 'MISSING.txt', [])!;
    const worst = `These files could not be added to this archive:\n${names.map((n) => missingLine(n.name, 'é'.repeat(500))).join('')}`;
    expect(Buffer.byteLength(worst)).toBeLessThanOrEqual(plan.missingReserve);
    expect(missingLine('a', 'x'.repeat(500))).toBe(`a: ${'x'.repeat(MAX_REASON_CHARS - 1)}…\n`);
  });

  it('declines what a fixed length cannot cover: ZIP64 sizes, or too many entries for the end record’s comment', () => {
    expect(planSizedArchive([{ name: 'big.mp4', size: 0xffffffff }], 'missing.txt', [])).toBeUndefined();
    expect(planSizedArchive([{ name: 'a.mp4', size: 3_000_000_000 }, { name: 'b.mp4', size: 2_000_000_000 }], 'missing.txt', [])).toBeUndefined();
    const many = Array.from({ length: 1500 }, (_, i) => ({ name: `${'x'.repeat(40)}-${i}.jpg`, size: 1 }));
    expect(planSizedArchive(many, 'missing.txt', [])).toBeUndefined();
  });
});
