/**
 * The fake Instagram's HTTPS face, for tests of the browser-grade client: the same web handler over TLS with a
 * certificate made for the test (openssl, valid a day), which first reads each connection's ClientHello and notes
 * whether it looks like Chrome's (GREASE values among its cipher suites, RFC 8701) or like Node's (none). With the
 * 2026 fact `polaris-tls`, the Polaris query answers its HTML app shell to the latter, as Instagram does
 * (FxEmbed PR #2299). The product trusts the certificate only through IG_TEST_INSECURE_TLS, a test-only setting.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TlsFace {
  origin: string;
  /** Per connection, in order: did its ClientHello carry GREASE (a browser's)? */
  hellos: boolean[];
  close(): Promise<void>;
}

/** GREASE cipher suites are 0x?A?A with both bytes equal (0x0A0A, 0x1A1A, … 0xFAFA). */
const isGrease = (value: number) => (value & 0x0f0f) === 0x0a0a && value >> 8 === (value & 0xff);

/** Whether a TLS ClientHello (the first bytes a client sends) lists a GREASE cipher suite; false if unreadable. */
export function helloHasGrease(bytes: Buffer): boolean {
  // record: type 22 (handshake), version, length; handshake: type 1 (ClientHello), length, version, random(32)
  if (bytes.length < 44 || bytes[0] !== 0x16 || bytes[5] !== 0x01) return false;
  let at = 5 + 4 + 2 + 32;
  const sessionIdLength = bytes[at]!;
  at += 1 + sessionIdLength;
  if (at + 2 > bytes.length) return false;
  const suitesLength = bytes.readUInt16BE(at);
  at += 2;
  for (let i = at; i + 1 < Math.min(at + suitesLength, bytes.length); i += 2) if (isGrease(bytes.readUInt16BE(i))) return true;
  return false;
}

function makeCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'gramsave-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Serve `handler` over TLS; `browserByPort` tells the handler, by the client's port, what its ClientHello looked like. */
export async function startTlsFace(
  handler: Parameters<typeof createHttpsServer>[1],
  browserByPort: Map<number, boolean>,
): Promise<TlsFace> {
  const hellos: boolean[] = [];
  const https = createHttpsServer({ ...makeCertificate(), ALPNProtocols: ['http/1.1'] }, handler);
  const sockets = new Set<Socket>();
  const tcp = createTcpServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      if (socket.remotePort !== undefined) browserByPort.delete(socket.remotePort);
    });
    socket.once('data', (first: Buffer) => {
      const browser = helloHasGrease(first);
      hellos.push(browser);
      if (socket.remotePort !== undefined) browserByPort.set(socket.remotePort, browser);
      socket.pause();
      socket.unshift(first);
      https.emit('connection', socket);
    });
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(tcp.address() as AddressInfo).port}`,
    hellos,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}
