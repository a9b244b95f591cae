/**
 * Doc ids in a bundle: Instagram's Relay operations are modules
 * `__d("<Operation>_instagramRelayOperation",[],(function(a,b,c,d,e,f){e.exports="<digits>"}),null)`.
 * Found with indexOf, never a backtracking regex over megabytes. A match inside a comment does not count, nor
 * an id of a length no doc id has. Threads' modules end in `_threadsRelayOperation` (issue 40).
 */
const INSTAGRAM = '_instagramRelayOperation"';
/** How far after the module name its `exports="…"` may sit. */
const WINDOW = 400;
const DOC_ID = /^\d{13,20}$/;

function insideComment(text: string, at: number): boolean {
  if (text.lastIndexOf('/*', at) > text.lastIndexOf('*/', at)) return true;
  const lineStart = text.lastIndexOf('\n', at) + 1;
  return text.slice(lineStart, at).trimStart().startsWith('//');
}

/** operation name → doc id, for the wanted operations found in this bundle. */
export function findRelayDocIds(bundle: string, operations: readonly string[], app: 'instagram' | 'threads' = 'instagram'): Map<string, string> {
  const suffix = app === 'threads' ? '_threadsRelayOperation"' : INSTAGRAM;
  const found = new Map<string, string>();
  for (const operation of operations) {
    const needle = `__d("${operation}${suffix}`;
    for (let at = bundle.indexOf(needle); at >= 0 && !found.has(operation); at = bundle.indexOf(needle, at + needle.length)) {
      if (insideComment(bundle, at)) continue;
      const body = bundle.slice(at + needle.length, at + needle.length + WINDOW);
      const start = body.indexOf('exports="');
      if (start < 0) continue;
      const end = body.indexOf('"', start + 9);
      const id = end < 0 ? '' : body.slice(start + 9, end);
      if (DOC_ID.test(id)) found.set(operation, id);
    }
  }
  return found;
}
