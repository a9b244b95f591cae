/**
 * Run once, at the visitor's first sign of using the page — a pointer or touch going down, a key, focus moving
 * into it — rather than while the page starts. Code only a visitor who acts needs (the toast library) then
 * stays off the start-up's main thread, where a reader who never acts would pay for it. Returns a cancel.
 */
import { scrolledEarly, usedEarly } from './early-use.ts';

const SIGNS = ['pointerdown', 'touchstart', 'keydown', 'focusin'];

/** `also`: further events that count as a sign (a scroll, for what a reader reaches by scrolling). */
export function whenEngaged(run: () => void, target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window, also: readonly string[] = []): () => void {
  // Used before the code ran (early-use.ts): now, in a task of its own, as a sign would have come.
  if (typeof window !== 'undefined' && target === window && (usedEarly || (scrolledEarly && also.includes('scroll')))) {
    const timer = setTimeout(run);
    return () => clearTimeout(timer);
  }
  const signs = [...SIGNS, ...also];
  const stop = () => {
    for (const sign of signs) target.removeEventListener(sign, fire, { capture: true });
  };
  function fire() {
    stop();
    run();
  }
  for (const sign of signs) target.addEventListener(sign, fire, { capture: true, passive: true });
  return stop;
}
