/**
 * The script bundles an Instagram page links (`<script src>`, `<link rel=preload as=script href>`), kept only
 * when they live on the static origin: discovery never fetches from anywhere else, whatever a page says.
 * The tag scan is linear: each tag is read once, with bounded attribute text.
 */
const TAG = /<(?:script|link)\b[^>]{0,4000}>/gi;
const URL_ATTRIBUTE = /\b(?:src|href)\s*=\s*(?:"([^"]{1,2048})"|'([^']{1,2048})')/i;

const decodeEntities = (text: string) => text.replace(/&amp;/g, '&').replace(/&#x2F;|&#47;/gi, '/');

export function bundleUrls(html: string, pageUrl: string, staticOrigin: string, max = 80): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(TAG)) {
    const tag = match[0];
    const isScript = /^<script/i.test(tag) || /\bas\s*=\s*["']?script/i.test(tag);
    if (!isScript) continue;
    const attribute = URL_ATTRIBUTE.exec(tag);
    const raw = attribute?.[1] ?? attribute?.[2];
    if (!raw) continue;
    let url: URL;
    try {
      url = new URL(decodeEntities(raw), pageUrl);
    } catch {
      continue;
    }
    if (url.origin !== staticOrigin || !/\.js$/i.test(url.pathname)) continue;
    found.add(url.href);
    if (found.size >= max) break;
  }
  return [...found];
}
