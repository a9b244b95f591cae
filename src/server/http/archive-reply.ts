/**
 * A streamed ZIP's answer, one for every archive route (a post's, a batch's, a profile's): the attachment headers,
 * HEAD answered by them alone, and the archive `open` makes sent with its length when every item's size was known
 * (the browser then shows real progress). Until its first byte a failure is the JSON error, not a broken archive.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../media/filename.ts';
import { ClientGone } from '../media/proxy/upstream-errors.ts';
import type { OpenedArchive } from '../media/zip/zip.ts';
import { meterProxiedBytes } from '../metrics.ts';
import { abortWhenClientLeaves, dropReply } from './media.ts';

export async function sendArchive(
  request: FastifyRequest,
  reply: FastifyReply,
  filename: string,
  open: (signal: AbortSignal) => Promise<OpenedArchive>,
): Promise<FastifyReply | void> {
  reply.headers({
    'content-type': 'application/zip',
    'content-disposition': contentDisposition(filename, 'attachment'),
    'cross-origin-resource-policy': 'cross-origin',
    // The archive's content depends on which items could be fetched this time: never reuse it.
    'cache-control': 'private, no-store',
  });
  if (request.method === 'HEAD') return reply.send();
  const signal = abortWhenClientLeaves(reply);
  try {
    const archive = await open(signal);
    meterProxiedBytes(archive.stream);
    if (archive.length !== undefined) reply.header('content-length', archive.length);
    return reply.send(archive.stream);
  } catch (err) {
    if (err instanceof ClientGone) return dropReply(reply);
    // Nothing was sent yet: the JSON error replaces the archive headers set above.
    reply.removeHeader('content-disposition');
    throw err;
  }
}
