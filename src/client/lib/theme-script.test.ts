import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { THEME_KEY, THEME_SCRIPT } from './theme-script.ts';

/** Runs the head script in a page of its own: a saved choice (or none), the system's scheme, listeners kept. */
function page(saved: string | null, systemDark: boolean, storageThrows = false) {
  const listeners = new Map<string, () => void>();
  const store = new Map<string, string>(saved === null ? [] : [[THEME_KEY, saved]]);
  const query = { matches: systemDark, addEventListener: (_: string, run: () => void) => listeners.set('system', run) };
  const html = { dataset: {} as Record<string, string>, addEventListener: (type: string, run: () => void) => listeners.set(type, run) };
  runInNewContext(THEME_SCRIPT, {
    document: { documentElement: html },
    matchMedia: () => query,
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('denied');
        return store.get(key) ?? null;
      },
    },
    addEventListener: (type: string, run: () => void) => listeners.set(type, run),
  });
  return { html, store, query, listeners };
}

describe('the theme head script', () => {
  it('follows the system when nothing is saved, or storage is refused', () => {
    expect(page(null, true).html.dataset.theme).toBe('dark');
    expect(page(null, false).html.dataset.theme).toBe('light');
    expect(page('dark', false, true).html.dataset.theme).toBe('light');
    expect(page('purple', true).html.dataset.theme).toBe('dark');
  });
  it('applies a saved choice over the system', () => {
    expect(page('dark', false).html.dataset.theme).toBe('dark');
    expect(page('light', true).html.dataset.theme).toBe('light');
  });
  it('follows a system change while on "system", and the switch’s event', () => {
    const visit = page(null, false);
    visit.query.matches = true;
    visit.listeners.get('system')!();
    expect(visit.html.dataset.theme).toBe('dark');
    visit.store.set(THEME_KEY, 'light');
    visit.listeners.get('gramsave-theme')!();
    expect(visit.html.dataset.theme).toBe('light');
    visit.query.matches = false;
    visit.listeners.get('system')!();
    expect(visit.html.dataset.theme).toBe('light');
  });
  it('stays small: it is in every page', () => {
    expect(THEME_SCRIPT.length).toBeLessThan(400);
  });
});
