import { describe, expect, it } from 'vitest';
import { whenEngaged } from './when-engaged.ts';

describe('whenEngaged', () => {
  it('runs once, at the first sign of use, whichever comes first', () => {
    for (const sign of ['pointerdown', 'touchstart', 'keydown', 'focusin']) {
      const page = new EventTarget();
      let runs = 0;
      whenEngaged(() => runs++, page);
      page.dispatchEvent(new Event('scroll'));
      expect(runs).toBe(0);
      page.dispatchEvent(new Event(sign));
      page.dispatchEvent(new Event('keydown'));
      page.dispatchEvent(new Event(sign));
      expect(runs).toBe(1);
    }
  });

  it('never runs once cancelled', () => {
    const page = new EventTarget();
    let runs = 0;
    const cancel = whenEngaged(() => runs++, page);
    cancel();
    page.dispatchEvent(new Event('pointerdown'));
    expect(runs).toBe(0);
  });
});
