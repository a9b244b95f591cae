/**
 * How many bytes the kernel still holds for one TCP connection: sent and not yet acknowledged by the client, or
 * not yet sent (the tx_queue column of Linux's /proc/net/tcp and tcp6). Node exposes no such figure, and without it
 * a server cannot tell a client that reads from a kernel that keeps buffering for one that does not: the send buffer
 * alone grows to megabytes (net.ipv4.tcp_wmem). One read of the tables serves every caller within `maxAgeMs`.
 * Where the tables cannot be read (not Linux), or the connection is not in them, the answer is undefined.
 */
import { readFileSync } from 'node:fs';
import { isIPv4, type Socket } from 'node:net';
import { endianness } from 'node:os';

const TABLES = ['/proc/net/tcp', '/proc/net/tcp6'];

let table = new Map<string, number>();
let readAt = -Infinity;
let readable = true;

export function kernelSendQueue(socket: Socket, maxAgeMs: number): number | undefined {
  if (!readable) return undefined;
  const key = connectionKey(socket);
  if (key === undefined) return undefined;
  const now = performance.now();
  if (now - readAt > maxAgeMs) {
    readAt = now;
    table = readTables();
  }
  return table.get(key);
}

function readTables(): Map<string, number> {
  const entries = new Map<string, number>();
  let found = 0;
  for (const file of TABLES) {
    let text: string;
    try {
      text = readFileSync(file, 'latin1');
      found++;
    } catch {
      continue; // tcp6 is absent on a kernel without IPv6; both are absent off Linux (handled below).
    }
    // "  sl  local_address rem_address   st tx_queue:rx_queue ...", one connection a line after the heading.
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 5) continue;
      entries.set(`${fields[1]} ${fields[2]}`, parseInt(fields[4]!.slice(0, 8), 16));
    }
  }
  if (found === 0) readable = false;
  return entries;
}

/** The connection as the tables spell it: "0100007F:1F90 0100007F:A2B4" (addresses in the kernel's byte order). */
function connectionKey(socket: Socket): string | undefined {
  const { localAddress, localPort, remoteAddress, remotePort } = socket;
  if (!localAddress || !localPort || !remoteAddress || !remotePort) return undefined;
  const local = addressHex(localAddress);
  const remote = addressHex(remoteAddress);
  if (local === undefined || remote === undefined) return undefined;
  return `${local}:${portHex(localPort)} ${remote}:${portHex(remotePort)}`;
}

function portHex(port: number): string {
  return port.toString(16).toUpperCase().padStart(4, '0');
}

/** Each 32-bit word of the address printed as the host stores it (little-endian words are reversed). */
function addressHex(ip: string): string | undefined {
  const bytes = isIPv4(ip) ? ip.split('.').map(Number) : ipv6Bytes(ip);
  if (!bytes) return undefined;
  let out = '';
  for (let word = 0; word < bytes.length; word += 4) {
    const group = bytes.slice(word, word + 4);
    if (endianness() === 'LE') group.reverse();
    out += group.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join('');
  }
  return out;
}

function ipv6Bytes(ip: string): number[] | undefined {
  let text = ip.split('%')[0]!;
  const tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4 && isIPv4(v4[1]!)) {
    tail.push(...v4[1]!.split('.').map(Number));
    text = text.slice(0, -v4[1]!.length) + '0:0';
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  const front = groupsOf(head);
  const back = groupsOf(rest);
  const groups = rest === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  const bytes = groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}
