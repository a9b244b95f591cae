/**
 * The lane's 200 head as one flat list per (security headers, coding), made once: of its headers only the request id
 * and the length change from answer to answer, and they are written into their places just before the answer is
 * written (whole-answer.ts, or writeHead, which turns the list into the head's text at once and keeps no reference to
 * it). With read-body.ts's memo in place, this saved about 6 % of a cached resolve's CPU against a header object built
 * for each answer (one process, the two variants in alternating rounds, 2026-11-28).
 */
import { JSON_TYPE } from '../encoded-answer.ts';
import type { SecurityHeaderList as Security } from '../security-headers.ts';

/** Name, value, name, value…: writeHead's flat form. */
export type AnswerHead = (string | number)[];

/** One head, made once, with the places of the two values that change per answer. */
export interface AnswerTemplate {
  head: AnswerHead;
  idAt: number;
  lengthAt: number;
}

/** security-headers.ts hands out one of two lists; a third or more would be a new caller's, and is still served. */
const MAX_SECURITY_LISTS = 8;

function templateOf(security: Security, encoding: string | undefined): AnswerTemplate {
  const head: AnswerHead = security.flat();
  const idAt = head.push('x-request-id', '') - 1;
  head.push('cache-control', 'no-store', 'content-type', JSON_TYPE, 'vary', 'Accept-Encoding');
  if (encoding) head.push('content-encoding', encoding);
  const lengthAt = head.push('content-length', 0) - 1;
  return { head, idAt, lengthAt };
}

/** The template for (security headers, coding), its id and length slots filled with this answer's. */
export function answerHeads(): (security: Security, encoding: string | undefined, id: string, length: number) => AnswerTemplate {
  const made = new Map<Security, Map<string | undefined, AnswerTemplate>>();
  return (security, encoding, id, length) => {
    let byCoding = made.get(security);
    if (!byCoding) {
      if (made.size >= MAX_SECURITY_LISTS) made.clear();
      made.set(security, (byCoding = new Map()));
    }
    let template = byCoding.get(encoding);
    if (!template) byCoding.set(encoding, (template = templateOf(security, encoding)));
    template.head[template.idAt] = id;
    template.head[template.lengthAt] = length;
    return template;
  };
}
