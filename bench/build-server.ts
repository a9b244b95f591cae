/**
 * One worktree's app serving its own production build (bench/server-child.ts in that worktree, `npm run build` run
 * there first), for the benchmarks that compare two builds side by side.
 */
import { fork } from 'node:child_process';
import path from 'node:path';

export async function serveBuild(tree: string) {
  const child = fork(path.join(tree, 'bench/server-child.ts'), [JSON.stringify({ realBuild: true })], { cwd: tree, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`${tree}: server exited (${code})`)));
  });
  return { url, stop: () => new Promise((resolve) => (child.once('exit', resolve), child.send('stop'))) };
}
