/** What the root loader gives every page: its language, the interface strings, and the origin it was built for. */
import type { Language } from '../../shared/language-codes.ts';
import type { Strings } from './translator.ts';

export interface RootData {
  lang: Language;
  /** The language's own name and Open Graph locale, read at build time so the language table stays off the page. */
  nativeName: string;
  ogLocale: string;
  common: Strings;
  origin: string;
  /** The language's share picture (scripts/og-images.ts): its path, and what it shows for its alt text. */
  ogImage: { path: string; alt: string };
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
