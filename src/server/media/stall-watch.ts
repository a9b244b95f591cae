/**
 * Ends a download whose client stopped reading. With backpressure, a client that reads nothing lets the socket's
 * buffers fill and the pipe from the CDN pause, holding the upstream socket and its buffers for as long as the
 * client likes. When no byte has gone to the client for `stallMs`, the response is destroyed; its routes abort
 * the upstream request when the response closes (abortWhenClientLeaves), so both sides end.
 */
import type { ServerResponse } from 'node:http';

export function watchForStall(response: ServerResponse, stallMs: number, onStall: () => void): void {
  let lastBytes = -1;
  let lastProgress = Date.now();
  const check = () => {
    // bytesWritten counts what the response handed to its socket (a keep-alive socket's total grows too).
    const bytes = response.socket?.bytesWritten ?? lastBytes;
    const now = Date.now();
    if (bytes !== lastBytes) {
      lastBytes = bytes;
      lastProgress = now;
      return;
    }
    if (now - lastProgress < stallMs) return;
    stop();
    onStall();
    response.destroy();
  };
  const timer = setInterval(check, Math.max(50, Math.min(stallMs / 4, 5_000)));
  timer.unref();
  const stop = () => clearInterval(timer);
  response.once('close', stop);
}
