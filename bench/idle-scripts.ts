/**
 * Issue 24's weight figure: the JavaScript the home page fetches before the network is idle — its start chunks
 * and what it loads when idle — gzip -9 from the build files, with each file's share. A first visit with an
 * English browser (a detected language would leave the page), no clicks. Goal 115 KB since issue 33 (room for
 * the parts other work adds, which load only when used).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { row, type BenchRow } from './table.ts';

export async function idleScriptRows(origin: string, buildDir: string, chromePath: string): Promise<BenchRow[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ locale: 'en-US', serviceWorkers: 'block' });
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === new URL(origin).origin && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    // Lazy parts start after hydration, which can come after a first quiet half second: wait for a second one.
    await page.waitForTimeout(3000);
    await page.waitForLoadState('networkidle');
    const files = [...scripts].map((p) => ({ name: path.basename(p).replace(/-[\w-]{8}\.js$/, ''), bytes: gzipSync(readFileSync(path.join(buildDir, p)), { level: 9 }).length }));
    const total = files.reduce((sum, f) => sum + f.bytes, 0);
    const byFile = files.sort((a, b) => b.bytes - a.bytes).map((f) => `${f.name} ${(f.bytes / 1024).toFixed(1)}`).join(' · ');
    return [row('24', `home page JS before network idle, gzip (${files.length} files)`, total / 1024, 'KB', 'goal', 115, `${(total / 1024).toFixed(1)} KB; by file: ${byFile}`)];
  } finally {
    await browser.close();
  }
}
