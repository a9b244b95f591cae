// `npm start`: build first when the build is missing or stale, then run the server (one process: site + API), started
// with the server's environment (server-env.mjs): when this process did not start with it, the server runs as its
// child, in a process group of its own, so that a signal to this process's group (a terminal's Ctrl-C, a supervisor's
// stop) reaches it once, handed on from here; this process exits with its exit code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { currentStamp, savedStamp } from './build-stamp.mjs';
import { serverEnv, startedWithServerEnv } from './server-env.mjs';

const fresh = existsSync('build/client/index.html') && savedStamp() === currentStamp();
if (!fresh) {
  console.log(existsSync('build/client') ? 'The build is stale: rebuilding…' : 'No build yet: building…');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (startedWithServerEnv()) {
  await import('./serve.mjs');
} else {
  const server = spawn(process.execPath, [...process.execArgv, 'scripts/serve.mjs'], { stdio: 'inherit', env: serverEnv(), detached: true });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
