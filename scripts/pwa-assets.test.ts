import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, textDirection } from '../src/shared/language-codes.ts';
import { TOOLS } from '../src/shared/tools.ts';
import { siteFacts, writeServiceWorker } from './pwa-assets.mjs';

describe('the service worker’s facts of the site', () => {
  const facts = siteFacts();

  it('are the languages (default first) and the six tool pages of the TypeScript tables', () => {
    expect(facts.languages).toEqual([...LANGUAGE_CODES]);
    expect(facts.toolPaths).toEqual(TOOLS.map((tool) => tool.path));
  });

  it('hold each language’s own offline strings and direction', () => {
    for (const lang of LANGUAGE_CODES) {
      const common = JSON.parse(readFileSync(`content/locales/${lang}/common.json`, 'utf8')) as { offline: Record<string, string> };
      expect(facts.offline[lang]).toEqual({ ...common.offline, dir: textDirection(lang) });
    }
  });

  it('are written into the worker, with no placeholder left', () => {
    const build = mkdtempSync(path.join(tmpdir(), 'gramsave-sw-'));
    try {
      mkdirSync(build, { recursive: true });
      writeFileSync(path.join(build, 'index.html'), '<link rel="stylesheet" href="/assets/root-abc.css"><script type="module" src="/assets/entry-abc.js"></script>');
      writeServiceWorker(build, 'scripts/service-worker.js');
      const code = readFileSync(path.join(build, 'sw.js'), 'utf8');
      expect(code).not.toMatch(/__VERSION__|\/\* (shell|languages|tool paths|offline) \*\//);
      expect(code).toContain(JSON.stringify(facts.toolPaths));
      expect(code).toContain('"/assets/root-abc.css"');
      expect(code).toContain(JSON.stringify(facts.offline.fr!.title));
      // It parses as a script.
      expect(() => new Function(code)).not.toThrow();
    } finally {
      rmSync(build, { recursive: true, force: true });
    }
  });
});
