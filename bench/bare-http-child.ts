/**
 * The floor under the cached-resolve ratio: a bare node:http server (no framework, no hooks, no validation)
 * answering the same two requests with the same bytes as the app — GET /healthz with the health body, POST
 * with a JSON body read and parsed, then the app's compressed resolve answer — and the app's headers (its
 * security headers, request id, caching and coding; the id is the one the app sent, not a new one a request).
 * What a POST with a body and a binary answer costs against a GET in Node itself, on this machine, in the same
 * run. argv[2]: JSON BareAnswers. argv[3] `fastify`: the same two routes on a bare Fastify (no plugin, no hook,
 * no logger), the ceiling any app on Fastify can reach.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

export interface BareAnswers {
  health: string;
  /** The headers the app sent with each answer, in its order, but those Node writes itself (date, length, connection). */
  healthHeaders: [string, string][];
  /** The app's resolve answer as sent (base64), compressed as it was. */
  resolve: string;
  resolveHeaders: [string, string][];
}

const answers = JSON.parse(process.argv[2] ?? '{}') as BareAnswers;
const resolveBytes = Buffer.from(answers.resolve, 'base64');
const flat = (headers: [string, string][], length: number) => [...headers.flat(), 'content-length', String(length)];
const healthHeaders = flat(answers.healthHeaders, Buffer.byteLength(answers.health));
const resolveHeaders = flat(answers.resolveHeaders, resolveBytes.length);

const nodeServer = () => createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(200, healthHeaders).end(answers.health);
    return;
  }
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    JSON.parse(body);
    res.writeHead(200, resolveHeaders).end(resolveBytes);
  });
});

function fastifyServer() {
  const app = Fastify({ logger: false });
  const health = Object.fromEntries(answers.healthHeaders);
  const resolve = Object.fromEntries(answers.resolveHeaders);
  app.get('/healthz', (_request, reply) => reply.headers(health).send(answers.health));
  app.post('/api/v1/resolve', (request, reply) => {
    void request.body;
    void reply.headers(resolve).send(resolveBytes);
  });
  void app.ready();
  return app.server;
}

const server = process.argv[3] === 'fastify' ? fastifyServer() : nodeServer();
server.listen(0, '127.0.0.1', () => process.send?.({ type: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
process.on('message', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
