/** Start and stop bench child processes: the app (server-child.ts) and the bare node:http floor (bare-http-child.ts). */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerChildOptions } from './server-child.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ServerChild {
  url: string;
  /** The app's private metrics listener, when the child says it. */
  metricsUrl?: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** A child script that sends `{ type: 'ready', url }` once it listens, and exits on any message; worktree: run another checkout's copy. */
export async function startChildScript(script: string, args: string[], nodeArgs: string[] = [], worktree?: string): Promise<ServerChild> {
  const child = fork(worktree ? path.join(worktree, 'bench', script) : path.join(here, script), args, {
    ...(worktree ? { cwd: worktree } : {}),
    execArgv: ['--import', 'tsx', ...nodeArgs],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ url: string; metricsUrl?: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string; metricsUrl?: string }));
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
  });
  return {
    url: ready.url,
    ...(ready.metricsUrl ? { metricsUrl: ready.metricsUrl } : {}),
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * nodeArgs: extra Node flags for the child (e.g. --cpu-prof for bench/profile.ts). worktree: another checkout's app
 * (its own code, its node_modules linked), for a before/after in the same rounds.
 */
export function startServerChild(options: ServerChildOptions = {}, nodeArgs: string[] = [], worktree?: string): Promise<ServerChild> {
  return startChildScript('server-child.ts', [JSON.stringify(options)], nodeArgs, worktree);
}
