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

export function missingText(failures: ZipFailure[]): string {
  return MISSING_HEADING + failures.map((f) => missingLine(f.name, f.error.message)).join('');
}

