/**
 * The chunk every page starts with. Left to itself the bundler cut the modules the root and home routes import
 * statically into a dozen files of 0.1–3 KB each; a browser on a slow link pays a round trip per file before the
 * page can hydrate, and Lighthouse counts each as blocking the first paint. This names them all "start", with the
 * packages the app's entry imports, but for React and the router (START_PARTS below): one gzip stream shares its
 * dictionary, and the names the files exported to each other go (about 1 KB). Route modules and the entry stay their
 * own chunks, as React Router needs; dynamic imports stay lazy; a package only lazy parts use stays with them.
 */
import path from 'node:path';

/**
 * The start's packages in chunks of their own, before the rest: the browser compiles each file as it comes, in a task
 * of its own, and one file of 360 KB took one task of 15-40 ms of CPU, more than Lighthouse's simulated phone (4x
 * slower) allows a task before it counts as blocking. React DOM alone is 180 KB. Every start route needs them all, so
 * they come in parallel (the page's code list, lib/start-after-paint.server.ts), not one after another.
 */
export const START_PARTS = [
  { name: 'start-react', packages: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'start-router', packages: /[\\/]node_modules[\\/]react-router[\\/]/ },
];

/** The bundler's chunk groups: the parts first (a module one of them takes leaves the others), then the rest. */
export function startChunkGroups(clientDir: string, startRoutes: string[], entry: string) {
  const rest = startChunkName(clientDir, startRoutes, entry);
  return [
    ...START_PARTS.map((part, index) => ({ name: part.name, test: part.packages, priority: START_PARTS.length + 1 - index })),
    { name: rest, priority: 0 },
  ];
}

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
