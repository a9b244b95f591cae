/**
 * React.lazy for a part that a reader who does nothing never needs working: the header's menus, static sections
 * below the fold, the footer. Its prerendered HTML stands (links work as plain links) and its code loads at the
 * visitor's first sign of use or a scroll — not while the page starts, where a reader who never acts would pay
 * for it (issue 33's 115 KB). Once the visitor has acted (an in-app navigation needs a click or a key), a part
 * shown loads at once. A part whose code cannot load stays as it is (optionalLazy).
 *
 * A named part (rendered inside `data-deferred="name"`) also keeps what its buttons were asked while its code was
 * on its way — a click, or ArrowDown / ArrowUp, which open a menu — and plays it again once the part is there:
 * React plays no event into a part it has not hydrated, so the first press on a menu would be lost.
 */
import { createElement, useLayoutEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { optionalLazy } from './optional-lazy.ts';
import { whenEngaged } from './when-engaged.ts';

const READING = ['scroll'];
const REPLAYED_KEYS = new Set(['ArrowDown', 'ArrowUp']);
let engaged = typeof window === 'undefined';
const hydrated = new Set<string>();
/** A press held back: its button, and that button's place among its part's, to find it again if the part was redrawn. */
const missed = new Map<string, { target: HTMLElement; index: number; key?: string }>();

const buttonsOf = (part: string) => [...document.querySelectorAll<HTMLElement>(`[data-deferred="${part}"] button`)];

/**
 * First of every listener (window, capturing): a press on a button of a part not hydrated yet is held back from
 * React — which, hydrating the part at that instant, would drop it — and played again once the part is there.
 */
function keepMissed(event: Event): void {
  const target = (event.target as Element | null)?.closest?.<HTMLElement>('button');
  const part = target?.closest<HTMLElement>('[data-deferred]')?.dataset.deferred;
  if (!target || !part || hydrated.has(part)) return;
  const key = event instanceof KeyboardEvent ? event.key : undefined;
  if (key !== undefined && !REPLAYED_KEYS.has(key)) return;
  event.stopPropagation();
  if (key !== undefined) event.preventDefault();
  const index = buttonsOf(part).indexOf(target);
  missed.set(part, key === undefined ? { target, index } : { target, index, key });
}

if (!engaged) {
  whenEngaged(() => (engaged = true), window, READING);
  for (const type of ['click', 'keydown']) window.addEventListener(type, keepMissed, { capture: true });
}

/** Resolves at once on the server and once the visitor has acted; else at the first sign of use or scroll. */
export function untilUsed(): Promise<void> {
  if (engaged) return Promise.resolve();
  return new Promise((resolve) => whenEngaged(resolve, window, READING));
}

/** The part, which on its first commit (hydrated) plays again what its buttons missed. */
function replaying<P extends object>(part: string, Component: ComponentType<P>): ComponentType<P> {
  return function DeferredPart(props: P) {
    useLayoutEffect(() => {
      hydrated.add(part);
      const event = missed.get(part);
      missed.delete(part);
      if (!event) return;
      setTimeout(() => {
        // Drawn anew (its prerendered copy stood in until the code came: StandingPart): the same place's button.
        const target = event.target.isConnected ? event.target : buttonsOf(part)[event.index];
        if (!target) return;
        if (event.key) target.dispatchEvent(new KeyboardEvent('keydown', { key: event.key, bubbles: true, cancelable: true }));
        else target.click();
      });
    }, []);
    return createElement(Component, props);
  };
}

export function deferredLazy<P extends object>(load: () => Promise<ComponentType<P>>, part?: string): LazyExoticComponent<ComponentType<P>> {
  return optionalLazy(() =>
    untilUsed()
      .then(load)
      .then((Component) => (part ? replaying(part, Component) : Component)),
  );
}
