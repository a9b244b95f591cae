import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESULTS_LAYOUTS } from './results-layouts.ts';
import { HOME_FORM, TOOLS, formById } from './tools.ts';

const en = JSON.parse(readFileSync(new URL('../../content/locales/en/common.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;

describe('tools table', () => {
  it('gives every form a layout and message keys that exist in English', () => {
    for (const form of [HOME_FORM, ...TOOLS]) {
      expect(RESULTS_LAYOUTS[form.layout], form.id).toBeDefined();
      const [ns, name] = form.messages.failed.split('.') as [string, string];
      expect(en[ns]?.[name], form.messages.failed).toEqual(expect.any(String));
      const [rns, rname] = form.messages.ready.split('.') as [string, string];
      const ready = form.messages.readyCounts ? en[rns]?.[`${rname}_other`] : en[rns]?.[rname];
      expect(ready, form.messages.ready).toEqual(expect.any(String));
    }
  });

  it('keeps the spec differences as data', () => {
    expect(formById('home')).toBe(HOME_FORM);
    expect(formById('profile').input).toBe('username');
    expect(TOOLS.filter((t) => t.debugLog).map((t) => t.id)).toEqual(['story']);
    expect(RESULTS_LAYOUTS[formById('video').layout].columns).toBe('oneToThree');
    expect(RESULTS_LAYOUTS[formById('reels').layout].originalPostCard).toBe(true);
    expect(RESULTS_LAYOUTS[formById('home').layout].wideFirstOfThree).toBe(true);
  });
});
