/**
 * MISSING.txt in the visitor's language (issue 37): a French visitor's profile ZIP said what was left out in English.
 * Its heading and each reason, by the error's code, come from the site's own translations
 * (content/locales/{lang}/common.json: the profile view's `missing*` and its words for a private account, a missing
 * session and Instagram's limits); read once per language, when a ZIP first asks for it. A batch's ZIP words the
 * reasons as the batch's rows do (the page's error catalogue, `errors.*`), and the rows the page gave up on by the
 * message keys it sends.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLanguage, type Language } from '../../../shared/language-codes.ts';
import type { ErrorCode, ErrorSource } from '../../../shared/api.ts';
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

type Reasons = Partial<Record<ErrorCode, [string, string]>>;

/** A profile's codes → words: [group, key]; any other code is "could not be fetched". */
const PROFILE_REASONS: Reasons = {
  not_found: ['profileView', 'missingGone'],
  private: ['profileView', 'private'],
  login_required: ['profileView', 'needsSession'],
  rate_limited: ['errors', 'rateLimitedInstagram'],
  payload_too_large: ['profileView', 'missingCapped'],
};

/** A batch's: a link's failure as the batch's row says it (the home page's wording of the error catalogue). */
export const BATCH_REASONS: Reasons = {
  invalid_url: ['errors', 'invalidUrl'],
  unsupported: ['errors', 'unsupported'],
  share_offsite: ['errors', 'shareOffsite'],
  not_found: ['errors', 'notFoundHome'],
  private: ['errors', 'forbiddenHome'],
  login_required: ['errors', 'loginRequired'],
  age_restricted: ['errors', 'ageRestricted'],
  restricted: ['errors', 'restricted'],
  no_media: ['errors', 'noMediaHome'],
  rate_limited: ['errors', 'rateLimitedInstagram'],
  challenge_required: ['errors', 'rateLimitedInstagram'],
  upstream_unavailable: ['errors', 'upstream'],
  payload_too_large: ['errors', 'batchTooLarge'],
};

/** A rate limit says who asked for the wait, as the page does: Instagram (the reasons' own), Threads, or this site. */
const RATE_LIMITED_BY: Partial<Record<ErrorSource, [string, string]>> = {
  threads: ['errors', 'rateLimitedThreads'],
  instance: ['errors', 'rateLimitedInstance'],
};

/** The words for `lang`, or undefined (no language, or one the site does not speak: the errors' English stays). */
export function missingWords(lang: string | undefined, reasons: Reasons = PROFILE_REASONS): MissingWords | undefined {
  if (!isLanguage(lang)) return undefined;
  const strings = stringsOf(lang);
  const say = ([group, key]: [string, string]) => (strings[group]?.[key] ?? '').replace('{{setting}}', 'IG_SESSIONID');
  return {
    heading: `${say(['profileView', 'missingHeading'])}\n`,
    reason: (error: ApiError) =>
      say((error.code === 'rate_limited' && error.source ? RATE_LIMITED_BY[error.source] : undefined) ?? reasons[error.code] ?? ['profileView', 'missingFailed']) || error.message,
  };
}

/**
 * A message of the page's catalogue (`batch.skipped`) in `lang` (English without), or undefined: a key the
 * locale lacks, or one that needs values filled in, which a list of reasons has not got.
 */
export function messageText(lang: string | undefined, key: string): string | undefined {
  const [group, name, ...rest] = key.split('.');
  if (!group || !name || rest.length > 0) return undefined;
  const text = stringsOf(isLanguage(lang) ? lang : 'en')[group]?.[name];
  return typeof text === 'string' && text !== '' && !text.includes('{{') ? text : undefined;
}
