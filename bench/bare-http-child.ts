/**
 * The floor under the cached-resolve ratio: a bare node:http server (no framework, no hooks, no validation)
 * answering the same two requests with the same bytes as the app — GET /healthz with the health body, POST
 * with a JSON body read and parsed, then the app's compressed resolve answer. What a POST with a body and a
 * binary answer costs against a GET in Node itself, on this machine, in the same run. argv[2]: JSON BareAnswers.
 * argv[3] `fastify`: the same two routes on a bare Fastify (no plugin, no hook, no logger), the ceiling any app on
 * Fastify can reach.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

export interface BareAnswers {
  health: string;
  /** The app's resolve answer as sent (base64) and its Content-Encoding. */
  resolve: string;
  encoding: string;
}

const answers = JSON.parse(process.argv[2] ?? '{}') as BareAnswers;
const resolveBytes = Buffer.from(answers.resolve, 'base64');
const json = 'application/json; charset=utf-8';

const nodeServer = () => createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(200, { 'content-type': json, 'content-length': Buffer.byteLength(answers.health) }).end(answers.health);
    return;
  }
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    JSON.parse(body);
    res.writeHead(200, { 'content-type': json, 'content-encoding': answers.encoding, vary: 'Accept-Encoding', 'content-length': resolveBytes.length }).end(resolveBytes);
  });
});

function fastifyServer() {
  const app = Fastify({ logger: false });
  app.get('/healthz', (_request, reply) => reply.type(json).send(answers.health));
  app.post('/api/v1/resolve', (request, reply) => {
    void request.body;
    void reply.type(json).header('content-encoding', answers.encoding).header('vary', 'Accept-Encoding').send(resolveBytes);
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
