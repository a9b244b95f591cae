/**
 * The fake CDN's file contents: deterministic bytes seeded by the URL path, so any test can compute
 * what a download must contain. Content is produced block by block (never the whole file at once),
 * so a 100+ MB benchmark file costs no memory, and any byte range can be produced directly.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const BLOCK_SIZE = 64 * 1024;

const BASE_SIZES: Record<string, number> = { jpg: 60_000, jpeg: 60_000, webp: 50_000, heic: 50_000, mp4: 400_000, m4a: 100_000 };
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  heic: 'image/heic',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
};

function extensionOf(path: string): string {
  const match = /\.([a-z0-9]+)$/i.exec(path);
  return match ? match[1]!.toLowerCase() : '';
}

function seedOf(path: string): Buffer {
  return createHash('sha256').update(path).digest();
}

/** Size in bytes: `/big/{bytes}/` anywhere in the path wins; otherwise by extension, varied a little per path. */
export function fakeFileSize(path: string): number {
  const hint = /\/big\/(\d{1,15})\//.exec(path);
  if (hint) return Number(hint[1]);
  const base = BASE_SIZES[extensionOf(path)] ?? 10_000;
  return base + (seedOf(path).readUInt16BE(0) % 4096);
}

export function fakeContentType(path: string): string {
  return TYPES[extensionOf(path)] ?? 'application/octet-stream';
}

export function fakeEtag(path: string): string {
  return `"${seedOf(`etag:${path}:${fakeFileSize(path)}`).toString('hex').slice(0, 24)}"`;
}

export function fakeLastModified(path: string): string {
  const seconds = 1_700_000_000 + (seedOf(path).readUInt32BE(4) % 10_000_000);
  return new Date(seconds * 1000).toUTCString();
}

/**
 * Pictures start with a real JPEG (one of three demo images, picked by path) so browsers show them in the
 * demo and in browser tests; decoders stop at its end marker and ignore the deterministic bytes after it.
 */
const DEMO_JPEGS = [1, 2, 3].map((n) => readFileSync(new URL(`./media/demo-${n}.jpg`, import.meta.url)));

function prefixOf(path: string): Buffer | undefined {
  const ext = extensionOf(path);
  if (ext !== 'jpg' && ext !== 'jpeg') return undefined;
  const jpeg = DEMO_JPEGS[seedOf(path)[2]! % DEMO_JPEGS.length]!;
  return jpeg.length <= fakeFileSize(path) ? jpeg : undefined;
}

// Base blocks are cached per path (64 KB each); a handful of paths are in use at any time.
const baseBlocks = new Map<string, Buffer>();

function baseBlock(path: string): Buffer {
  let block = baseBlocks.get(path);
  if (block) return block;
  block = Buffer.alloc(BLOCK_SIZE);
  const seed = seedOf(path);
  for (let i = 0; i * 32 < BLOCK_SIZE; i++) {
    createHash('sha256').update(seed).update(String(i)).digest().copy(block, i * 32);
  }
  if (baseBlocks.size >= 64) baseBlocks.delete(baseBlocks.keys().next().value!);
  baseBlocks.set(path, block);
  return block;
}

/**
 * Block k of a file is its base block rotated by a k-specific offset (an odd multiplier makes the offsets
 * distinct for 65,536 consecutive blocks, 4 GiB): no two blocks alike, and producing one costs no copy,
 * so the fake CDN is nearly free next to the proxy being measured.
 */
function rotationOf(k: number): number {
  return Math.imul(k + 1, 40_503) & (BLOCK_SIZE - 1);
}

/** Bytes [start, endExclusive) of the file at `path`, as slices of the cached base block (at most 64 KB each). */
export function* fakeFileChunks(path: string, start: number, endExclusive: number): Generator<Buffer> {
  const base = baseBlock(path);
  const prefix = prefixOf(path);
  let offset = start;
  while (offset < endExclusive) {
    if (prefix && offset < prefix.length) {
      const end = Math.min(prefix.length, endExclusive);
      yield prefix.subarray(offset, end);
      offset = end;
      continue;
    }
    const k = Math.floor(offset / BLOCK_SIZE);
    const within = offset - k * BLOCK_SIZE;
    const at = (within + rotationOf(k)) & (BLOCK_SIZE - 1);
    const length = Math.min(BLOCK_SIZE - within, endExclusive - offset, BLOCK_SIZE - at);
    yield base.subarray(at, at + length);
    offset += length;
  }
}

/** The whole range as one buffer (tests only; keep it small). */
export function fakeFileBytes(path: string, start = 0, endExclusive = fakeFileSize(path)): Buffer {
  return Buffer.concat([...fakeFileChunks(path, start, endExclusive)]);
}
