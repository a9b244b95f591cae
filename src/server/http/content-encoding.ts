/** Which compressed copy of a body to send, from the client's Accept-Encoding (brotli first, then gzip). */
export type ContentCoding = 'br' | 'gzip';

export function pickEncoding(acceptEncoding: string | string[] | undefined, available: Partial<Record<ContentCoding, unknown>>): ContentCoding | undefined {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.toLowerCase()),
  );
  if (available.br && accepted.has('br')) return 'br';
  if (available.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return undefined;
}
