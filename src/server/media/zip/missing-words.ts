/**
 * MISSING.txt in the visitor's language (issue 37): a French visitor's profile ZIP said what was left out in English.
 * Its heading and each reason, by the error's code, come from the site's own translations
 * (content/locales/{lang}/common.json: the profile view's `missing*` and its words for a private account, a missing
 * session and Instagram's limits); read once per language, when a ZIP first asks for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLanguage, type Language } from '../../../shared/language-codes.ts';
import type { ErrorCode } from '../../../shared/api.ts';
import type { ApiError } from '../../errors/api-error.ts';
import type { MissingWords } from './entries.ts';

type Strings = Record<string, Record<string, string>>;

const LOCALES = fileURLToPath(new URL('../../../../content/locales', import.meta.url));
const read = new Map<Language, Strings>();

function stringsOf(lang: Language): Strings {
  let strings = read.get(lang);
  if (!strings) {
    strings = JSON.parse(readFileSync(path.join(LOCALES, lang, 'common.json'), 'utf8')) as Strings;
    read.set(lang, strings);
  }
  return strings;
}

/** Each code's words: [group, key]; any other code is "could not be fetched". */
const BY_CODE: Partial<Record<ErrorCode, [string, string]>> = {
  not_found: ['profileView', 'missingGone'],
  private: ['profileView', 'private'],
  login_required: ['profileView', 'needsSession'],
  rate_limited: ['errors', 'rateLimitedInstagram'],
  payload_too_large: ['profileView', 'missingCapped'],
};

/** The words for `lang`, or undefined (no language, or one the site does not speak: the errors' English stays). */
export function missingWords(lang: string | undefined): MissingWords | undefined {
  if (!isLanguage(lang)) return undefined;
  const strings = stringsOf(lang);
  const say = ([group, key]: [string, string]) => (strings[group]?.[key] ?? '').replace('{{setting}}', 'IG_SESSIONID');
  return {
    heading: `${say(['profileView', 'missingHeading'])}\n`,
    reason: (error: ApiError) => say(BY_CODE[error.code] ?? ['profileView', 'missingFailed']) || error.message,
  };
}
