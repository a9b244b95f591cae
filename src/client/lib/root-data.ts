/** What the root loader gives every page: its language and the interface strings (the head's are the page's own: lib/page-head.server.ts). */
import type { Language } from '../../shared/language-codes.ts';
import type { Strings } from './translator.ts';

export interface RootData {
  lang: Language;
  /** The language's own name, read at build time so the language table stays off the page. */
  nativeName: string;
  common: Strings;
}

type Match = { id: string; data?: unknown; loaderData?: unknown } | undefined;

export function rootDataOf(matches: readonly Match[]): RootData {
  const root = matches.find((m) => m?.id === 'root');
  return (root?.loaderData ?? root?.data) as RootData;
}

/** Look a dotted key up in the interface strings (for meta tags, which render outside React). */
export function commonString(data: RootData, key: string): string {
  let node: unknown = data.common;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}
