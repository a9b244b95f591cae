/** Build-time reading of content files (route loaders run during prerender, in Node). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/language-codes.ts';

export const CONTENT_DIR = path.resolve(process.cwd(), 'content');

export type Namespace = 'common' | 'home' | 'tools' | 'legal';

export function localePath(lang: Language, ns: Namespace): string {
  return path.join(CONTENT_DIR, 'locales', lang, `${ns}.json`);
}

/** A language's namespace; English stands in while a translation file is missing (the parity test fails then). */
export function readLocale<T>(lang: Language, ns: Namespace): T {
  const file = existsSync(localePath(lang, ns)) ? localePath(lang, ns) : localePath(DEFAULT_LANGUAGE, ns);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}
