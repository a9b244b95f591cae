/**
 * Fetching a small file with progress, for a blob: its size, its name from Content-Disposition, and the answers
 * that send it elsewhere (an HTTP error; too big or of unknown size, for the download manager).
 */

/** Past this, a file is the download manager's, not a blob in page memory. */
export const BLOB_LIMIT_BYTES = 20 * 1024 * 1024;

/** Whole percent received, or null while the size is unknown. */
export function progressPercent(received: number, total: number | null): number | null {
  if (!total || total <= 0) return null;
  return Math.min(100, Math.floor((received * 100) / total));
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins), or undefined. */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed percent-encoding: fall through to the plain filename parameter.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : undefined;
}

export class DownloadHttpError extends Error {
  constructor(readonly status: number) {
    super(`download answered HTTP ${status}`);
  }
}

/** Reads a response body chunk by chunk, reporting bytes received and the expected total. */
export async function readWithProgress(response: Response, onProgress: (received: number, total: number | null) => void): Promise<Blob> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type });
}

/** The file is too big (or of unknown size) for a blob: the caller hands it to the download manager. */
export class TooBigForBlob extends Error {}

export async function fetchMediaFile(
  url: string,
  onProgress: (received: number, total: number | null) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<{ blob: Blob; filename?: string }> {
  const response = await fetchImpl(url);
  if (!response.ok) {
    await response.body?.cancel();
    throw new DownloadHttpError(response.status);
  }
  const length = Number(response.headers.get('content-length'));
  if (!(length > 0) || length > BLOB_LIMIT_BYTES) {
    await response.body?.cancel();
    throw new TooBigForBlob();
  }
  const blob = await readWithProgress(response, onProgress);
  return { blob, filename: filenameFromDisposition(response.headers.get('content-disposition')) };
}
