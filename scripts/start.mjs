// `npm start`: build first when the build is missing or stale, then run the server (one process: site + API).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { currentStamp, savedStamp } from './build-stamp.mjs';

const fresh = existsSync('build/client/index.html') && savedStamp() === currentStamp();
if (!fresh) {
  console.log(existsSync('build/client') ? 'The build is stale: rebuilding…' : 'No build yet: building…');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('./serve.mjs');
