/**
 * The whole answer against Node's own: a node:http server answers the same head and body either with writeHead and
 * end or with the writer, and the bytes on the wire are compared (the Date aside), over raw TCP.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerHeads } from './answer-head.ts';
import { wholeAnswerWriter } from './whole-answer.ts';

const security = [
  ['x-content-type-options', 'nosniff'],
  ['content-security-policy', "default-src 'none'"],
] as const;
const body = Buffer.from([0x1b, 0x00, 0xff, 0x7b, 0x22, 0x0d, 0x0a, 0x80]); // binary, as a compressed answer is

let server: Server | undefined;
afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

/** A server whose answer to /node is Node's writeHead and end, and to /whole the writer's (or Node's, where it declines). */
async function startServer(setUp: (s: Server) => void = () => undefined) {
  const headFor = answerHeads();
  const declined: string[] = [];
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => setTimeout(answer, Number(request.headers['x-wait'] ?? 0)));
    const answer = () => {
      const template = headFor(security, 'br', `id-${request.headers['x-n'] ?? '0'}`, body.length);
      if (request.url === '/whole' && writeWhole(request, response, template, body)) return;
      if (request.url === '/whole') declined.push(String(request.headers['x-n']));
      response.writeHead(200, template.head).end(body);
    };
  });
  server.keepAliveTimeout = 10_000;
  setUp(server);
  const writeWhole = wholeAnswerWriter(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, declined };
}

const requestText = (path: string, n: number, extra = '', version = '1.1') =>
  `POST ${path} HTTP/${version}\r\nHost: x\r\nx-n: ${n}\r\ncontent-length: 2\r\n${extra}\r\n{}`;

/** Sends `text` at once and reads `answers` answers (each a head and a body of body.length bytes), and whether the server closed. */
function exchange(port: number, text: string, answers: number): Promise<{ raw: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    const complete = () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      return raw.split('\r\n\r\n').length - 1 >= answers && raw.length >= raw.lastIndexOf('\r\n\r\n') + 4 + body.length;
    };
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ raw: Buffer.concat(chunks).toString('latin1'), closed });
    };
    // A server that keeps the connection open is given a moment to show it does not close it.
    const timer = setTimeout(finish, 300);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (complete() && !closed) setTimeout(finish, 50);
    });
    socket.on('end', () => (closed = true));
    socket.on('error', reject);
    socket.write(text);
  });
}

const undated = (raw: string) => raw.replace(/Date: [^\r]+\r\n/g, 'Date: -\r\n');

describe('the whole answer', () => {
  it('refuses a header writeHead would refuse, as writeHead does', () => {
    const template = answerHeads()([['x-bad', 'a\r\nset-cookie: x']], undefined, 'id', 1);
    const response = { shouldKeepAlive: true, socket: { writable: true }, headersSent: false, _headerSent: false };
    const request = { httpVersion: '1.1', headers: {} };
    expect(() => wholeAnswerWriter({ keepAliveTimeout: 5000, maxRequestsPerSocket: 0 })(request as never, response as never, template, body)).toThrow(/Invalid character/);
  });

  it("sends Node's own bytes for the same head and body, and keeps the connection open", async () => {
    const { port, declined } = await startServer();
    const node = await exchange(port, requestText('/node', 1), 1);
    const whole = await exchange(port, requestText('/whole', 1), 1);
    expect(declined).toEqual([]);
    expect(undated(whole.raw)).toBe(undated(node.raw));
    expect(whole.raw).toContain('Connection: keep-alive\r\nKeep-Alive: timeout=10\r\n\r\n');
    expect(whole.raw.endsWith(body.toString('latin1'))).toBe(true);
    expect(whole.closed).toBe(false);
  });

  it('answers requests after one another on a connection, and pipelined ones in order (the one behind waits for Node)', async () => {
    const { port, declined } = await startServer();
    const node = await exchange(port, requestText('/node', 1), 1);
    const after = await exchange(port, requestText('/whole', 1) + requestText('/whole', 2), 2);
    expect(undated(after.raw)).toBe(undated(node.raw + node.raw.replace('id-1', 'id-2')));
    expect(declined).toEqual([]);
    // The first is answered late, so the two behind it arrive while it is pending and Node queues their answers.
    const piped = (path: string) => requestText(path, 1, 'x-wait: 100\r\n') + requestText(path, 2) + requestText(path, 3);
    const nodePiped = await exchange(port, piped('/node'), 3);
    const wholePiped = await exchange(port, piped('/whole'), 3);
    expect(undated(wholePiped.raw)).toBe(undated(nodePiped.raw));
    expect([...wholePiped.raw.matchAll(/x-request-id: (id-\d)/g)].map((m) => m[1])).toEqual(['id-1', 'id-2', 'id-3']);
    expect(declined).toEqual(['2', '3']);
  });

  it('leaves a Connection: close, an HTTP/1.0 request and an Expect to Node, which answers them as ever', async () => {
    const { port, declined } = await startServer();
    for (const [n, extra, version] of [
      [1, 'Connection: close\r\n', '1.1'],
      [2, '', '1.0'],
      [3, 'Expect: 100-continue\r\n', '1.1'],
    ] as const) {
      const node = await exchange(port, requestText('/node', n, extra, version), 1);
      const whole = await exchange(port, requestText('/whole', n, extra, version), 1);
      expect(undated(whole.raw)).toBe(undated(node.raw));
      expect(whole.closed).toBe(node.closed);
    }
    expect(declined).toEqual(['1', '2', '3']);
  });

  it('leaves a server with a cap on requests per connection to Node, and states no Keep-Alive without a timeout', async () => {
    const capped = await startServer((s) => (s.maxRequestsPerSocket = 5));
    const node = await exchange(capped.port, requestText('/node', 1), 1);
    const whole = await exchange(capped.port, requestText('/whole', 1), 1);
    expect(undated(whole.raw)).toBe(undated(node.raw));
    expect(whole.raw).toContain('max=5');
    expect(capped.declined).toEqual(['1']);
    server!.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));

    const noTimeout = await startServer((s) => (s.keepAliveTimeout = 0));
    const plainNode = await exchange(noTimeout.port, requestText('/node', 1), 1);
    const plainWhole = await exchange(noTimeout.port, requestText('/whole', 1), 1);
    expect(noTimeout.declined).toEqual([]);
    expect(undated(plainWhole.raw)).toBe(undated(plainNode.raw));
    expect(plainWhole.raw).not.toContain('Keep-Alive');
  });
});
