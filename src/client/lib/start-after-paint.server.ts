/**
 * The page's code is fetched once its first frame is painted (issue 37). React Router's <Scripts> writes a
 * modulepreload link per start module in the head and, at the end of the body, a module script that imports them:
 * the browser fetched about 100 KB of code beside the HTML's own bytes and before the first frame, which needs none
 * of it (every page is prerendered whole), and Lighthouse's simulated phone counted every byte of it before the
 * first paint (FCP and LCP about 2.4 s). This rewrites each prerendered page (entry.server.tsx, at build time): the
 * links go, the module script stays in the page but inert, and a small script of ours fetches the same modules and
 * runs it after the first frame, or at once in a hidden tab, which paints none.
 */

/** The inert copy of React Router's module script; the starter runs its text as a module. */
export const START_SCRIPT_ID = 'gramsave-start';

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;

/**
 * After the first frame: a rendering step runs the animation frame's callbacks, then paints; a task queued from
 * there runs after that paint. The links first, so that the modules the script imports in turn come in parallel.
 */
export function starterScript(hrefs: string[]): string {
  return `(function(d){var s=0;function go(){if(s)return;s=1;${JSON.stringify(hrefs)}.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});var m=d.createElement('script');m.type='module';m.textContent=d.getElementById('${START_SCRIPT_ID}').textContent;d.body.appendChild(m)}if(d.hidden)go();else{requestAnimationFrame(function(){setTimeout(go)});d.addEventListener('visibilitychange',go)}})(document)`;
}

export function startAfterPaint(html: string): string {
  const hrefs = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  const script = MODULE_SCRIPT.exec(html);
  // React Router's markup changed: fail the build rather than ship pages whose code never starts.
  if (!script || hrefs.length === 0) throw new Error('startAfterPaint: no modulepreload links or module script in the page');
  return html
    .replace(PRELOAD, '')
    .replace(MODULE_SCRIPT, () => `<script type="text/x-module" id="${START_SCRIPT_ID}">${script[1]}</script><script>${starterScript(hrefs)}</script>`);
}
