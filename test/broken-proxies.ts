/**
 * Proxies as an operator's bad day has them, real sockets on loopback (issue 38): one that accepts connections and
 * never answers (hung), one that resets every connection it accepts. A dead one is a closed port (`freePort()` of
 * redis-server.ts, never listened on). Each counts the connections it took.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface BrokenProxy {
  url: string;
  /** Connections it accepted. */
  readonly connections: number;
  close(): Promise<void>;
}

async function listen(onSocket: (socket: Socket) => void): Promise<BrokenProxy> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get connections() {
      return connections;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Accepts TCP, reads what it is sent, and never answers. */
export const startHungProxy = () => listen((socket) => socket.resume());

/** Accepts TCP and resets it (RST) once the request's first bytes come. */
export const startResettingProxy = () => listen((socket) => socket.once('data', () => socket.resetAndDestroy()));
