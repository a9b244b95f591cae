/** `npx tsx bench/idle-scripts-only.ts`: only the home page's JavaScript before network idle (needs a build). */
import { startServerChild } from './children.ts';
import { idleScriptRows } from './idle-scripts.ts';
import { CHROMIUM } from './lighthouse.ts';
import { formatTable } from './table.ts';

const server = await startServerChild({ realBuild: true });
try {
  process.stdout.write(`${formatTable(await idleScriptRows(server.url, 'build/client', CHROMIUM))}\n`);
} finally {
  await server.stop();
}
