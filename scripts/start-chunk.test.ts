import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChunkName } from './start-chunk.ts';

const client = path.resolve('/project/src/client');
const at = (file: string) => path.join('/project', file);
const entry = at('node_modules/@react-router/dev/entry.client.tsx');

// entry → react-dom → react, scheduler; root → SiteShell → shared/routes; home → Faq → Spinner; Faq imports react (a package); the
// lookup flow is only imported dynamically (not in importedIds) and imports a package of its own; the tool route
// is another route.
const imports: Record<string, string[]> = {
  [entry]: [at('node_modules/react-dom/client.js')],
  [at('node_modules/react-dom/client.js')]: [at('node_modules/react/index.js'), at('node_modules/scheduler/index.js')],
  [at('src/client/root.tsx')]: [at('src/client/components/SiteShell.tsx'), at('node_modules/react/index.js')],
  [at('src/client/components/SiteShell.tsx')]: [at('src/shared/routes.ts')],
  [at('src/client/routes/home.tsx')]: [at('src/client/components/Faq.tsx')],
  [at('src/client/components/Faq.tsx')]: [at('src/client/components/Spinner.tsx'), at('node_modules/react/index.js')],
  [at('src/client/lib/lookup-flow.ts')]: [at('node_modules/zip/index.js')],
  [at('src/client/routes/tool.tsx')]: [at('src/client/components/ToolOnly.tsx')],
};
const graph = { getModuleInfo: (id: string) => ({ importedIds: imports[id] ?? [] }) };

describe('startChunkName', () => {
  it('puts the modules the entry and the start routes import statically in two chunks, React DOM apart, and nothing else', () => {
    const name = startChunkName(client, ['root.tsx', 'routes/home.tsx'], entry);
    const chunkOf = (file: string) => name(at(file), graph);
    expect(chunkOf('src/client/components/SiteShell.tsx')).toBe('start');
    expect(chunkOf('src/shared/routes.ts')).toBe('start');
    expect(chunkOf('src/client/components/Faq.tsx')).toBe('start');
    expect(chunkOf('src/client/components/Spinner.tsx')).toBe('start');
    expect(chunkOf('node_modules/react/index.js')).toBe('start');
    expect(chunkOf('node_modules/react-dom/client.js')).toBe('react-dom');
    expect(chunkOf('node_modules/scheduler/index.js')).toBe('react-dom');
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
