import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { plainDynamicImports } from './plain-dynamic-imports.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'plain-imports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LATER = "export const later = () => import('./lazy.js').then((m) => m.answer);\n";

/** A real browser build of `main.js` (which imports `lazy.js` dynamically) with the site's modulePreload setting. */
async function buildWith(lazySource: string, mainSource = LATER): Promise<Rolldown.OutputChunk[]> {
  writeFileSync(path.join(dir, 'main.js'), mainSource);
  writeFileSync(path.join(dir, 'lazy.js'), lazySource);
  writeFileSync(path.join(dir, 'lazy.css'), '.lazy { color: red }\n');
  writeFileSync(path.join(dir, 'shared.js'), "import './shared.css';\nexport const shared = 1;\n");
  writeFileSync(path.join(dir, 'shared.css'), '.shared { color: blue }\n');
  const output = await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    plugins: [plainDynamicImports()],
    build: { write: false, modulePreload: false, minify: false, rolldownOptions: { input: path.join(dir, 'main.js'), preserveEntrySignatures: 'exports-only' } },
  });
  const result = Array.isArray(output) ? output[0]! : output;
  return (result as Rolldown.RolldownOutput).output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
}

describe('plainDynamicImports', () => {
  it("leaves Vite's preload helper out: a dynamic import is only the import", async () => {
    const chunks = await buildWith('export const answer = 42;\n');
    const main = chunks.find((c) => c.isEntry)!;
    // Vite's helper picks 'modulepreload' or 'preload' links and dispatches vite:preloadError.
    expect(main.code).not.toMatch(/modulepreload|preloadError/);
    expect(main.code).toMatch(/import\(["'`]\.\/lazy-[\w-]+\.js["'`]\)/);
    expect(chunks.some((c) => !c.isEntry && c.code.includes('42'))).toBe(true);
  });

  it("lets a lazy chunk share a stylesheet its importer's own imports bring (the start chunk's)", async () => {
    const chunks = await buildWith("import { shared } from './shared.js';\nexport const answer = 41 + shared;\n", `import { shared } from './shared.js';\nconsole.log(shared);\n${LATER}`);
    expect(chunks.find((c) => c.isEntry)!.code).not.toMatch(/modulepreload|preloadError/);
  });

  it('fails the build when a lazy chunk imports CSS, which the plain helper would not load', async () => {
    await expect(buildWith("import './lazy.css';\nexport const answer = 42;\n")).rejects.toThrow(/brings assets\/lazy-[\w-]+\.css/);
  });
});
