/**
 * What a ZIP is made of and what it says about what failed: its entries, their safe and unique names (one folder
 * level at most) and the MISSING list's text.
 */
import { safeFileName } from '../../../shared/file-name.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { ZipEntry } from '../token.ts';
import { missingLine, MISSING_HEADING } from './zip-length.ts';

export interface ZipFailure {
  name: string;
  error: ApiError;
  /** Why, already in the visitor's words (a batch's rows the page gave up on): written as is. */
  reason?: string;
}

/** One file of the archive; `folder` puts it in one directory (a batch's folder per post). */
export interface ArchiveEntry extends ZipEntry {
  folder?: string;
}

/** Safe, unique entry names: at most one folder level, each part made safe by the rule of every saved name (shared/file-name.ts). */
export function entryNames(names: (string | { folder?: string; name: string })[]): string[] {
  const used = new Set<string>();
  return names.map((entry, index) => {
    const { folder, name: raw } = typeof entry === 'string' ? { folder: undefined, name: entry } : entry;
    const safe = safeFileName(raw, `file-${index + 1}`);
    const prefix = folder === undefined ? '' : `${safeFileName(folder, 'folder')}/`;
    let name = safe;
    for (let n = 2; used.has((prefix + name).toLowerCase()); n++) name = safe.replace(/(\.[^.]*)?$/, `-${n}$1`);
    used.add((prefix + name).toLowerCase());
    return prefix + name;
  });
}

/** The MISSING list in a visitor's language (zip/missing-words.ts): its heading and each failure's reason. */
export interface MissingWords {
  heading: string;
  reason(error: ApiError): string;
}

/** One failure's reason: its own words, else the visitor's words for its error, else the error's own (English). */
export function failureReason(failure: ZipFailure, words?: MissingWords): string {
  return failure.reason ?? (words ? words.reason(failure.error) : failure.error.message);
}

/** The MISSING list's text: in the visitor's words when known, else the errors' own (English). */
export function missingText(failures: ZipFailure[], words?: MissingWords): string {
  return (words?.heading ?? MISSING_HEADING) + failures.map((f) => missingLine(f.name, failureReason(f, words))).join('');
}

