/**
 * ISO BMFF (MP4) boxes in memory: headers, children, and the few fields the fragment joiner reads or rewrites
 * in place (track ids, timescales, durations, decode times). Every read is bounds-checked: a box that does not
 * fit its parent is an error, never a read past the buffer.
 */

export interface Box {
  type: string;
  /** Offset of the box's first header byte in the buffer. */
  start: number;
  /** Offset of the first byte after the header (the payload). */
  body: number;
  /** Offset just past the box. */
  end: number;
}

export class Mp4Error extends Error {}

/** A box header at `at`: { size, headerSize, type }; size 0 means "to the end" (resolved by the caller). */
export function boxHeader(bytes: Uint8Array, at: number): { size: number; headerSize: number; type: string } | undefined {
  if (at + 8 > bytes.length) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const small = view.getUint32(at);
  const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
  if (small !== 1) return { size: small, headerSize: 8, type };
  if (at + 16 > bytes.length) return undefined;
  const large = view.getBigUint64(at + 8);
  if (large > BigInt(Number.MAX_SAFE_INTEGER)) throw new Mp4Error(`the ${type} box is too large`);
  return { size: Number(large), headerSize: 16, type };
}

/** The boxes laid end to end in bytes[from, to). */
export function children(bytes: Uint8Array, from = 0, to = bytes.length): Box[] {
  const boxes: Box[] = [];
  for (let at = from; at < to; ) {
    const header = boxHeader(bytes, at);
    if (!header) throw new Mp4Error('a box header is cut short');
    const end = header.size === 0 ? to : at + header.size;
    if (header.size !== 0 && header.size < header.headerSize) throw new Mp4Error(`the ${header.type} box is smaller than its header`);
    if (end > to) throw new Mp4Error(`the ${header.type} box overruns its parent`);
    boxes.push({ type: header.type, start: at, body: at + header.headerSize, end });
    at = end;
  }
  return boxes;
}

export function childrenOf(bytes: Uint8Array, box: Box): Box[] {
  return children(bytes, box.body, box.end);
}

export function only(boxes: Box[], type: string): Box | undefined {
  const found = boxes.filter((b) => b.type === type);
  if (found.length > 1) throw new Mp4Error(`more than one ${type} box`);
  return found[0];
}

export function required(boxes: Box[], type: string): Box {
  const box = only(boxes, type);
  if (!box) throw new Mp4Error(`no ${type} box`);
  return box;
}

/** The box at a path of types under a parent (each step must be unique). */
export function find(bytes: Uint8Array, parent: Box, ...path: string[]): Box | undefined {
  let box: Box | undefined = parent;
  for (const type of path) {
    if (!box) return undefined;
    box = only(childrenOf(bytes, box), type);
  }
  return box;
}

/** A full box's version (the first payload byte) and flags (the next three). */
export function versionAndFlags(bytes: Uint8Array, box: Box): { version: number; flags: number } {
  need(box, 4);
  return { version: bytes[box.body]!, flags: (bytes[box.body + 1]! << 16) | (bytes[box.body + 2]! << 8) | bytes[box.body + 3]! };
}

function need(box: Box, length: number): void {
  if (box.body + length > box.end) throw new Mp4Error(`the ${box.type} box is cut short`);
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** An unsigned field of 4 or 8 bytes at `offset` into the box's payload. */
export function readUint(bytes: Uint8Array, box: Box, offset: number, width: 4 | 8): number {
  need(box, offset + width);
  if (width === 4) return view(bytes).getUint32(box.body + offset);
  const value = view(bytes).getBigUint64(box.body + offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Mp4Error(`a ${box.type} field is too large`);
  return Number(value);
}

export function writeUint(bytes: Uint8Array, box: Box, offset: number, width: 4 | 8, value: number): void {
  need(box, offset + width);
  if (!Number.isSafeInteger(value) || value < 0 || (width === 4 && value > 0xffffffff)) throw new Mp4Error(`a ${box.type} field does not fit`);
  if (width === 4) view(bytes).setUint32(box.body + offset, value);
  else view(bytes).setBigUint64(box.body + offset, BigInt(value));
}

/** A new box of `type` around the given payload parts (the size field is written here). */
export function makeBox(type: string, parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((sum, part) => sum + part.length, 0);
  if (size > 0xffffffff) throw new Mp4Error(`the ${type} box would be too large`);
  const out = new Uint8Array(size);
  view(out).setUint32(0, size);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  let at = 8;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A copy of one box (header included), to be patched without touching the source. */
export function copyOf(bytes: Uint8Array, box: Box): Uint8Array {
  return bytes.slice(box.start, box.end);
}
