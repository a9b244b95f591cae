/** Where the browser tests' server keeps its SQLite database, so a test can read what the site stored. */
import { tmpdir } from 'node:os';
import path from 'node:path';

export function e2eDataDir(port: number): string {
  return path.join(tmpdir(), `gramsave-e2e-data-${port}`);
}
