/**
 * A small streaming ZIP writer for stored (uncompressed) entries: local header, the caller's data,
 * then a data descriptor with the CRC-32 and size, so nothing is buffered. ZIP64 is used per entry when
 * its size is unknown or too large, for offsets past 4 GiB, and for the end records when needed.
 * An entry can be abandoned (its bytes stay in the stream but are never listed in the central
 * directory), so a download that breaks half-way leaves a valid archive without it.
 */
import { crc32 } from 'node:zlib';

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const FLAGS = 0x0008 | 0x0800; // sizes in data descriptor; UTF-8 names
const UNIX_FILE_MODE = (0o100644 << 16) >>> 0;

interface CentralRecord {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  zip64: boolean;
}

export interface ZipWriterOptions {
  /** Use ZIP64 structures everywhere (tests exercise that path without writing 4 GiB). */
  forceZip64?: boolean;
  /** Modification time recorded for every entry. */
  date?: Date;
}

export class StoredZipWriter {
  private written = 0;
  private readonly records: CentralRecord[] = [];
  private current?: CentralRecord;
  private readonly time: number;
  private readonly date: number;

  constructor(private readonly options: ZipWriterOptions = {}) {
    const d = options.date ?? new Date();
    const year = Math.min(Math.max(d.getUTCFullYear(), 1980), 2107);
    this.time = (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2);
    this.date = ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate();
  }

  /** Bytes emitted so far (headers, data and descriptors). */
  get bytesWritten(): number {
    return this.written;
  }

  /** Starts an entry. `sizeHint`: its length if known; unknown or ≥ 4 GiB switches the entry to ZIP64. */
  begin(name: string, sizeHint?: number): Buffer {
    if (this.current) throw new Error('previous entry not ended');
    const zip64 = this.options.forceZip64 === true || sizeHint === undefined || sizeHint >= MAX32;
    const nameBytes = Buffer.from(name, 'utf8');
    const extra = zip64 ? zip64Extra([0, 0]) : Buffer.alloc(0);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(zip64 ? 45 : 20, 4);
    head.writeUInt16LE(FLAGS, 6);
    head.writeUInt16LE(0, 8); // stored
    head.writeUInt16LE(this.time, 10);
    head.writeUInt16LE(this.date, 12);
    head.writeUInt32LE(0, 14); // CRC in the descriptor
    head.writeUInt32LE(zip64 ? MAX32 : 0, 18);
    head.writeUInt32LE(zip64 ? MAX32 : 0, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    head.writeUInt16LE(extra.length, 28);
    this.current = { name: nameBytes, crc: 0, size: 0, offset: this.written, zip64 };
    return this.emit(Buffer.concat([head, nameBytes, extra]));
  }

  /** Accounts for one chunk of the current entry's data; the caller writes the chunk itself. */
  update(chunk: Buffer): void {
    const entry = this.current;
    if (!entry) throw new Error('no entry started');
    entry.crc = crc32(chunk, entry.crc);
    entry.size += chunk.length;
    this.written += chunk.length;
    if (!entry.zip64 && entry.size >= MAX32) throw new Error('entry larger than its declared size');
  }

  /** Ends the current entry with its data descriptor; the entry joins the central directory. */
  end(): Buffer {
    const entry = this.current;
    if (!entry) throw new Error('no entry started');
    this.current = undefined;
    this.records.push(entry);
    const out = Buffer.alloc(entry.zip64 ? 24 : 16);
    out.writeUInt32LE(0x08074b50, 0);
    out.writeUInt32LE(entry.crc >>> 0, 4);
    if (entry.zip64) {
      out.writeBigUInt64LE(BigInt(entry.size), 8);
      out.writeBigUInt64LE(BigInt(entry.size), 16);
    } else {
      out.writeUInt32LE(entry.size, 8);
      out.writeUInt32LE(entry.size, 12);
    }
    return this.emit(out);
  }

  /** Drops the current entry from the central directory (its bytes already sent stay unreferenced). */
  abandon(): void {
    this.current = undefined;
  }

  /**
   * Zero bytes outside any entry, so an archive whose length was announced keeps it when an entry breaks
   * off or a reserved space goes unused (readers skip bytes no header points to).
   */
  pad(length: number): Buffer {
    if (this.current) throw new Error('cannot pad inside an entry');
    return this.emit(Buffer.alloc(length));
  }

  /** The central directory's length as it would be written now. */
  get centralDirectoryLength(): number {
    return this.records.reduce((sum, r) => sum + recordLength(r.name.length, r.zip64 || r.size >= MAX32, r.offset >= MAX32), 0);
  }

  /** The length of the central directory record an entry of this name, size and offset gets. */
  static centralRecordLength(name: string, size: number, offset: number): number {
    return recordLength(Buffer.byteLength(name, 'utf8'), size >= MAX32, offset >= MAX32);
  }

  /**
   * Central directory and end records. `commentLength` pads the end record with a comment of spaces
   * (at most 65 535 bytes), so an archive with fewer entries than reserved for still ends at its length.
   */
  finish(commentLength = 0): Buffer {
    if (this.current) throw new Error('entry not ended');
    const cdOffset = this.written;
    const parts = this.records.map((r) => this.centralHeader(r));
    const cdSize = parts.reduce((sum, p) => sum + p.length, 0);
    const count = this.records.length;
    const needZip64 = this.options.forceZip64 === true || count >= MAX16 || cdSize >= MAX32 || cdOffset >= MAX32;
    if (needZip64) {
      const zip64EndOffset = cdOffset + cdSize;
      const record = Buffer.alloc(56);
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE(0x032d, 12); // made by: Unix, 4.5
      record.writeUInt16LE(45, 14);
      record.writeBigUInt64LE(BigInt(count), 24);
      record.writeBigUInt64LE(BigInt(count), 32);
      record.writeBigUInt64LE(BigInt(cdSize), 40);
      record.writeBigUInt64LE(BigInt(cdOffset), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(zip64EndOffset), 8);
      locator.writeUInt32LE(1, 16);
      parts.push(record, locator);
    }
    if (commentLength < 0 || commentLength > MAX16) throw new Error('comment too long');
    const end = Buffer.alloc(22 + commentLength, 0x20);
    end.fill(0, 0, 22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(count, MAX16), 8);
    end.writeUInt16LE(Math.min(count, MAX16), 10);
    end.writeUInt32LE(Math.min(cdSize, MAX32), 12);
    end.writeUInt32LE(Math.min(cdOffset, MAX32), 16);
    end.writeUInt16LE(commentLength, 20);
    parts.push(end);
    return this.emit(Buffer.concat(parts));
  }

  private centralHeader(r: CentralRecord): Buffer {
    const bigSize = r.zip64 || r.size >= MAX32;
    const bigOffset = r.offset >= MAX32;
    const values = [...(bigSize ? [r.size, r.size] : []), ...(bigOffset ? [r.offset] : [])];
    const extra = values.length > 0 ? zip64Extra(values) : Buffer.alloc(0);
    const version = values.length > 0 ? 45 : 20;
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(0x0300 | version, 4); // made by: Unix
    head.writeUInt16LE(version, 6);
    head.writeUInt16LE(FLAGS, 8);
    head.writeUInt16LE(0, 10);
    head.writeUInt16LE(this.time, 12);
    head.writeUInt16LE(this.date, 14);
    head.writeUInt32LE(r.crc >>> 0, 16);
    head.writeUInt32LE(bigSize ? MAX32 : r.size, 20);
    head.writeUInt32LE(bigSize ? MAX32 : r.size, 24);
    head.writeUInt16LE(r.name.length, 28);
    head.writeUInt16LE(extra.length, 30);
    head.writeUInt32LE(UNIX_FILE_MODE, 38);
    head.writeUInt32LE(bigOffset ? MAX32 : r.offset, 42);
    return Buffer.concat([head, r.name, extra]);
  }

  private emit(buffer: Buffer): Buffer {
    this.written += buffer.length;
    return buffer;
  }
}

/** A central directory record: fixed part, name, and a ZIP64 extra for big sizes (two values) and offsets. */
function recordLength(nameLength: number, bigSize: boolean, bigOffset: boolean): number {
  const values = (bigSize ? 2 : 0) + (bigOffset ? 1 : 0);
  return 46 + nameLength + (values > 0 ? 4 + 8 * values : 0);
}

/** ZIP64 extended information extra field holding the given 8-byte values in order. */
function zip64Extra(values: number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => extra.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
  return extra;
}
