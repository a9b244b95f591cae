/**
 * Run once, at the visitor's first sign of using the page — a pointer or touch going down, a key, focus moving
 * into it — rather than while the page starts. Code only a visitor who acts needs (the toast library) then
 * stays off the start-up's main thread, where a reader who never acts would pay for it. Returns a cancel.
 */
const SIGNS = ['pointerdown', 'touchstart', 'keydown', 'focusin'];

/** `also`: further events that count as a sign (a scroll, for what a reader reaches by scrolling). */
export function whenEngaged(run: () => void, target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window, also: readonly string[] = []): () => void {
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
