/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, ranges, grouping clauses,
 * function calls, keywords and numbers are taken out. Enough for our rules and panels (no @ or subqueries there).
 */
const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

export function metricNamesIn(expr: string): Set<string> {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w.$:])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\w:])(?!\s*\()/g)) {
    if (!KEYWORDS.has(match[1]!.toLowerCase())) names.add(match[1]!);
  }
  return names;
}

/** Every sample name a scrape can hold: the `# TYPE` lines' names, with a histogram's and a summary's series. */
export function exportedNames(scrape: string): Set<string> {
  const names = new Set<string>();
  for (const line of scrape.split('\n')) {
    const [hash, word, name, type] = line.split(' ');
    if (hash !== '#' || word !== 'TYPE' || !name) continue;
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix);
  }
  return names;
}
