/**
 * A small cobalt client written from cobalt's docs/api.md alone (imputnet/cobalt a636575, read 2026-11-27; not from
 * its code: the web app is CC BY-NC-SA): what any third-party client does with an instance URL. `info()` is
 * `GET /` with no Accept of its own; `save()` is `POST /` with the two JSON headers and an optional
 * `Authorization: Api-Key`; `fetchFile()` downloads a tunnel and reads its length from `Content-Length` or, when
 * that is unknown, `Estimated-Content-Length`.
 */
export interface CobaltInfo {
  cobalt: { version: string; url: string; startTime: string; services: string[] };
  git: { commit: string; branch: string; remote: string };
}
export type CobaltAnswer =
  | { status: 'tunnel' | 'redirect'; url: string; filename: string }
  | { status: 'picker'; audio?: string; audioFilename?: string; picker: { type: 'photo' | 'video' | 'gif'; url: string; thumb?: string }[] }
  | { status: 'error'; error: { code: string; context?: { service?: string; limit?: number } } };

export function cobaltClient(instance: string, apiKey?: string) {
  const base = instance.replace(/\/+$/, '');
  return {
    async info(): Promise<CobaltInfo> {
      return (await (await fetch(`${base}/`)).json()) as CobaltInfo;
    },
    async save(body: { url: string } & Record<string, unknown>): Promise<{ http: number; answer: CobaltAnswer; rateLimit: string | null }> {
      const res = await fetch(`${base}/`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(apiKey ? { Authorization: `Api-Key ${apiKey}` } : {}) },
        body: JSON.stringify(body),
      });
      return { http: res.status, answer: (await res.json()) as CobaltAnswer, rateLimit: res.headers.get('ratelimit-remaining') };
    },
    async fetchFile(url: string): Promise<{ status: number; bytes: Buffer; length: number | undefined; estimated: boolean }> {
      const res = await fetch(url);
      const exact = res.headers.get('content-length');
      const estimate = res.headers.get('estimated-content-length');
      const bytes = Buffer.from(await res.arrayBuffer());
      return { status: res.status, bytes, length: exact ? Number(exact) : estimate ? Number(estimate) : undefined, estimated: !exact && Boolean(estimate) };
    },
  };
}
