/**
 * axe for every browser test, one way: the page is judged once its animations have finished, as a reader sees it
 * (a toast still fading in or out has a blended colour that axe reads as low contrast; CI saw it on a loaded machine),
 * with any toast held still for the pass. Endless animations (a spinner) are not waited for.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** Which violations a test fails on. */
export const SERIOUS = (v: Violation) => v.impact === 'serious' || v.impact === 'critical';
export const ANY = () => true;
export const SERIOUS_OR_CONTRAST = (v: Violation) => v.id === 'color-contrast' || SERIOUS(v);

/**
 * No animation running (endless ones aside), and every toast fully opaque: a toast fading in or out is at part
 * opacity, which axe reads as low contrast, and one that has faded out stays in the page at 0 until it is removed.
 */
const TOASTS = '[data-rht-toaster] [role="status"], [data-rht-toaster] [role="alert"]';
const settled = (toastSelector: string) => {
  const opaque = (el: Element | null): boolean => !el || el === document.body || (getComputedStyle(el).opacity === '1' && opaque(el.parentElement));
  const toasts = [...document.querySelectorAll(toastSelector)];
  return toasts.every(opaque) && document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
};

export async function axeViolations(page: Page, keep: (v: Violation) => boolean = ANY): Promise<string[]> {
  // Settled twice, half a second apart: a toast that arrives just after the first look (its library loads lazily)
  // is caught fading in by the second. A toast on screen is held there by the pointer resting on it (the library
  // pauses its toasts while hovered), so it cannot start fading out during a pass that takes seconds.
  const toasts = page.locator(TOASTS);
  for (let tries = 0; tries < 10; tries++) {
    await page.waitForFunction(settled, TOASTS);
    if (await toasts.count()) await toasts.first().hover({ timeout: 2000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    if (await page.evaluate(settled, TOASTS)) break;
  }
  // Only violations are read: axe then keeps one node per passed or inapplicable rule instead of every node, which is
  // most of a pass's time on a page with results.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  // The pointer leaves, and the toasts' time runs again.
  await page.mouse.move(0, 0);
  return results.violations
    .filter(keep)
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`.trim()).join(' | ')}`);
}
