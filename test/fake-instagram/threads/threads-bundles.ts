/**
 * Threads' script bundles on the static origin (threads.com loads them from static.cdninstagram.com, the origin
 * IG_STATIC_ORIGIN names): the Relay operation module of `BarcelonaPostPageDirectQuery` holds its doc id, as
 * `__d("BarcelonaPostPageDirectQuery_threadsRelayOperation",[],(function(t,n,r,o,a,i){a.exports="…"}),null)`
 * (the shape seen in public Threads clients' bundle readers, 2026-11-27), among ordinary modules.
 */
import type { FakeContext } from '../context.ts';

export const THREADS_BUNDLES = ['BarcelonaApp', 'BarcelonaRelay'] as const;

export function threadsBundleTags(ctx: FakeContext): string {
  return THREADS_BUNDLES.map((name) => `<script src="${ctx.staticOrigin}/rsrc.php/v3/y4/r/${name}.js" async="1" crossorigin="anonymous"></script>`).join('');
}

function filler(seed: string, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += `__d("Barcelona${seed}${i}",["react"],(function(t,n,r,o,a,i){"use strict";a.exports=function(e){return n("react").jsx("div",{children:e.text})}}),98);\n`;
  return out;
}

/** A Threads bundle's text, or undefined when the name is not one of Threads'. */
export function threadsBundle(ctx: FakeContext, name: string): string | undefined {
  if (name === 'BarcelonaApp') return filler('App', 300);
  if (name !== 'BarcelonaRelay') return undefined;
  const operation = `__d("BarcelonaPostPageDirectQuery_threadsRelayOperation",[],(function(t,n,r,o,a,i){a.exports="${ctx.switches.threadsDocId}"}),null);\n`;
  return filler('Relay', 200) + operation + filler('Tail', 100);
}
