/** `npm run bench:lighthouse`: only the page figures of `npm run bench` (script sizes and Lighthouse), quicker. */
import { startServerChild } from './children.ts';
import { lighthouseRows, scriptSizeRows } from './lighthouse.ts';
import { formatTable } from './table.ts';

const server = await startServerChild({ realBuild: true });
try {
  const rows = [...scriptSizeRows('build/client'), ...(await lighthouseRows(server.url))];
  process.stdout.write(`${formatTable(rows)}\n`);
} finally {
  await server.stop();
}
