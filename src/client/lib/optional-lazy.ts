/**
 * React.lazy for a part the page can do without (tool tabs, footer, recent lookups…): when its
 * code cannot load — the connection dropped right after the page came, or a new deploy removed the old chunk —
 * the part waits for ever instead of the failed import throwing into the page's error screen. Waiting, not
 * rendering nothing: a part that came prerendered keeps its HTML (its links still work as plain links), and one
 * mounted later shows its Suspense fallback.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export function optionalLazy<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (err: unknown) => {
        console.warn('a part of the page could not load and is left as it is', err);
        return new Promise<never>(() => undefined);
      },
    ),
  );
}
