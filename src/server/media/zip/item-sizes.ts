/**
 * The sizes of a ZIP's items, asked for before it starts so its length can be announced (zip-length.ts).
 */
import { ApiError } from '../../errors/api-error.ts';
import { header, type MediaUpstream } from '../proxy/proxy.ts';

/** Items whose size is asked for at once before an archive with a known length starts. */
const SIZE_CHECKS_AT_ONCE = 4;

/** Each item's size from a HEAD request (4 at a time); undefined as soon as one is not known. */
export async function sizesOf(urls: string[], upstream: MediaUpstream, signal: AbortSignal): Promise<number[] | undefined> {
  const sizes: number[] = new Array(urls.length);
  let next = 0;
  let unknown = false;
  const worker = async () => {
    while (next < urls.length && !unknown) {
      const index = next++;
      try {
        const res = await upstream.open(urls[index]!, { method: 'HEAD', signal });
        res.body.on('error', () => undefined).destroy();
        const length = header(res.headers, 'content-length');
        if (res.status === 200 && length !== undefined && /^\d{1,15}$/.test(length)) sizes[index] = Number(length);
        else unknown = true;
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        // A failing item is classified by the GET of the plain path (a HEAD answer carries no body to read).
        unknown = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SIZE_CHECKS_AT_ONCE, urls.length) }, worker));
  return unknown ? undefined : sizes;
}
