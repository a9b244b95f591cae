/** Choosing among renditions: best by width × height (never by position; ties keep the first). */
import type { RawRendition } from '../raw.ts';

/** Every distinct rendition, best first; equal sizes keep the first one listed. */
export function rankRenditions(renditions: RawRendition[]): RawRendition[] {
  const seen = new Set<string>();
  const distinct = renditions.filter((r) => {
    if (!r.url) return false;
    const size = `${r.width}x${r.height}`;
    if (seen.has(size)) return false;
    seen.add(size);
    return true;
  });
  // Array.prototype.sort is stable, so ties keep their order.
  return distinct.sort((a, b) => b.width * b.height - a.width * a.height);
}

/** A preview for a grid cell: the smallest rendition at least 480 wide, else the best one. */
export function previewOf(ranked: RawRendition[]): RawRendition | undefined {
  const bigEnough = ranked.filter((r) => r.width >= 480);
  return bigEnough[bigEnough.length - 1] ?? ranked[0];
}

/**
 * The audio track alone from a DASH manifest: the BaseURL of the AdaptationSet whose mimeType
 * (on the set or its Representation) is audio/mp4. Undefined when the manifest has no audio.
 */
export function dashAudioUrl(manifest: string | null | undefined): string | undefined {
  if (!manifest) return undefined;
  for (const set of adaptationSets(manifest)) {
    if (!/mimeType="audio\/mp4"|contentType="audio"/.test(set)) continue;
    const base = /<BaseURL\b[^>]*>([^<]+)<\/BaseURL>/.exec(set)?.[1];
    if (base) return decodeXmlEntities(base.trim());
  }
  return undefined;
}

/** The AdaptationSet elements, found with indexOf: a lazy regex would go quadratic on a hostile manifest. */
export function* adaptationSets(manifest: string): Generator<string> {
  const END = '</AdaptationSet>';
  let from = 0;
  for (;;) {
    const start = manifest.indexOf('<AdaptationSet', from);
    if (start < 0) return;
    const end = manifest.indexOf(END, start);
    if (end < 0) return;
    yield manifest.slice(start, end + END.length);
    from = end + END.length;
  }
}

export function decodeXmlEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export function isoFromUnixSeconds(seconds: number | undefined | null): string | undefined {
  // 8.64e12 s is the latest time a Date holds; past it toISOString() throws.
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 8.64e12) return undefined;
  return new Date(seconds * 1000).toISOString();
}
