/**
 * Graceful shutdown: stop accepting connections at once, let in-flight requests (long downloads
 * included) finish up to a deadline, then cut what is left, and only then close upstream agents,
 * SQLite and Redis (the apps' onClose hooks run after the HTTP server has closed).
 */
import type { FastifyInstance } from 'fastify';

/** The default; SHUTDOWN_DEADLINE_MS sets it (the image: 15 s, inside compose's 20 s stop grace period). */
export const SHUTDOWN_DEADLINE_MS = 25_000;
/** Kept-alive sockets that finished their last response are closed at this pace while draining. */
const IDLE_SWEEP_MS = 200;

export async function closeGracefully(app: FastifyInstance, deadlineMs = SHUTDOWN_DEADLINE_MS): Promise<void> {
  // app.close() stops listening, answers 503 on kept-alive sockets (return503OnClosing) and waits for
  // every open connection; idle ones would otherwise linger until keepAliveTimeout.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const deadline = setTimeout(() => {
    app.log.warn({ deadlineMs }, 'shutdown deadline passed: closing the remaining connections');
    app.server.closeAllConnections();
  }, deadlineMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}
