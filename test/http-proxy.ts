/**
 * A forward HTTP proxy on loopback for tests of IG_PROXY: CONNECT tunnels and absolute-form requests (what a client
 * sends a proxy for an http:// target), to 127.0.0.1 only. Records every target host it carried. With `divertTo`, it
 * carries everything to another local server: an egress whose address Instagram walls off.
 */
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

export interface TestProxy {
  url: string;
  /** host:port of every request or tunnel carried, in order. */
  hosts: string[];
  close(): Promise<void>;
}

export interface TestProxyOptions {
  /** Carry every request to this `host:port` instead of the one asked for: an address Instagram answers differently. */
  divertTo?: string;
}

export async function startHttpProxy(options: TestProxyOptions = {}): Promise<TestProxy> {
  const hosts: string[] = [];
  const server: Server = createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      return void res.writeHead(400).end();
    }
    if (target.hostname !== '127.0.0.1') return void res.writeHead(403).end();
    hosts.push(target.host);
    if (options.divertTo) target.host = options.divertTo;
    const upstream = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, client, head) => {
    const [host, port] = (options.divertTo ?? req.url ?? '').split(':');
    if (host !== '127.0.0.1') return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    hosts.push(req.url ?? '');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).on('error', () => client.destroy());
      client.pipe(upstream).on('error', () => upstream.destroy());
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hosts,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
