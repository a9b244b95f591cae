/** What the image tests do with a running container: its environment flags, its logs, waiting until it is ready. */
import { run } from './engine.ts';

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
    const status = await fetch(`${base}/readyz`).then((res) => res.status, () => 0);
    if (status === 200) return;
    const state = run(['inspect', '--format', '{{.State.Status}}', container], { allowFailure: true }).stdout.trim();
    if (state !== 'running' || Date.now() > deadline) {
      throw new Error(`${container} is not ready on ${base} (${state}, /readyz ${status}):\n${logsOf(container).slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
