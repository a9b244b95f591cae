/**
 * Vite wraps every dynamic import of the browser's build in a helper (`\0vite/preload-helper.js`) that first loads
 * the import's dependency list. With `build.modulePreload: false` that list holds only stylesheets: those of the
 * chunks the import brings. Ours are all stylesheets the importing chunk's own imports bring, on the page already
 * (the start chunk's), so the helper (about 0.7 KB gzip of the start chunk) only ever calls the import. This plugin
 * puts a helper in its place that does just that, and fails the build if a lazy part ever brings a stylesheet of
 * its own, rather than leave it unloaded.
 */
import type { Plugin, Rolldown } from 'vite';

const PRELOAD_HELPER = '\0vite/preload-helper.js';

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The stylesheets a chunk and everything it imports statically bring. */
function stylesheetsOf(fileName: string, bundle: Rolldown.OutputBundle, seen = new Set<string>()): Set<string> {
  const css = new Set<string>();
  const chunk = bundle[fileName] as Chunk | undefined;
  if (seen.has(fileName) || chunk?.type !== 'chunk') return css;
  seen.add(fileName);
  for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
  for (const imported of chunk.imports) for (const file of stylesheetsOf(imported, bundle, seen)) css.add(file);
  return css;
}

export function plainDynamicImports(): Plugin {
  return {
    name: 'gramsave:plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
    load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const present = stylesheetsOf(chunk.fileName, bundle);
          for (const lazy of chunk.dynamicImports) {
            const missing = [...stylesheetsOf(lazy, bundle)].filter((css) => !present.has(css));
            if (missing.length > 0) this.error(`${chunk.fileName} imports ${lazy} lazily, which brings ${missing.join(', ')}: the plain import helper would leave it unloaded`);
          }
        }
      },
    },
  };
}
