/**
 * Right-to-left pages (issue 33): a Latin fragment that starts or ends with a neutral character — a link
 * (https://…/p/...), a file extension (.m4a, (.zip)) — is reordered by the bidirectional algorithm among Arabic or
 * Persian words ("(zip.)", "…/https://www.instagram.com/p") unless it is isolated. The strings isolate such
 * fragments with U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, which also works in a placeholder
 * or a title, where no <bdi> can go.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, textDirection } from '../../shared/language-codes.ts';
import { localePath, type Namespace } from './content.server.ts';

const NAMESPACES: Namespace[] = ['common', 'home', 'tools', 'legal'];
const RTL = LANGUAGE_CODES.filter((lang) => textDirection(lang) === 'rtl');
/** A link, or a file extension standing alone (after a space or an opening bracket). */
const FRAGILE = /https?:\/\/|(?:^|[\s(])\(?\.[a-z0-9]{2,4}\b/i;
const ISOLATED = /\u2066[^\u2069]*\u2069/g;

function strings(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(strings);
  return node && typeof node === 'object' ? Object.values(node).flatMap(strings) : [];
}

describe.each(RTL)('%s', (lang) => {
  it.each(NAMESPACES)('isolates every link and file extension of %s', (ns) => {
    const values = strings(JSON.parse(readFileSync(localePath(lang, ns), 'utf8')));
    expect(values.filter((value) => FRAGILE.test(value.replace(ISOLATED, '')))).toEqual([]);
  });
});

it('finds right-to-left languages to check', () => {
  expect(RTL).toEqual(expect.arrayContaining(['ar', 'fa']));
});
