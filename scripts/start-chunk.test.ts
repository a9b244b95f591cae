import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChunkGroups, startChunkName } from './start-chunk.ts';

const client = path.resolve('/project/src/client');
const at = (file: string) => path.join('/project', file);
const entry = at('node_modules/@react-router/dev/entry.client.tsx');

// entry → react-dom; root → SiteShell → shared/routes; home → Faq → Spinner; Faq imports react (a package); the
// lookup flow is only imported dynamically (not in importedIds) and imports a package of its own; the tool route
// is another route.
const imports: Record<string, string[]> = {
  [entry]: [at('node_modules/react-dom/client.js')],
  [at('node_modules/react-dom/client.js')]: [at('node_modules/react/index.js')],
  [at('src/client/root.tsx')]: [at('src/client/components/SiteShell.tsx'), at('node_modules/react/index.js')],
  [at('src/client/components/SiteShell.tsx')]: [at('src/shared/routes.ts')],
  [at('src/client/routes/home.tsx')]: [at('src/client/components/Faq.tsx')],
  [at('src/client/components/Faq.tsx')]: [at('src/client/components/Spinner.tsx'), at('node_modules/react/index.js')],
  [at('src/client/lib/lookup-flow.ts')]: [at('node_modules/zip/index.js')],
  [at('src/client/routes/tool.tsx')]: [at('src/client/components/ToolOnly.tsx')],
};
const graph = { getModuleInfo: (id: string) => ({ importedIds: imports[id] ?? [] }) };

describe('startChunkName', () => {
  it('puts the modules the entry and the start routes import statically in one chunk, and nothing else', () => {
    const name = startChunkName(client, ['root.tsx', 'routes/home.tsx'], entry);
    const chunkOf = (file: string) => name(at(file), graph);
    expect(chunkOf('src/client/components/SiteShell.tsx')).toBe('start');
    expect(chunkOf('src/shared/routes.ts')).toBe('start');
    expect(chunkOf('src/client/components/Faq.tsx')).toBe('start');
    expect(chunkOf('src/client/components/Spinner.tsx')).toBe('start');
    expect(chunkOf('node_modules/react/index.js')).toBe('start');
    expect(chunkOf('node_modules/react-dom/client.js')).toBe('start');
    // Route modules and the entry stay their own chunks; lazy modules, their packages and other routes' modules
    // are left alone.
    expect(name(entry, graph)).toBeNull();
    expect(chunkOf('src/client/root.tsx')).toBeNull();
    expect(chunkOf('src/client/routes/home.tsx')).toBeNull();
    expect(chunkOf('src/client/lib/lookup-flow.ts')).toBeNull();
    expect(chunkOf('node_modules/zip/index.js')).toBeNull();
    expect(chunkOf('src/client/components/ToolOnly.tsx')).toBeNull();
  });
});

describe('startChunkGroups', () => {
  it('takes React and React Router out of the start chunk into chunks of their own, chosen before it', () => {
    const groups = startChunkGroups(client, ['root.tsx', 'routes/home.tsx'], entry);
    expect(groups.map((group) => group.name).slice(0, 2)).toEqual(['start-react', 'start-router']);
    const [react, router, rest] = groups as unknown as [{ test: RegExp; priority: number }, { test: RegExp; priority: number }, { priority: number }];
    for (const file of ['node_modules/react/index.js', 'node_modules/react-dom/client.js', 'node_modules/scheduler/index.js']) expect(react.test.test(at(file)), file).toBe(true);
    expect(react.test.test(at('node_modules/react-router/dist/production/index.mjs'))).toBe(false);
    expect(react.test.test(at('node_modules/react-hot-toast/dist/index.mjs'))).toBe(false);
    expect(router.test.test(at('node_modules/react-router/dist/production/chunk-Q34X6AWR.mjs'))).toBe(true);
    expect(router.test.test(at('node_modules/react-router-dom/index.js'))).toBe(false);
    // A module both would take goes to the higher priority first; the rest is the start chunk as before.
    expect(react.priority).toBeGreaterThan(router.priority);
    expect(router.priority).toBeGreaterThan(rest.priority);
    expect(typeof groups[2]!.name).toBe('function');
  });
});
