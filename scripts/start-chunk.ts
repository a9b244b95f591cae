/**
 * The chunk every page starts with. Left to itself the bundler cut the modules the root and home routes import
 * statically into a dozen files of 0.1–3 KB each; a browser on a slow link pays a round trip per file before the
 * page can hydrate, and Lighthouse counts each as blocking the first paint. This names them all "start" (route
 * modules stay their own chunks, as React Router needs; dynamic imports stay lazy; packages stay where they were).
 */
import path from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

export function startChunkName(clientDir: string, startRoutes: string[]) {
  const routeFiles = new Set(startRoutes.map((file) => path.join(clientDir, file)));
  const projectDir = path.dirname(clientDir);
  let start: Set<string> | undefined;

  const staticClosure = (graph: ModuleGraph): Set<string> => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visit(next);
    };
    for (const file of routeFiles) visit(file);
    return seen;
  };

  return (id: string, graph: ModuleGraph): string | null => {
    start ??= staticClosure(graph);
    const inProject = id.startsWith(projectDir + path.sep) && !id.includes(`${path.sep}node_modules${path.sep}`);
    const isRouteModule = id.startsWith(path.join(clientDir, 'routes') + path.sep) || id === path.join(clientDir, 'root.tsx');
    return inProject && !isRouteModule && start.has(id) ? 'start' : null;
  };
}
