/** Start and stop bench/server-child.ts processes. */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerChildMessage, ServerChildOptions } from './server-child.ts';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-child.ts');

export interface ServerChild {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** nodeArgs: extra Node flags for the child (e.g. --cpu-prof for bench/profile.ts). */
export async function startServerChild(options: ServerChildOptions = {}, nodeArgs: string[] = []): Promise<ServerChild> {
  const child = fork(CHILD, [JSON.stringify(options)], { execArgv: ['--import', 'tsx', ...nodeArgs], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<ServerChildMessage>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ServerChildMessage));
    child.once('exit', (code) => reject(new Error(`server child exited (${code})`)));
  });
  return {
    url: ready.url,
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
