/**
 * A post's caption as the results first show it (issue 37 point 15): its first lines, up to about two lines of a
 * phone's text, cut at the end of a word where one is near (whole characters: an emoji or a Devanagari syllable is
 * never split), with "…"; the rest waits behind "Show more".
 */
const MAX_CHARACTERS = 160;
const MAX_LINES = 3;
/** How far back from the cut a space may be and still be used, so a long word does not empty the preview. */
const WORD_BACKTRACK = 30;

function characters(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
  return Array.from(text);
}

export function captionPreview(caption: string, max = MAX_CHARACTERS): { short: string; cut: boolean } {
  const text = caption.trim();
  const lines = text.split('\n');
  const firstLines = lines.slice(0, MAX_LINES).join('\n');
  const chars = characters(firstLines);
  if (chars.length <= max && lines.length <= MAX_LINES) return { short: text, cut: false };
  let kept = chars.slice(0, max);
  if (chars.length > max) {
    const space = kept.findLastIndex((c) => /\s/.test(c));
    if (space > 0 && space >= max - WORD_BACKTRACK) kept = kept.slice(0, space);
  }
  return { short: `${kept.join('').trimEnd()}…`, cut: true };
}
