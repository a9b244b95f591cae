/**
 * A part loaded lazily whose prerendered HTML stands until its code comes (lib/deferred-lazy.ts, optional-lazy.ts),
 * inside `data-deferred="name"`. Two things could drop that HTML before the code came, leaving the part's fallback,
 * nothing, so the part vanished and the page jumped: a parent's new render (a letter typed in the box) and a change
 * of a context above it (a move to #faq or #main: React cannot tell which contexts a part not yet hydrated reads).
 * The part is memoised with its boundary against the first; against the second its fallback is its own prerendered
 * HTML, read from the page before React hydrates it, so the part stands as it was, links working, until its code comes.
 */
import { memo, Suspense, useState, type ComponentType } from 'react';
import { deferredLazy } from '../lib/deferred-lazy.ts';

/** The prerendered HTML of a part, read once as the page hydrates (empty on the server, or for a part mounted later). */
function prerendered(name: string): string {
  return typeof document === 'undefined' ? '' : (document.querySelector(`[data-deferred="${name}"]`)?.innerHTML ?? '');
}

export function standingPart<P extends object>(Part: ComponentType<P>, name: string) {
  return memo(function StandingPart(props: P) {
    const [html] = useState(() => prerendered(name));
    return (
      <div data-deferred={name} className="contents">
        <Suspense fallback={html ? <div className="contents" dangerouslySetInnerHTML={{ __html: html }} /> : null}>
          <Part {...props} />
        </Suspense>
      </div>
    );
  });
}

/** A standing part whose code loads at the visitor's first sign of use or scroll (deferredLazy), under one name. */
export function deferredPart<P extends object>(load: () => Promise<ComponentType<P>>, name: string) {
  return standingPart(deferredLazy(load, name), name);
}
