/**
 * A media upstream that serves files from memory by URL, with Range, counting requests: the muxers' unit tests
 * read tracks through it as they would through the CDN.
 */
import { Readable } from 'node:stream';
import type { MediaUpstream, UpstreamResponse } from '../src/server/media/proxy/proxy.ts';

/** Files by URL, with Range, and a count of requests (a fragment join reads each track once, front to back). */
export function memoryUpstream(files: Record<string, Buffer>) {
  const requests: string[] = [];
  const upstream: MediaUpstream = {
    async open(url, init) {
      const file = files[url]!;
      const range = /bytes=(\d+)-(\d*)/.exec(String((init?.headers as Record<string, string> | undefined)?.range ?? ''));
      requests.push(range ? `${url} ${range[0]}` : url);
      const start = range ? Number(range[1]) : 0;
      const end = range?.[2] ? Number(range[2]) + 1 : file.length;
      const headers = {
        'content-length': String(end - start),
        etag: '"1"',
        ...(range ? { 'content-range': `bytes ${start}-${end - 1}/${file.length}` } : {}),
      };
      const body = Readable.from([file.subarray(start, end)]) as unknown as UpstreamResponse['body'];
      return { status: range ? 206 : 200, headers, body, url: new URL(url) };
    },
    close: async () => undefined,
  };
  return { upstream, requests };
}

/** A stream's bytes, once it has ended. */
export async function bytesOf(readable: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of readable) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
