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
}

const recorded = typeof window === 'undefined' ? undefined : (window as unknown as Record<string, EarlyUse | undefined>)[EARLY_USE_KEY];
recorded?.stop();

export const usedEarly = recorded?.used ?? false;
export const scrolledEarly = recorded?.scrolled ?? false;
export const earlyPresses: readonly Event[] = recorded?.presses ?? [];

/**
 * The recorder, inlined before the starter: the same signs as when-engaged.ts, a scroll, and the presses. Listening
 * from the first frame costs a visitor nothing: a few events, kept until the code runs.
 */
export const EARLY_USE_SCRIPT = `(function(w){var r=w.${EARLY_USE_KEY}={used:false,scrolled:false,presses:[]},T=['pointerdown','touchstart','keydown','focusin','click','scroll'];function k(e){if(e.type==='scroll')r.scrolled=true;else if(e.type!=='click')r.used=true;if(e.type==='click'||e.type==='keydown')r.presses.push(e)}T.forEach(function(t){w.addEventListener(t,k,{capture:true,passive:true})});r.stop=function(){T.forEach(function(t){w.removeEventListener(t,k,{capture:true,passive:true})})}})(window)`;
