/**
 * Renders a page at build time (every page is prerendered; nothing renders at run time). It waits for every
 * Suspense boundary and writes each part where it stands. React Router's default entry streams from the shell for a
 * browser's user agent, and React writes a large finished part after the rest: the header, the footer, the home's
 * sections and the page's data then came as hidden copies at the end of the body. Inline scripts moved them into place, batched to the next frames,
 * sometimes after the load event. Until then a visitor saw a page without its header, and a background tab, where
 * no frame runs, kept it hidden.
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

/** A part that has not resolved by then is written as its fallback, and the page as it stands. */
export const streamTimeout = 10_000;

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext): Promise<Response> {
  return new Promise((resolve, reject) => {
    let shellFailed = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // React writes a finished part larger than this after the rest, to be moved into place by a script: at build
      // time there is no "rest" to show sooner, so every part is written where it stands.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const body = new PassThrough();
        headers.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      },
      onShellError(error: unknown) {
        shellFailed = true;
        reject(error);
      },
      onError(error: unknown) {
        // A part that throws at build time is a defect to see in the build's log, not a page to ship quietly.
        if (!shellFailed) console.error(error);
        status = 500;
      },
    });
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}
