/**
 * The chunks every page starts with. Left to itself the bundler cut the modules the root and home routes import
 * statically into a dozen files of 0.1–3 KB each; a browser on a slow link pays a round trip per file before the
 * page can hydrate, and Lighthouse counts each as blocking the first paint. This names them all "start", with the
 * packages the app's entry imports (the router, React): one gzip stream shares its dictionary, and the names the
 * files exported to each other go (about 1 KB). React DOM and its scheduler, more than half of it, are a second
 * chunk, "react-dom", fetched beside the first from the same modulepreload list: two files of 58 and 40 KB (brotli)
 * arrive sooner than one of 97 KB where each connection's window starts small (Lighthouse's simulation models this:
 * in Chromium's headless shell, median of 5 alternating runs on 2026-11-28, its first paint on
 * /fr/instagram-video-downloader moved from 2,253 to 2,107 ms and the score from 96 to 97 in every run; on / it read
 * 2,026 and 2,087 ms, 97 both), and the file that changes least between releases stays cached on its own.
 * Route modules and the entry stay their own chunks, as React Router needs; dynamic imports stay lazy; a package only
 * lazy parts use stays with them.
 */
import path from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const REACT_DOM = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;

export function startChunkName(clientDir: string, startRoutes: string[], entry: string) {
  const routeFiles = new Set(startRoutes.map((file) => path.join(clientDir, file)));
  let start: Set<string> | undefined;

  const staticClosure = (graph: ModuleGraph): Set<string> => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visit(next);
    };
    for (const file of [...routeFiles, entry]) visit(file);
    return seen;
  };

  return (id: string, graph: ModuleGraph): string | null => {
    start ??= staticClosure(graph);
    const isRouteModule = id.startsWith(path.join(clientDir, 'routes') + path.sep) || id === path.join(clientDir, 'root.tsx');
    if (id === entry || isRouteModule || !start.has(id)) return null;
    return REACT_DOM.test(id) ? 'react-dom' : 'start';
  };
}
