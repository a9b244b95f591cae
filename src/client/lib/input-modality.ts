/**
 * Whether the visitor's last input was the keyboard or a pointer (mouse, pen, touch). A focus the page moves on its
 * own (to the results after a lookup) shows its ring to keyboard users only: browsers draw a script's focus ring
 * after a tap as well (issue 33). Listens from the downloader's start, in the capture phase, passively.
 */
let byKeyboard = false;
let listening = false;

export function watchInputModality(target: Pick<EventTarget, 'addEventListener'> = window): void {
  if (listening) return;
  listening = true;
  target.addEventListener('keydown', () => (byKeyboard = true), { capture: true, passive: true });
  target.addEventListener('pointerdown', () => (byKeyboard = false), { capture: true, passive: true });
}

/** Props for an element the page focuses by script: no ring after a pointer (app.css, [data-pointer-focus]). */
export function scriptFocusProps(): { 'data-pointer-focus'?: '' } {
  return byKeyboard ? {} : { 'data-pointer-focus': '' };
}
