/**
 * No import circles in src/server (DESIGN "Style to follow"): a type-only import counts, since a type two files
 * share belongs in a third. Read from the source text (every `import … from`, `export … from` and `import('…')`),
 * so nothing is elided the way the compiler drops type imports. Also the two upward arrows eslint's rooms do not
 * tell apart (extract and media share one): extraction never imports media or http, the store never extraction.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Relative imports of one file, as absolute paths. */
export function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const spec = match[1] ?? match[2];
    if (spec?.startsWith('.')) out.push(resolve(dirname(file), spec));
  }
  return out;
}

/** Every circle in the graph, each as the files along it (one per strongly connected component). */
export function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import circles', () => {
  it('finds a circle, a type-only one included, and none in a straight line', () => {
    const a = '/x/a.ts';
    const b = '/x/b.ts';
    expect(importsOf(a, "import type { B } from './b.ts';\nexport { c } from './c.ts';")).toEqual([b, '/x/c.ts']);
    expect(circles(new Map([[a, [b]], [b, [a]]]))).toHaveLength(1);
    expect(circles(new Map([[a, [b]], [b, []]]))).toEqual([]);
  });

  it('src/server has none', () => {
    const files = sourceFiles(join(ROOT, 'src/server'));
    const graph = new Map(files.map((file) => [file, importsOf(file, readFileSync(file, 'utf8'))]));
    const named = circles(graph).map((c) => c.map((f) => relative(ROOT, f)).sort());
    expect(named).toEqual([]);
  });

  it.each([
    ['src/server/extract', ['src/server/http', 'src/server/media']],
    ['src/server/store', ['src/server/extract', 'src/server/http', 'src/server/media']],
  ])('%s imports nothing from the rooms above it', (room, above) => {
    const arrows = sourceFiles(join(ROOT, room)).flatMap((file) =>
      importsOf(file, readFileSync(file, 'utf8'))
        .map((to) => relative(ROOT, to))
        .filter((to) => above.some((dir) => to.startsWith(`${dir}/`)))
        .map((to) => `${relative(ROOT, file)} → ${to}`),
    );
    expect(arrows).toEqual([]);
  });
});
