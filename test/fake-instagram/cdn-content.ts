/**
 * What the fake CDN holds at a path: a real media fixture (media-catalog.ts), a file on disk registered by a
 * benchmark (large real media), or the deterministic bytes of cdn-bytes.ts. One shape for the server to send.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { fakeContentType, fakeEtag, fakeFileChunks, fakeFileSize, fakeLastModified } from './cdn-bytes.ts';
import { realMediaFor, type MediaFile } from './media-catalog.ts';

export interface CdnContent {
  size: number;
  type: string;
  etag: string;
  lastModified: string;
  /** Bytes [start, endExclusive), in chunks of at most 256 KB. */
  chunks(start: number, endExclusive: number): Generator<Buffer>;
}

const FIXED_DATE = new Date(Date.UTC(2025, 0, 15)).toUTCString();
const READ_SIZE = 256 * 1024;

function realContent(file: MediaFile): CdnContent {
  return {
    size: file.bytes.length,
    type: file.type,
    etag: `"${createHash('sha256').update(file.bytes).digest('hex').slice(0, 24)}"`,
    lastModified: FIXED_DATE,
    *chunks(start, endExclusive) {
      for (let at = start; at < endExclusive; at += READ_SIZE) yield file.bytes.subarray(at, Math.min(endExclusive, at + READ_SIZE));
    },
  };
}

function diskContent(filePath: string): CdnContent {
  const { size, mtimeMs } = statSync(filePath);
  return {
    size,
    type: filePath.endsWith('.m4a') ? 'audio/mp4' : 'video/mp4',
    etag: `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`,
    lastModified: new Date(mtimeMs).toUTCString(),
    // Read on demand (sync: a local file in the page cache), so a 100 MB file costs no memory.
    *chunks(start, endExclusive) {
      const fd = openSync(filePath, 'r');
      try {
        for (let at = start; at < endExclusive; at += READ_SIZE) {
          const chunk = Buffer.allocUnsafe(Math.min(READ_SIZE, endExclusive - at));
          readSync(fd, chunk, 0, chunk.length, at);
          yield chunk;
        }
      } finally {
        closeSync(fd);
      }
    },
  };
}

function fakeContent(path: string): CdnContent {
  return {
    size: fakeFileSize(path),
    type: fakeContentType(path),
    etag: fakeEtag(path),
    lastModified: fakeLastModified(path),
    chunks: (start, endExclusive) => fakeFileChunks(path, start, endExclusive),
  };
}

/** `stp`: the picture size a CDN URL asks for (its query's `stp`), where it has one. */
export async function cdnContent(path: string, catalog: Map<string, string>, diskFiles: Map<string, string>, stp?: string | null): Promise<CdnContent> {
  const disk = diskFiles.get(path);
  if (disk) return diskContent(disk);
  const real = await realMediaFor(catalog, path, stp);
  return real ? realContent(real) : fakeContent(path);
}
