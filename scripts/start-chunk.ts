/**
 * The chunk every page starts with. Left to itself the bundler cut the modules the root and home routes import
 * statically into a dozen files of 0.1–3 KB each; a browser on a slow link pays a round trip per file before the
 * page can hydrate, and Lighthouse counts each as blocking the first paint. This names them all "start", with the
 * packages the app's entry imports (React, React DOM, the router): one gzip stream shares its dictionary, and
 * the names the files exported to each other go (about 1 KB). Route modules and the entry stay their own chunks,
 * as React Router needs; dynamic imports stay lazy; a package only lazy parts use stays with them.
 */
import path from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

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
    return id !== entry && !isRouteModule && start.has(id) ? 'start' : null;
  };
}
