/**
 * The length of a stored ZIP announced before its first byte, so the browser shows real progress. It holds
 * when the entries' sizes are known in advance (the CDN's Content-Length), and keeps holding when an entry
 * breaks off: every entry gets a fixed region (local header, data, descriptor), the list of what is missing
 * gets a reserved region large enough for every entry to fail, unused bytes are zero padding no header points
 * to, and the central directory's unused reserve becomes the end record's comment.
 */
import { StoredZipWriter } from './zip-writer.ts';

const MAX32 = 0xffffffff;
const MAX_COMMENT = 0xffff;
const LOCAL_HEADER = 30;
const DESCRIPTOR = 16;
const END_RECORD = 22;
/** A reason written for an item that breaks during the download is cut to this many characters. */
export const MAX_REASON_CHARS = 120;
export const MISSING_HEADING = 'These files could not be added to this archive:\n';

export interface SizedEntry {
  name: string;
  size: number;
}

export interface SizedArchivePlan {
  /** The archive's length in bytes. */
  total: number;
  /** Bytes of each entry's region, in order. */
  regions: number[];
  /** Bytes reserved for the missing list's text. */
  missingReserve: number;
  /** Its whole region: header, reserved text, descriptor. */
  missingRegion: number;
  /** The central directory if every entry and the missing list were in it. */
  fullCentral: number;
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** The missing list's line for an entry (the reason cut to MAX_REASON_CHARS). */
export function missingLine(name: string, reason: string): string {
  const cut = reason.length > MAX_REASON_CHARS ? `${reason.slice(0, MAX_REASON_CHARS - 1)}…` : reason;
  return `${name}: ${cut}\n`;
}

/**
 * The layout, or undefined where a fixed length cannot be promised (ZIP64 sizes or offsets, or more
 * central-directory reserve than an end-record comment can hold): such an archive is streamed without one.
 */
export function planSizedArchive(entries: SizedEntry[], missingName: string, knownMissing: string[], heading = MISSING_HEADING): SizedArchivePlan | undefined {
  const regions = entries.map((e) => LOCAL_HEADER + bytes(e.name) + e.size + DESCRIPTOR);
  // Room for every entry to fail with the longest reason (3 bytes a character at most), besides those known now.
  const missingReserve =
    bytes(heading) + knownMissing.reduce((sum, line) => sum + bytes(line), 0) + entries.reduce((sum, e) => sum + bytes(e.name) + 3 + 3 * MAX_REASON_CHARS, 0);
  const missingRegion = LOCAL_HEADER + bytes(missingName) + missingReserve + DESCRIPTOR;
  let offset = 0;
  let fullCentral = 0;
  for (const [index, entry] of entries.entries()) {
    if (entry.size >= MAX32) return undefined;
    fullCentral += StoredZipWriter.centralRecordLength(entry.name, entry.size, offset);
    offset += regions[index]!;
  }
  const missingRecord = StoredZipWriter.centralRecordLength(missingName, missingReserve, offset);
  fullCentral += missingRecord;
  const total = offset + missingRegion + fullCentral + END_RECORD;
  // Every offset and size must fit 32 bits (no ZIP64), and the reserve left when all fail must fit a comment.
  if (total >= MAX32 || entries.length + 1 >= 0xffff || fullCentral - missingRecord > MAX_COMMENT) return undefined;
  return { total, regions, missingReserve, missingRegion, fullCentral };
}
