/**
 * React.lazy for a part that a reader who does nothing never needs working: static sections below the fold, the
 * footer. Its prerendered HTML stands (links work as plain links) and its code loads at the visitor's first sign
 * of use or a scroll — not while the page starts, where a reader who never acts would pay for it (issue 33's
 * 115 KB). Shown after the page has started (an in-app navigation), it loads at once. A part whose code cannot
 * load stays as it is (optionalLazy).
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { optionalLazy } from './optional-lazy.ts';
import { whenEngaged } from './when-engaged.ts';

let started = false;

/** Called once the page has hydrated: parts rendered from now on load at once. */
export function markStarted(): void {
  started = true;
}

/** Resolves at once on the server and after the page started; else at the first sign of use or scroll. */
export function untilUsed(): Promise<void> {
  if (typeof window === 'undefined' || started) return Promise.resolve();
  return new Promise((resolve) => whenEngaged(resolve, window, ['scroll']));
}

export function deferredLazy<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return optionalLazy(() => untilUsed().then(load));
}
