import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, pageCsp, readSiteIndex } from './page-index.ts';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('per-page Content-Security-Policy', () => {
  const html = '<html><head><script>window.a=1</script><script type="module" src="/assets/x.js"></script></head><body><script type="module">import "/assets/y.js";</script></body></html>';

  it('hashes every inline script and none with a src', () => {
    expect(inlineScriptHashes(html)).toEqual([sha('window.a=1'), sha('import "/assets/y.js";')]);
  });

  it("never allows 'unsafe-inline' scripts and forbids framing", () => {
    const csp = pageCsp(html);
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).toContain(sha('window.a=1'));
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('googlesyndication');
  });

  it('allows the ad network only when ads are configured', () => {
    expect(pageCsp(html, { ads: true })).toContain('https://pagead2.googlesyndication.com');
  });

  it('indexes pages by URL path and other files separately', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-'));
    mkdirSync(path.join(dir, 'fr', 'contact'), { recursive: true });
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), html);
    writeFileSync(path.join(dir, 'fr', 'contact', 'index.html'), '<html></html>');
    writeFileSync(path.join(dir, 'assets', 'a.js'), '');
    const site = readSiteIndex(dir);
    expect([...site.pages.keys()].sort()).toEqual(['/', '/fr/contact']);
    expect([...site.files]).toEqual(['/assets/a.js']);
  });
});
