import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../server/http/page-index.ts';
import { START_SCRIPT_ID, startAfterPaint } from './start-after-paint.server.ts';

// The shape React Router 7's <Scripts> writes into a prerendered page.
const MODULE_BODY = 'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-1.js");';
const PAGE =
  '<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/start-1.js"/><style>p{}</style></head>' +
  `<body><main>text</main><script>window.__reactRouterContext = {};</script><script type="module" async="">${MODULE_BODY}</script><script>enqueue("data")</script></body></html>`;

describe('startAfterPaint', () => {
  const page = startAfterPaint(PAGE);

  it('takes the modulepreload links out of the page and leaves no module script to run on parse', () => {
    expect(page).not.toContain('modulepreload"');
    expect(page).not.toContain('type="module"');
    expect(page.startsWith('<html><head><style>')).toBe(true);
  });

  it('keeps React Router’s module script whole but inert, and the starter runs its text with the same links', () => {
    expect(page).toContain(`<script type="text/x-module" id="${START_SCRIPT_ID}">${MODULE_BODY}</script>`);
    const starter = /<script>(\(function\(d\)[\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(starter).toContain('["/assets/manifest-1.js","/assets/entry.client-1.js","/assets/start-1.js"]');
    expect(starter).toContain('requestAnimationFrame(function(){setTimeout(go)})');
    // A hidden tab paints no frame: it starts at once there.
    expect(starter).toContain('if(d.hidden)go()');
    // Everything after it (the page data's scripts) stays where it was.
    expect(page.endsWith('<script>enqueue("data")</script></body></html>')).toBe(true);
  });

  it('lets the page’s CSP allow the module script the starter makes: the same text as the inert one, whose hash it lists', () => {
    const hash = `'sha256-${createHash('sha256').update(MODULE_BODY).digest('base64')}'`;
    expect(inlineScriptHashes(page)).toContain(hash);
  });

  it('fails the build when React Router writes something else, rather than ship pages whose code never starts', () => {
    expect(() => startAfterPaint('<html><body><main>text</main></body></html>')).toThrow(/no modulepreload links or module script/);
  });
});
