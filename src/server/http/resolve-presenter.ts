/**
 * A resolution as the resolve API answers it: signed links, encoded once. A cached RawResolution is the same object
 * on every memory-cache hit; its signed answer, and the compressed copies of it, are reused for a minute instead of
 * signing and compressing again per request (the links stay valid for hours). The route and the resolve lane share one.
 */
import type { Config } from '../config.ts';
import type { RawResolution } from '../extract/raw.ts';
import { presentResolution } from '../media/present.ts';
import { EncodedAnswer } from './encoded-answer.ts';

const PRESENTATION_REUSE_MS = 60_000;

export type ResolvePresenter = (raw: RawResolution) => EncodedAnswer;

export function createResolvePresenter(config: Config): ResolvePresenter {
  const presented = new WeakMap<RawResolution, { at: number; answer: EncodedAnswer }>();
  return (raw) => {
    const now = Date.now();
    const reuse = presented.get(raw);
    if (reuse && now - reuse.at < PRESENTATION_REUSE_MS) return reuse.answer;
    const answer = new EncodedAnswer(JSON.stringify(presentResolution(raw, { secret: config.media.secret })));
    presented.set(raw, { at: now, answer });
    return answer;
  };
}
