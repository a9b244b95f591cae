/**
 * Arabic and Persian pages mirror only if nothing in the client is laid out by left and right: every margin,
 * padding, inset, alignment and rounding says start and end (Tailwind's ms-/pe-/start-/text-start…, CSS's
 * margin-inline-start…). This reads every component, page and style sheet for a physical one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = path.resolve('src/client');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(tsx|css)$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });
}

/** Tailwind utilities bound to a side, with any variant prefix (sm:, focus:, -): ml-2, pr-4, left-0, text-right… */
const PHYSICAL_UTILITY = /(?<![\w-])-?(?:m[lr]|p[lr]|left|right|border-[lr]|rounded-[lr]|rounded-[tb][lr]|scroll-[mp][lr]|text-left|text-right|float-left|float-right)(?:-[\w./[\]%-]+)?(?![\w-])/g;
/** CSS properties and values bound to a side. */
const PHYSICAL_CSS = /\b(?:margin|padding|border)-(?:left|right)\b|(?:^|[\s;{])(?:left|right)\s*:|text-align:\s*(?:left|right)|float:\s*(?:left|right)/gm;

function classNames(source: string): string[] {
  // Class lists only: className="…", className={`…`}, and the quoted strings inside className expressions.
  const lists = [...source.matchAll(/className=(?:"([^"]*)"|\{([^}]*)\})/g)].map((m) => m[1] ?? m[2] ?? '');
  const constants = [...source.matchAll(/(?:Class|button|secondary|primary)\w*\s*=\s*\n?\s*['`]([^'`]*)['`]/g)].map((m) => m[1] ?? '');
  return [...lists, ...constants].flatMap((list) => [...list.replace(/\$\{[^}]*\}/g, ' ').matchAll(/['"`]?([^\s'"`]+)/g)].map((m) => m[1]!));
}

describe('the client lays out by start and end, not left and right', () => {
  const files = sourceFiles(CLIENT);

  it('reads the components, pages and style sheets', () => {
    expect(files.some((f) => f.endsWith('Downloader.tsx'))).toBe(true);
    expect(files.some((f) => f.endsWith('app.css'))).toBe(true);
  });

  it.each(files.filter((f) => f.endsWith('.tsx')).map((f) => path.relative(CLIENT, f)))('%s uses no physical utility', (file) => {
    const names = classNames(readFileSync(path.join(CLIENT, file), 'utf8'));
    const physical = names.filter((name) => (name.split(':').pop() ?? '').match(PHYSICAL_UTILITY)?.[0] === name.split(':').pop());
    expect(physical).toEqual([]);
  });

  it('app.css uses no physical property', () => {
    const css = readFileSync(path.join(CLIENT, 'app.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(css.match(PHYSICAL_CSS) ?? []).toEqual([]);
  });
});
