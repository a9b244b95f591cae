/** A wait counted down in whole seconds (a rate limit's Retry-After): for the batch's banner and the error under the box. */
import { useEffect, useState } from 'react';

/** Whole seconds from now until a time (ms since the epoch), never below 0; 0 without a time. */
export function secondsLeft(until: number | null | undefined, now: number): number {
  return until == null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** Seconds left until a time, ticking once a second while there are any (then it stops). */
export function useSecondsLeft(until: number | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until == null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return secondsLeft(until, now);
}
