/**
 * The lane's 200 handed to the socket as one buffer: status line, head and body. writeHead checks every header again
 * and builds the head's text for each answer, and end() then writes the head, the body and an empty closing piece as
 * three; here the head's unchanging bytes are made once per head template, and only the request id, the length and
 * the date are written per answer. In one process, against writeHead and end on the same answers in alternating rounds,
 * this took 18 % off a cached resolve's CPU (per-round ratio 0.822, median of 12 rounds of 2 s, 2026-11-28,
 * bench/variants-exp.ts on the branch exp/whole-answer).
 *
 * It writes what Node would write, and only where Node's answer is known: HTTP/1.1 without Expect, the connection kept
 * open (Node's own verdict, shouldKeepAlive), no cap on requests per connection (that would add `max=`), and the
 * response holding its socket, still open (a pipelined request waits behind the one before it: Node queues its answer,
 * and writeHead does it). The response is then marked as sent, as writeHead marks it (`_header` and `_headerSent`,
 * node:http's own fields in Node 20), and ended with nothing more to write, so the server goes on to the next request as
 * after any answer. whole-answer.test.ts compares the bytes with Node's own for the same head, so a Node that writes
 * its head otherwise fails it.
 */
import { validateHeaderName, validateHeaderValue, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AnswerTemplate } from './answer-head.ts';

/** What the server says of its connections, read for each answer (they may be set after the lane is put in). */
export type ConnectionTerms = Pick<Server, 'keepAliveTimeout' | 'maxRequestsPerSocket'>;

/** The template's head text around its two changing values: before the id, between the id and the length. */
interface HeadBytes {
  beforeId: Buffer;
  beforeLength: Buffer;
}

/** node:http's marks of a sent head (what writeHead sets). */
type MarkableResponse = ServerResponse & { _header: string | null; _headerSent: boolean };

const STATUS_LINE = 'HTTP/1.1 200 OK\r\n';

function headBytesOf({ head, idAt, lengthAt }: AnswerTemplate): HeadBytes {
  // Checked once, as writeHead checks them every time: a header it would refuse is refused here too.
  for (let i = 0; i < head.length; i += 2) {
    validateHeaderName(String(head[i]));
    validateHeaderValue(String(head[i]), String(head[i + 1]));
  }
  const line = (i: number) => `${head[i]}: ${head[i + 1]}\r\n`;
  let beforeId = STATUS_LINE;
  for (let i = 0; i < idAt - 1; i += 2) beforeId += line(i);
  let beforeLength = `\r\n`;
  for (let i = idAt + 1; i < lengthAt - 1; i += 2) beforeLength += line(i);
  if (lengthAt !== head.length - 1) throw new Error('whole answer: the length must be the head’s last header');
  return {
    beforeId: Buffer.from(`${beforeId}${head[idAt - 1]}: `, 'latin1'),
    beforeLength: Buffer.from(`${beforeLength}${head[lengthAt - 1]}: `, 'latin1'),
  };
}

/** Node's Date header value: the time to the second, as node:http's own cache of it shows. */
let dateSecond = -1;
let dateText = '';
function httpDate(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(now).toUTCString();
  }
  return dateText;
}

/** Whether Node would send this answer as the writer writes it (see the top). */
function nodeWouldSendAsWritten(request: IncomingMessage, response: ServerResponse, terms: ConnectionTerms): boolean {
  return (
    request.httpVersion === '1.1' &&
    request.headers.expect === undefined &&
    response.shouldKeepAlive &&
    !terms.maxRequestsPerSocket &&
    response.socket?.writable === true &&
    !response.headersSent &&
    typeof (response as MarkableResponse)._headerSent === 'boolean'
  );
}

/**
 * Writes the 200 of `template` (its id and length slots already filled) with `body` as one buffer, or returns false
 * (nothing written) where Node's own writeHead and end must answer.
 */
export function wholeAnswerWriter(terms: ConnectionTerms) {
  const made = new WeakMap<AnswerTemplate, HeadBytes>();
  return function writeWhole(request: IncomingMessage, response: ServerResponse, template: AnswerTemplate, body: Buffer): boolean {
    if (!nodeWouldSendAsWritten(request, response, terms)) return false;
    let bytes = made.get(template);
    if (!bytes) made.set(template, (bytes = headBytesOf(template)));
    const id = String(template.head[template.idAt]);
    const keepAlive = terms.keepAliveTimeout ? `\r\nKeep-Alive: timeout=${Math.floor(terms.keepAliveTimeout / 1000)}` : '';
    const rest = `${body.length}\r\nDate: ${httpDate()}\r\nConnection: keep-alive${keepAlive}\r\n\r\n`;
    const whole = Buffer.allocUnsafe(bytes.beforeId.length + id.length + bytes.beforeLength.length + rest.length + body.length);
    let at = bytes.beforeId.copy(whole, 0);
    at += whole.write(id, at, 'latin1');
    at += bytes.beforeLength.copy(whole, at);
    at += whole.write(rest, at, 'latin1');
    body.copy(whole, at);
    const marked = response as MarkableResponse;
    marked._header = STATUS_LINE;
    marked._headerSent = true;
    response.socket!.write(whole);
    response.end();
    return true;
  };
}
