/**
 * The lookups' fetch: it sends the token of a solved challenge while it lasts, and when the server answers 429
 * `challenge_required` it earns one (earn-token.ts, loaded only then: never in the page's start chunks), says so to
 * whoever listens (the page shows a status), and sends the request again by itself, once. Concurrent lookups (a
 * batch) share one solve. When the challenge cannot be solved, the server's 429 stands.
 */
export interface ChallengeToken {
  token: string;
  /** Epoch seconds. */
  exp: number;
}

let held: ChallengeToken | undefined;
let earning: Promise<void> | undefined;
const listeners = new Set<(solving: boolean) => void>();

/** `listener(true)` when a solve starts, `listener(false)` when it ends; returns the unsubscribe. */
export function whenSolving(listener: (solving: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function withToken(init: RequestInit | undefined): RequestInit | undefined {
  // A token about to end is left out: a 429 then earns a fresh one instead of a lookup failing on the way.
  if (!held || held.exp * 1000 < Date.now() + 5000) return init;
  const headers = new Headers(init?.headers);
  headers.set('authorization', `Bearer ${held.token}`);
  return { ...init, headers };
}

function earn(): Promise<void> {
  earning ??= (async () => {
    listeners.forEach((l) => l(true));
    try {
      const { earnToken } = await import('./earn-token.ts');
      held = await earnToken();
    } finally {
      listeners.forEach((l) => l(false));
      earning = undefined;
    }
  })();
  return earning;
}

async function asksForChallenge(response: Response): Promise<boolean> {
  if (response.status !== 429) return false;
  const body = (await response.clone().json().catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
  return body?.error?.code === 'challenge_required';
}

export const lookupFetch: typeof fetch = async (input, init) => {
  const first = await fetch(input, withToken(init));
  if (!(await asksForChallenge(first))) return first;
  try {
    await earn();
  } catch (err) {
    console.warn('the challenge could not be solved', err);
    return first;
  }
  return fetch(input, withToken(init));
};
