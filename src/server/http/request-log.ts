/**
 * One log line per request, written when its answer is sent: the request (method, URL with tokens redacted, id), its
 * status and its time. Fastify's own controller writes two for every request ("incoming request", then "request
 * completed"), a cached resolve included (issue 41 point 6: a cached answer costs one line at most). Its other lines
 * (errors, streams cut short, unknown routes) stay. A request that never completes leaves no line of its own.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
