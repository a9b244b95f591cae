/**
 * Ends a download whose client stopped reading. With backpressure, a client that reads nothing lets the socket's
 * buffers fill and the pipe from the CDN pause, holding the upstream socket and its buffers for as long as the
 * client likes. When the client has taken no byte for `stallMs`, the response is destroyed; its routes abort
 * the upstream request when the response closes (abortWhenClientLeaves), so both sides end.
 *
 * "Taken" means acknowledged by the client's TCP, not handed to our kernel: the send buffer alone holds megabytes,
 * and a CDN that sends slowly keeps it filling (and socket.bytesWritten growing) long after the client stopped.
 */
import type { ServerResponse } from 'node:http';
import { kernelSendQueue } from './send-queue.ts';

export function watchForStall(response: ServerResponse, stallMs: number, onStall: () => void): void {
  const every = Math.max(50, Math.min(stallMs / 4, 5_000));
  let lastTaken = -1;
  let lastProgress = Date.now();
  const check = () => {
    const taken = bytesTaken(response, every / 2) ?? lastTaken;
    const now = Date.now();
    if (taken !== lastTaken) {
      lastTaken = taken;
      lastProgress = now;
      return;
    }
    if (now - lastProgress < stallMs) return;
    stop();
    onStall();
    response.destroy();
  };
  const timer = setInterval(check, every);
  timer.unref();
  const stop = () => clearInterval(timer);
  response.once('close', stop);
}

/**
 * Bytes of this connection the client has acknowledged (the socket's total: a keep-alive socket's grows across
 * responses, only changes count). Without the kernel's figure, bytes the kernel accepted: the best left to know.
 */
function bytesTaken(response: ServerResponse, maxAgeMs: number): number | undefined {
  const socket = response.socket;
  if (!socket) return undefined;
  const written = socket.bytesWritten as number | undefined; // undefined once the socket is destroyed
  if (written === undefined) return undefined;
  // bytesWritten also counts what still waits in Node's own queue (writableLength).
  const accepted = written - socket.writableLength;
  const queued = kernelSendQueue(socket, maxAgeMs);
  return queued === undefined ? accepted : accepted - queued;
}
