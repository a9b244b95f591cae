/** What the image tests do with a running container: its environment flags, its logs, waiting until it is ready. */
import { Agent, fetch } from 'undici';
import { run } from './engine.ts';

/**
 * Requests to the containers, each on a connection of its own. With keep-alive, a connection left idle while
 * `podman healthcheck run` or `podman exec` held this process (spawnSync: no timer runs) past the server's 10 s
 * keep-alive is reused just as the server closes it, and the request fails ("fetch failed": the compose test did
 * so at 11.3 s and 12.5 s on a busy machine).
 */
const connectionPerRequest = new Agent({ pipelining: 0 });
export const fetchFresh = (url: string, init: Parameters<typeof fetch>[1] = {}) => fetch(url, { ...init, dispatcher: connectionPerRequest });

export function envArgs(env: Record<string, string>): string[] {
  return Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
}

export function logsOf(container: string): string {
  const result = run(['logs', container], { allowFailure: true });
  return `${result.stdout}${result.stderr}`;
}

/** Until `base`/readyz answers 200; the container's logs in the error when it stops or the deadline passes. */
export async function waitForReady(container: string, base: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetchFresh(`${base}/readyz`).then((res) => res.status, () => 0);
    if (status === 200) return;
    const state = run(['inspect', '--format', '{{.State.Status}}', container], { allowFailure: true }).stdout.trim();
    if (state !== 'running' || Date.now() > deadline) {
      throw new Error(`${container} is not ready on ${base} (${state}, /readyz ${status}):\n${logsOf(container).slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
