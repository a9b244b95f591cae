// Prints the keys of a language's locale files that differ from English (plural suffixes aware).
// Usage: node scripts/check-locale.mjs LL   (exit 1 when something is missing or extra)
import { existsSync, readFileSync } from 'node:fs';

const lang = process.argv[2];
const PLURAL = /_(zero|one|two|few|many|other)$/;
const flatten = (obj, prefix = '') =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v) ? flatten(v, `${prefix}${k}.`) : Array.isArray(v) ? [`${prefix}${k}[${v.length}]`, ...v.flatMap((x, i) => (x && typeof x === 'object' ? flatten(x, `${prefix}${k}[${i}].`) : []))] : [`${prefix}${k}`],
  );
let bad = false;
for (const ns of ['common', 'home', 'tools', 'legal']) {
  const file = `content/locales/${lang}/${ns}.json`;
  if (!existsSync(new URL(`../${file}`, import.meta.url))) { console.log(`${file}: missing`); bad = true; continue; }
  const read = (l) => JSON.parse(readFileSync(new URL(`../content/locales/${l}/${ns}.json`, import.meta.url), 'utf8'));
  const base = (keys) => new Set(keys.map((k) => k.replace(PLURAL, '')));
  const en = base(flatten(read('en')));
  const other = base(flatten(read(lang)));
  for (const k of en) if (!other.has(k)) { console.log(`${file}: missing ${k}`); bad = true; }
  for (const k of other) if (!en.has(k)) { console.log(`${file}: extra ${k}`); bad = true; }
  const rules = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  for (const k of flatten(read(lang)).filter((k) => PLURAL.test(k))) void k;
  const plurals = flatten(read(lang)).filter((k) => PLURAL.test(k));
  for (const stem of new Set(plurals.map((k) => k.replace(PLURAL, '')))) {
    for (const cat of rules) if (!plurals.includes(`${stem}_${cat}`)) { console.log(`${file}: missing plural ${stem}_${cat}`); bad = true; }
  }
}
process.exit(bad ? 1 : 0);
