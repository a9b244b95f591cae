/** `npm run bench:lighthouse`: only the page figures of `npm run bench` (script sizes and Lighthouse), quicker. */
import { startServerChild } from './children.ts';
import { idleScriptRows } from './idle-scripts.ts';
import { CHROMIUM, lighthouseRows, scriptSizeRows } from './lighthouse.ts';
import { formatTable } from './table.ts';

const server = await startServerChild({ realBuild: true });
try {
  const rows = [...scriptSizeRows('build/client'), ...(await idleScriptRows(server.url, 'build/client', CHROMIUM)), ...(await lighthouseRows(server.url))];
  process.stdout.write(`${formatTable(rows)}\n`);
} finally {
  await server.stop();
}
