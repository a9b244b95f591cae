/**
 * What the visitor did before the page's code ran. The code comes after the first paint (start-after-paint.server.ts),
 * so a visitor can press a menu button or scroll before any listener of ours exists: the start script records it
 * until this module runs (with the start's code), which stops it and keeps what it saw for whenEngaged (a sign of use)
 * and deferred-lazy.ts (a press to play again once its part is there).
 */
export const EARLY_USE_KEY = '__gramsaveEarlyUse';

interface EarlyUse {
  /** A sign of use (when-engaged.ts's SIGNS) came. */
  used: boolean;
  scrolled: boolean;
  /** Clicks and key presses, in order. */
  presses: Event[];
  stop(): void;
  /** Link forms the visitor sent before their code was there, held back from the browser's own submit. */
  held: HTMLFormElement[];
  /** The link form's code is there: submits are its own again. */
  release(): void;
}

const recorded = typeof window === 'undefined' ? undefined : (window as unknown as Record<string, EarlyUse | undefined>)[EARLY_USE_KEY];
recorded?.stop();

export const usedEarly = recorded?.used ?? false;
export const scrolledEarly = recorded?.scrolled ?? false;
export const earlyPresses: readonly Event[] = recorded?.presses ?? [];

/**
 * Whether the visitor sent this link form before its code was there (called once it is: the submits are its own from
 * then on). The browser's own submit would have reloaded the page with ?url= holding the box's text whole.
 */
export function takeEarlySubmit(form: HTMLFormElement): boolean {
  if (!recorded) return false;
  recorded.release();
  const held = recorded.held.includes(form);
  recorded.held = [];
  return held;
}

/**
 * The recorder, inlined before the starter: the same signs as when-engaged.ts, a scroll, and the presses, kept until
 * the code runs; and a link form's submit (the box's [name=url]), held until the form's code is there. Should that
 * code not come within 10 s, the held form is sent as the browser would have (the page without script still works).
 */
export const EARLY_USE_SCRIPT = `(function(w){var r=w.${EARLY_USE_KEY}={used:false,scrolled:false,presses:[],held:[]},T=['pointerdown','touchstart','keydown','focusin','click','scroll'],o={capture:true,passive:true};function k(e){if(e.type==='scroll')r.scrolled=true;else if(e.type!=='click')r.used=true;if(e.type==='click'||e.type==='keydown')r.presses.push(e)}function s(e){var f=e.target;if(!f.querySelector||!f.querySelector('[name=url]'))return;e.preventDefault();if(r.held.indexOf(f)<0)r.held.push(f);setTimeout(function(){if(r.held.indexOf(f)>=0){r.release();HTMLFormElement.prototype.submit.call(f)}},10000)}T.forEach(function(t){w.addEventListener(t,k,o)});w.addEventListener('submit',s,true);r.stop=function(){T.forEach(function(t){w.removeEventListener(t,k,o)})};r.release=function(){w.removeEventListener('submit',s,true)}})(window)`;
