/**
 * An upstream track read front to back, box by box: peek at the next box's header, take a small box whole,
 * pass a large one through in pieces, or skip it. The fragment joiner reads its tracks this way, so a track
 * costs one streaming request however long it is (upstream-file.ts keeps the window and the resumes).
 */
import { boxHeader, Mp4Error } from './mp4-box.ts';
import type { UpstreamFile } from './upstream-file.ts';

/** Pieces a passed-through box is cut into: large enough to cost little per byte, small enough to stream. */
const PIECE_BYTES = 256 * 1024;

export interface BoxAhead {
  type: string;
  /** File offset of the box. */
  start: number;
  /** Whole box, header included. */
  size: number;
}

export class TrackStream {
  /** File offset of the next unread byte. */
  position = 0;

  constructor(private readonly file: UpstreamFile) {}

  get size(): number {
    return this.file.size;
  }

  /** The next box's type and size without consuming it; undefined at the end of the file. */
  async peek(): Promise<BoxAhead | undefined> {
    if (this.position >= this.file.size) return undefined;
    const at = this.position;
    const bytes = await this.file.read(at, Math.min(this.file.size, at + 16));
    const header = boxHeader(bytes, 0);
    if (!header) throw new Mp4Error('the track ends inside a box header');
    const size = header.size === 0 ? this.file.size - at : header.size;
    if (size < header.headerSize || at + size > this.file.size) throw new Mp4Error(`the ${header.type} box overruns the track`);
    return { type: header.type, start: at, size };
  }

  /** The next `length` bytes in one buffer (for boxes known to be small). */
  async take(length: number): Promise<Uint8Array> {
    const bytes = await this.file.read(this.position, this.position + length);
    this.position += length;
    // A copy: the read may be a view into the stream's window, and the caller patches what it takes.
    return new Uint8Array(bytes);
  }

  /** The next `length` bytes as pieces, read as they are needed. */
  async *pass(length: number): AsyncGenerator<Uint8Array> {
    const end = this.position + length;
    while (this.position < end) {
      const to = Math.min(end, this.position + PIECE_BYTES);
      const piece = await this.file.read(this.position, to);
      this.position = to;
      yield piece;
    }
  }

  skip(length: number): void {
    this.position += length;
  }
}
